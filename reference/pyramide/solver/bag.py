"""The bag relaxation: the game with every talon card in play at any time, searched exactly.

An upper bound on the most removable (and a lower bound on the removals a win still makes)
that sees the order in which the pyramid frees its cards, which the matchings of
:meth:`~pyramide.solver.bounds.PyramidBounds.prospects_of` do not. It reads the talon as counts
of ranks only, whatever pile a card lies in, so it holds for every pile switch: the variant
search (:mod:`.variant`) prunes with it; the one-sequence search (:mod:`.exact`) does not need
it, its walks being the relaxation's equal with unlimited recycling.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..layout import PYRAMID_SIZE
from ..profiles import Profile
from .pyramid import PyramidCards


class BagRelaxation(PyramidCards):
    """:class:`~pyramide.solver.pyramid.PyramidCards` with the bag relaxation's two answers,
    :meth:`bag_most` and :meth:`bag_removals`, each value cached (positions of the relaxation
    recur across the positions of the game that share a pyramid)."""

    def __init__(self, profile: Profile, pyramid: Sequence[Card | None], talon_meets: bool) -> None:
        super().__init__(profile, pyramid, talon_meets)
        self._bag_cache: dict[int, int] = {}
        self._trimmed_cache: dict[int, int] = {}
        self._removals_cache: dict[int, int | None] = {}
        self._partner_counts_cache: dict[int, tuple[int, ...]] = {}

    def bag_most(self, pyramid: int, talon_key: int) -> int:
        """The most pyramid places that can end empty were every talon card in play at any
        time (the talon a bag of ranks): exact for that relaxation, so an upper bound here.

        Every line of the game maps onto a line of the relaxation with the same pyramid
        removals: keep its removals of pyramid cards (a King alone, two pyramid cards, or one
        with a talon card, which the bag then has too: it only ever lost the cards the line
        removed) and drop its draws, recycles and talon-only removals. The relaxation keeps
        what the matchings of :meth:`prospects_of` drop, the order in which the pyramid frees
        its cards, and so proves deals lost whose every card has a partner somewhere, but not
        in an order the pyramid allows.

        Searched depth first over (pyramid, bag), each value cached. A free top-rank card is
        removed at once (as in the searches). A talon card only ever leaves here with a
        pyramid card of its partner rank, so the bag keeps of each rank no more cards than
        the pyramid has partners for: the others change nothing, and positions that differ
        only in them share one cached value.
        """
        return self._bag(pyramid, self._cut_to_partners(pyramid, talon_key))

    def _cut_to_partners(self, pyramid: int, talon_key: int) -> int:
        """The bag with no more cards of a rank than the pyramid has partners for (cached:
        the searches ask it of every position they meet, some twice)."""
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._trimmed_cache.get(key)
        if found is None:
            found = talon_key
            partners = self._partner_counts(pyramid)
            for rank in range(1, self.king + 1):
                extra = (talon_key >> 3 * rank & 7) - partners[rank]
                if extra > 0:
                    found -= extra << 3 * rank
            self._trimmed_cache[key] = found
        return found

    def _partner_counts(self, pyramid: int) -> tuple[int, ...]:
        """For each rank (index 1 to the top rank), the pyramid cards of its partner rank:
        :meth:`partner_supply` without the talon, none for the top rank (it pairs with
        nothing), cached."""
        found = self._partner_counts_cache.get(pyramid)
        if found is None:
            supply = self.partner_supply(pyramid, None)
            found = self._partner_counts_cache[pyramid] = (*supply[: self.king], 0)
        return found

    def _bag(self, pyramid: int, talon_key: int) -> int:
        """:meth:`bag_most` for a bag already cut to the pyramid's partners."""
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._bag_cache.get(key)
        if found is None:
            found = PYRAMID_SIZE - pyramid.bit_count()
            for rest, bag in self._bag_steps(pyramid, talon_key):
                if found == PYRAMID_SIZE:
                    break
                found = max(found, self._bag(rest, bag))
            self._bag_cache[key] = found
        return found

    def bag_removals(self, pyramid: int, talon_key: int) -> int | None:
        """The fewest removals that clear the pyramid in the relaxation of :meth:`bag_most`
        (None if none does): a lower bound on the removals a win still needs, which sees the
        order the pyramid frees its cards in, as the matchings of :meth:`moves_needed` do
        not. Every removal takes one or two pyramid cards; a line of the game keeps its
        removals of pyramid cards in the relaxation, so it makes at least as many."""
        return self._bag_removals(pyramid, self._cut_to_partners(pyramid, talon_key))

    def _bag_removals(self, pyramid: int, talon_key: int) -> int | None:
        if not pyramid:
            return 0
        key = pyramid | talon_key << PYRAMID_SIZE
        if key in self._removals_cache:
            return self._removals_cache[key]
        fewest: int | None = None
        for rest, bag in self._bag_steps(pyramid, talon_key):
            if self._bag(rest, bag) < PYRAMID_SIZE:
                continue
            after = self._bag_removals(rest, bag)
            if after is not None and (fewest is None or after + 1 < fewest):
                fewest = after + 1
        self._removals_cache[key] = fewest
        return fewest

    def _bag_steps(self, pyramid: int, talon_key: int) -> list[tuple[int, int]]:
        """The relaxation's moves from a position, as (pyramid after, bag after); only the
        first free top-rank card's when there is one (it goes at once)."""
        free, ranks, total = self.free(pyramid), self.ranks, self.pair_total
        king = next((i for i in free if ranks[i] == self.king), -1)
        if king >= 0:
            return [(pyramid & ~(1 << king), talon_key)]
        steps: list[tuple[int, int]] = []
        for n, i in enumerate(free):
            for j in free[n + 1 :]:
                if ranks[i] + ranks[j] == total:
                    rest = pyramid & ~(1 << i) & ~(1 << j)
                    steps.append((rest, self._cut(rest, talon_key, ranks[i], ranks[j])))
            partner = 1 << 3 * (total - ranks[i])
            if talon_key & 7 * partner:
                steps.append((pyramid & ~(1 << i), talon_key - partner))
        if self.profile.pairs_with_covering_card:
            steps += [
                (rest, self._cut(rest, talon_key, ranks[a], ranks[b]))
                for a, b, rest in self.covering_pairs(pyramid, free)
            ]
        return steps

    def _cut(self, pyramid: int, talon_key: int, *ranks: int) -> int:
        """The bag after two pyramid cards of ``ranks`` left together: each took away one
        partner of the talon cards of the other's rank, so one of those may now be extra."""
        partners = self._partner_counts(pyramid)
        for rank in ranks:
            if talon_key >> 3 * rank & 7 > partners[rank]:
                talon_key -= 1 << 3 * rank
        return talon_key
