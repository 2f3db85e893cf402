"""Where a failure's rerun line starts: the folder the check ran in and what its shell had.

A check may find its engine through what a plain shell lacks: an adapter module imported from
the working folder (``python -m``, ``PYTHONPATH=.``), a path in ``--cmd`` or ``--profile``
relative to that folder, a variable the engine reads (``PYSOLFC_DIR``, the JavaScript example's
``PYRAMIDE_JS_BUG``). A rerun line without them fails, or worse reruns an engine that no
longer breaks the rule, so it carries them: ``cd FOLDER && PYTHONPATH=. NAME=value pyramide
check ...``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

ENGINE_VARIABLE = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
"""How an engine's file names a variable it reads: capitals with an underscore
(``PYSOLFC_DIR``), which a shell's own (``PATH``, ``HOME``) are not."""
INSTALLED = tuple({Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()})
"""Where a module every interpreter of this environment finds lives (site-packages, the
standard library)."""


def rerun_prefix(impl: str | None, cmd: str | None) -> str:
    """``cd FOLDER && `` and the variables to set before ``pyramide check``, as shell text."""
    folder = Path.cwd()
    variables = {**python_path(impl, folder), **engine_variables(impl, cmd)}
    settings = "".join(f"{name}={shlex.quote(value)} " for name, value in variables.items())
    return f"cd {shlex.quote(str(folder))} && {settings}"


def python_path(impl: str | None, folder: Path) -> dict[str, str]:
    """``PYTHONPATH``: the check's own, with the folder an in-process adapter was imported from
    first when a plain interpreter would not find it (relative to ``folder`` when inside it)."""
    entries = [entry for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry]
    root = adapter_root(impl)
    if root is not None:
        entries.insert(0, str(root.relative_to(folder) if root.is_relative_to(folder) else root))
    unique = list(dict.fromkeys(entries))
    return {"PYTHONPATH": os.pathsep.join(unique)} if unique else {}


def adapter_root(impl: str | None) -> Path | None:
    """The folder ``impl``'s top package was imported from, unless every interpreter of this
    environment finds it: installed, or the suite's own package."""
    module_name = (impl or "").partition(":")[0]
    file = getattr(sys.modules.get(module_name), "__file__", None)
    if file is None or module_name.split(".")[0] == "pyramide":
        return None
    path = Path(file).resolve()
    if any(path.is_relative_to(place) for place in INSTALLED):
        return None
    depth = module_name.count(".") + (path.name == "__init__.py")
    return path.parents[depth]


def engine_variables(impl: str | None, cmd: str | None) -> dict[str, str]:
    """The variables set for the check that the engine's own files name (its adapter module,
    the scripts its command runs), with their values."""
    names: set[str] = set()
    for file in engine_files(impl, cmd):
        names.update(ENGINE_VARIABLE.findall(file))
    return {name: os.environ[name] for name in sorted(names - {"PYTHONPATH"}) if name in os.environ}


def engine_files(impl: str | None, cmd: str | None) -> Iterator[str]:
    """The text of the engine's own files: an in-process adapter's module, or the words of
    ``cmd`` that name a file (a program's binary aside)."""
    module_file = getattr(sys.modules.get((impl or "").partition(":")[0]), "__file__", None)
    paths = [Path(word) for word in shlex.split(cmd or "")]
    for path in [Path(module_file)] if module_file else paths:
        data = path.read_bytes() if path.is_file() else b""
        if data and b"\0" not in data:
            yield data.decode("utf-8", errors="replace")


def program() -> str:
    """How a plain shell runs this environment's ``pyramide``: by its name where that name
    finds it, else by its path (a virtual environment nobody activated, ``.venv/bin/pyramide``,
    as the README's first command runs it)."""
    script = Path(sys.prefix) / "bin" / "pyramide"
    found = shutil.which("pyramide")
    if not script.exists() or (found is not None and Path(found).resolve() == script.resolve()):
        return "pyramide"
    return str(script)
