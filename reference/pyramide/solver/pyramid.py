"""The pyramid's cards as bit masks: the facts about a deal's pyramid that every search and
every bound reads (which places are free, which cards pair, who could take a talon card away).

Both searches (:mod:`.exact`, :mod:`.variant`) keep a pyramid as one number, a bit a place;
the tables here turn the profile's geometry (the pyramid, or the Triangle's inverted rows) and
deck (13 to pair with the French deck, 12 with the Spanish one) into masks once, so that
nothing downstream depends on the shape beyond "a card is free once the places on it are
empty", nor on the deck beyond "two ranks pair when they add up to the target, the top rank
goes alone".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import Card
from ..layout import PYRAMID_SIZE, Geometry
from ..profiles import Profile


@dataclass(frozen=True)
class GeometryTables:
    """A geometry's places as bit masks, for searches that keep a pyramid as one number."""

    cover_masks: tuple[int, ...]
    """For each place, the places of the next row that lie on it."""
    cones: tuple[int, ...]
    """For each place, every place that lies on it directly or not (it is free once they are
    gone)."""
    under: tuple[int, ...]
    """For each place, every place it lies on directly or not."""
    direct: tuple[int, ...]
    """For each place, the places touching it in the rows just below and just above."""


@cache
def geometry_tables(geometry: Geometry) -> GeometryTables:
    """The masks of ``geometry`` (the pyramid's or the Triangle's), built once per shape."""
    size, covered_by = geometry.size, geometry.covered_by
    cover_masks = tuple(sum(1 << j for j in covered_by[i]) for i in range(size))
    cones = [0] * size
    # a card lies on places of the next row, later in reading order: from the last place back,
    # every cone a card lies on is built before its own
    for i in reversed(range(size)):
        for j in covered_by[i]:
            cones[i] |= 1 << j | cones[j]
    under = tuple(sum(1 << j for j in range(size) if cones[j] >> i & 1) for i in range(size))
    direct = tuple(
        cover_masks[i] | sum(1 << j for j in range(size) if i in covered_by[j]) for i in range(size)
    )
    return GeometryTables(cover_masks, tuple(cones), under, direct)


_UNLIMITED = 99
"""A number of partners no talon ever runs short of (see
:meth:`~pyramide.solver.sequence.SequencePositions._partner_supply`)."""


class PyramidCards:
    """One deal's pyramid under one profile's geometry and deck, as masks: its ranks, the places
    of each rank, which cards can never be free together, and the free cards of a pyramid.

    The talon enters only as how many cards of each rank are left (a *talon key*, 3 bits a rank:
    ``sum(1 << 3 * rank)``), whatever piles they lie in, so that the bounds built on this class
    (:class:`~pyramide.solver.bounds.PyramidBounds`) serve the one-sequence search and the
    variant search alike. ``talon_meets`` says whether two talon cards may ever leave together
    (which the strict win's balance needs to know).

    Ranks pair when they add up to the deck's target (13, or 12 with the Spanish deck); the top
    rank (King, rey) goes alone. With an even target one rank pairs with itself (the Spanish
    6s): the pairs of ranks are then "classes" of one rank, which the matchings of the bounds
    handle apart. Everything derived from a mask is cached, as searches meet the same pyramids
    again and again.
    """

    def __init__(self, profile: Profile, pyramid: Sequence[Card | None], talon_meets: bool) -> None:
        geometry = profile.geometry
        if geometry.size != PYRAMID_SIZE:
            raise ValueError(f"the solver packs {PYRAMID_SIZE} places, not {geometry.size}")
        deck = profile.deck_cards
        self.profile = profile
        self.king = deck.top_rank
        """The rank that goes alone (13 French, 12 Spanish)."""
        self.pair_total = deck.target
        """What two ranks that pair add up to."""
        self.classes = tuple(
            (low, self.pair_total - low) for low in range(1, self.pair_total // 2 + 1)
        )
        """The pairs of ranks that pair, (low, high), low first; (6, 6) for the Spanish deck."""
        self.talon_meets = talon_meets
        tables = geometry_tables(geometry)
        self.cover_masks = tables.cover_masks
        self.under = tables.under
        self.pyramid_cards: list[Card | None] = list(pyramid)
        self.ranks = [card.rank if card else 0 for card in self.pyramid_cards]
        self.rank_masks = [0] * (self.king + 1)
        for i, rank in enumerate(self.ranks):
            self.rank_masks[rank] |= 1 << i
        covering = profile.pairs_with_covering_card
        self.out_of_reach = [
            (tables.cones[i] | tables.under[i]) & ~(tables.direct[i] if covering else 0)
            for i in range(PYRAMID_SIZE)
        ]
        """For each place, the places whose card can never be free at the same time as it."""
        self._free_cache: dict[int, tuple[int, ...]] = {}
        self._counts_cache: dict[int, tuple[int, ...]] = {}
        self._partners_cache: dict[int, int] = {}
        self._lonely_cache: dict[int, int] = {}

    def free(self, pyramid: int) -> tuple[int, ...]:
        found = self._free_cache.get(pyramid)
        if found is None:
            masks = self.cover_masks
            found = tuple(
                i for i in range(PYRAMID_SIZE) if pyramid >> i & 1 and not pyramid & masks[i]
            )
            self._free_cache[pyramid] = found
        return found

    def covering_pairs(self, pyramid: int, free: Sequence[int]) -> Iterator[tuple[int, int, int]]:
        """Under the covering-pair switch: (covered, cover, pyramid after) for each free card
        that is the only card left on a card it pairs with."""
        ranks, masks, total = self.ranks, self.cover_masks, self.pair_total
        for cover in free:
            for covered in range(PYRAMID_SIZE):
                if (
                    pyramid >> covered & 1
                    and pyramid & masks[covered] == 1 << cover
                    and ranks[covered] + ranks[cover] == total
                ):
                    yield covered, cover, pyramid & ~(1 << cover) & ~(1 << covered)

    def pyramid_partners(self, pyramid: int) -> int:
        """The ranks (as bits) that have a partner in the pyramid (never the top rank)."""
        found = self._partners_cache.get(pyramid)
        if found is None:
            found = 0
            for rank in range(1, self.king):
                if pyramid & self.rank_masks[self.pair_total - rank]:
                    found |= 1 << rank
            self._partners_cache[pyramid] = found
        return found

    def counts_of(self, talon_key: int) -> tuple[int, ...]:
        """How many talon cards of each rank (index 1 to the top rank) a talon key holds."""
        found = self._counts_cache.get(talon_key)
        if found is None:
            found = tuple(talon_key >> 3 * rank & 7 for rank in range(self.king + 1))
            self._counts_cache[talon_key] = found
        return found

    def partner_supply(self, pyramid: int, counts: Sequence[int] | None) -> tuple[int, ...]:
        """For each rank r, how many cards could ever take a talon card of rank r away: the
        pyramid cards of rank t - r and, when two talon cards may pair (``counts``, the talon
        cards of each rank, given), the talon cards of rank t - r. A top-rank card goes alone
        (no limit). For a rank that pairs with itself, another talon card of it is a partner
        only when two talon cards may pair (then no limit is claimed while two are left).

        A pile of talon cards of which only the top is in play is thus cut (see
        :meth:`~pyramide.solver.sequence.SequencePositions.waste_cut`): going down from its top, the
        first card of a rank r that makes more cards of rank r than ``supply[r]`` can never all
        leave, so one of them stays, and every card beneath it stays beneath."""
        masks, total = self.rank_masks, self.pair_total
        supply = [0] * (self.king + 1)
        supply[self.king] = _UNLIMITED
        for rank in range(1, self.king):
            partner = total - rank
            supply[rank] = (pyramid & masks[partner]).bit_count()
            if counts is not None and rank == partner:
                supply[rank] = _UNLIMITED if counts[rank] > 1 else supply[rank]
            elif counts is not None:
                supply[rank] += counts[partner]
        return tuple(supply)

    def _without_talon_partner(self, talon_key: int) -> int:
        """The pyramid places (as a mask) whose card is not of the top rank and has no talon
        card of its partner rank left, given a talon key."""
        found = self._lonely_cache.get(talon_key)
        if found is None:
            found = 0
            for rank in range(1, self.king):
                if not talon_key >> 3 * (self.pair_total - rank) & 7:
                    found |= self.rank_masks[rank]
            self._lonely_cache[talon_key] = found
        return found
