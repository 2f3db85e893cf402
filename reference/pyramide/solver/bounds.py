"""Upper and lower bounds from the pyramid: the cards proven to stay, the matchings of the
pairs still possible, and the removals still needed.

Both searches prune with them: the one-sequence search (:mod:`.exact`) and the variant search
(:mod:`.variant`) give them only the talon cards that can still come into play, as a talon key
(how many of each rank: where a card lies does not matter here), so they hold under every
talon switch and with any piles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..layout import PYRAMID_SIZE
from ..profiles import Profile
from .bag import BagRelaxation


class PyramidBounds(BagRelaxation):
    """What the pyramid alone says about a position, under one profile's geometry and deck: the
    removals still needed, and an upper bound on the places that can end empty (the dead cards
    and matchings here, the bag relaxation inherited from
    :class:`~pyramide.solver.bag.BagRelaxation`). Everything derived from a mask is cached."""

    def __init__(self, profile: Profile, pyramid: Sequence[Card | None], talon_meets: bool) -> None:
        super().__init__(profile, pyramid, talon_meets)
        self._partners_in_reach = [
            self.rank_masks[self.pair_total - rank] & ~self.out_of_reach[i] & ~(1 << i)
            if 0 < rank < self.king
            else 0
            for i, rank in enumerate(self.ranks)
        ]
        """For each place, the other places of its partner rank it can be free together with."""
        self._needs_cache: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}
        self._prospects_cache: dict[int, tuple[int, bool]] = {}
        self._pairs_cache: dict[tuple[int, int, int], int] = {}

    def _needs(self, pyramid: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Removals still needed at least, and how many talon cards of each rank at least.

        Of the pyramid cards of ranks r and t - r (t the target; a and b of them), at most m
        can leave two at a time, m being the largest matching of pairs that can be free
        together; so they take at least a + b - m removals, at least a - m of the r cards leave
        with talon cards of rank t - r, and at least b - m of the others with talon cards of
        rank r. A rank that pairs with itself (a cards, matching m) takes at least a - m
        removals and a - 2m talon cards. Every one of these removals takes a pyramid card,
        whatever the switches.
        """
        found = self._needs_cache.get(pyramid)
        if found is None:
            masks = self.rank_masks
            removals = (pyramid & masks[self.king]).bit_count()
            needs = []
            for low, high in self.classes:
                lows, highs = pyramid & masks[low], pyramid & masks[high]
                if low == high:
                    matched = self._self_pairs(lows)
                    removals += lows.bit_count() - matched
                    needs.append((low, lows.bit_count() - 2 * matched))
                    continue
                matched = self._pyramid_pairs(lows, highs)
                removals += lows.bit_count() + highs.bit_count() - matched
                needs += [(high, lows.bit_count() - matched), (low, highs.bit_count() - matched)]
            found = (removals, tuple((rank, n) for rank, n in needs if n))
            self._needs_cache[pyramid] = found
        return found

    def moves_needed(self, pyramid: int) -> int:
        """Removals still needed at least (see :meth:`_needs`)."""
        return self._needs(pyramid)[0]

    def talon_needs(self, pyramid: int) -> tuple[tuple[int, int], ...]:
        """(rank, how many) of the talon cards the pyramid needs at least (see :meth:`_needs`)."""
        return self._needs(pyramid)[1]

    def strict_removals(self, pyramid: int, counts: Sequence[int]) -> int:
        """Under the strict win, the removals left exactly, when the cards balance (see
        :meth:`prospects_of`): every card leaves, a top-rank card alone and the others two at
        a time, one of each rank of their pair."""
        masks = self.rank_masks
        removals = counts[self.king] + (pyramid & masks[self.king]).bit_count()
        for low, high in self.classes:
            cards = (pyramid & masks[low]).bit_count() + counts[low]
            removals += cards // 2 if low == high else cards
        return removals

    def _pyramid_pairs(self, lows: int, highs: int) -> int:
        """The largest number of disjoint pairs, one card of ``lows`` and one of ``highs``,
        that can be free together (a rank holds four cards: trying them all is cheap)."""
        if not lows or not highs:
            return 0
        low = lows & -lows
        rest = lows ^ low
        best = self._pyramid_pairs(rest, highs)
        partners = highs & ~self.out_of_reach[low.bit_length() - 1]
        while partners and best <= rest.bit_count():
            high = partners & -partners
            partners ^= high
            best = max(best, 1 + self._pyramid_pairs(rest, highs ^ high))
        return best

    def _self_pairs(self, cards: int) -> int:
        """The largest number of disjoint pairs of ``cards`` (all of the rank that pairs with
        itself) that can be free together."""
        if not cards:
            return 0
        first = cards & -cards
        rest = cards ^ first
        best = self._self_pairs(rest)
        partners = rest & ~self.out_of_reach[first.bit_length() - 1]
        while partners:
            other = partners & -partners
            partners ^= other
            best = max(best, 1 + self._self_pairs(rest ^ other))
        return best

    def prospects_of(self, pyramid: int, talon_key: int) -> tuple[int, bool]:
        """An upper bound on the pyramid places that can end empty, and whether a win is left.

        *Dead cards.* A pyramid card that is not of the top rank leaves only with a partner of
        rank t - r. No talon partner and no pyramid partner it can ever be free together with
        (one that lies on it, directly or not, or that it lies on; except a direct neighbour
        under the covering-pair switch) means it never leaves; neither does a partner already
        proven dead, nor a card that a dead card lies on (it is never free, and under the
        covering-pair switch its only cover would have to go first or be the dead card, which
        has no partner). Repeating until nothing changes proves every card it marks will stay.
        Where a talon card lies does not matter here, so this holds under every talon switch
        and with any piles (waste piles, reserves).

        *Pairs.* Each removed pyramid card of rank r takes a distinct card of rank t - r with
        it, one it can be free together with if it is a pyramid card: the removals form a
        matching, so at most as many live pyramid cards of ranks r and t - r leave as the
        best matching covers (see :meth:`_pairs_bound`); every live top-rank card can.

        A win needs all 28; the strict win also needs every talon card to leave, so each pair
        of ranks must balance (a + ta == b + tb; a rank that pairs with itself, an even count)
        and, unless two talon cards may meet, every talon card needs a pyramid partner.
        """
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._prospects_cache.get(key)
        if found is not None:
            return found
        counts = self.counts_of(talon_key)
        masks, reach, under = self.rank_masks, self._partners_in_reach, self.under
        # Only a card with no talon partner can die for want of a partner; a card a dead card
        # lies on dies with it (all of them at once: ``under`` is closed).
        lonely = pyramid & self._without_talon_partner(talon_key)
        live = pyramid
        changed = True
        while changed:
            changed = False
            rest = lonely & live
            while rest:
                bit = rest & -rest
                rest ^= bit
                i = bit.bit_length() - 1
                if bit & live and not reach[i] & live:
                    live &= ~(bit | under[i])
                    changed = True
        most = PYRAMID_SIZE - pyramid.bit_count() + (live & masks[self.king]).bit_count()
        balanced = True
        meets = self.talon_meets
        for low, high in self.classes:
            a, b = (live & masks[low]).bit_count(), (live & masks[high]).bit_count()
            ta, tb = counts[low], counts[high]
            if low == high:
                most += self._self_bound(live & masks[low], ta)
                balanced = balanced and not (a + ta) % 2 and (meets or ta <= a)
                continue
            most += self._pairs_bound(live & (masks[low] | masks[high]), low, ta, tb)
            balanced = balanced and a + ta == b + tb
            if not meets:
                balanced = balanced and ta <= b and tb <= a
        winnable = most == PYRAMID_SIZE and (not self.profile.strict_win or balanced)
        found = self._prospects_cache[key] = (most, winnable)
        return found

    def _self_bound(self, cards: int, talon: int) -> int:
        """The most pyramid cards of the rank that pairs with itself (the places in ``cards``)
        that can leave with ``talon`` talon cards of that rank: 2m + min(a - 2m, talon) for a
        matching of m pairs free together, which grows with m, so the largest one gives it."""
        key = (cards, talon, -1)
        found = self._pairs_cache.get(key)
        if found is None:
            matched = self._self_pairs(cards)
            found = 2 * matched + min(cards.bit_count() - 2 * matched, talon)
            self._pairs_cache[key] = found
        return found

    def _pairs_bound(self, cards: int, low: int, talon_low: int, talon_high: int) -> int:
        """The most pyramid cards of ranks ``low`` and t - ``low`` (the places in ``cards``)
        that a matching can cover: a pyramid card pairs with a talon card of the other rank,
        or with one of the other rank it can be free together with (covering 2 at once).
        The classes hold at most four cards a side, so trying every matching is cheap."""
        key = (cards, talon_low, talon_high)
        found = self._pairs_cache.get(key)
        if found is not None:
            return found
        lows = [i for i in range(PYRAMID_SIZE) if cards >> i & 1 and self.ranks[i] == low]
        highs = cards & ~sum(1 << i for i in lows)
        out_of_reach = self.out_of_reach

        def best(n: int, highs_left: int, talon_high_left: int) -> int:
            if n == len(lows):
                return min(highs_left.bit_count(), talon_low)
            i = lows[n]
            most = best(n + 1, highs_left, talon_high_left)
            if talon_high_left:
                most = max(most, 1 + best(n + 1, highs_left, talon_high_left - 1))
            partners = highs_left & ~out_of_reach[i]
            while partners:
                j = partners & -partners
                partners ^= j
                most = max(most, 2 + best(n + 1, highs_left & ~j, talon_high_left))
            return most

        found = self._pairs_cache[key] = best(0, highs, talon_high)
        return found
