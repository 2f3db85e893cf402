"""An HTML report read back as a tree, with the standard library's parser, so that the tests
check its structure (which step is marked, what a failure's article holds) rather than
substrings that could sit anywhere on the page. The builder is strict: an end tag that closes
no open element, or an element left open, is an error, as a broken page would be."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"meta", "br", "hr", "img", "input", "link", "wbr"})
"""Elements HTML writes without an end tag."""


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        """The text inside, as a reader sees it (markup gone, entities decoded)."""
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def walk(self) -> Iterator[Element]:
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.walk()

    def all(self, tag: str, cls: str | None = None) -> list[Element]:
        """Every element below of that tag (and class)."""
        return [e for e in self.walk() if e.tag == tag and (cls is None or cls in e.classes)]

    def one(self, tag: str, cls: str | None = None) -> Element:
        (found,) = self.all(tag, cls)
        return found


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open[-1].tag != tag:
            raise ValueError(f"</{tag}> closes <{self.open[-1].tag}>")
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse(text: str) -> Element:
    """The page as a tree; ValueError if its elements do not nest."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    if len(builder.open) > 1:
        raise ValueError(f"<{builder.open[-1].tag}> is never closed")
    return builder.root
