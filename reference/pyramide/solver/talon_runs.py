"""The one-sequence search's runs of draws: which boundaries draws (and one recycle) can bring,
at what cost, and the removals of talon cards in play there.

A step of the search is "draw (recycling if need be) until the boundary is where wanted, then
make one removal" (:mod:`.exact` says why that loses no line); this module lists the runs and
the removals of talon cards at their ends, under every talon switch
(:meth:`TalonRuns._run_steps`) and, when only the waste top is in play, read off the talon mask
(:meth:`TalonRuns._waste_top_steps`, which ``tests/solver/test_solver_talon_steps.py`` checks
against the other).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator

from ..game import Game
from .sequence import (
    _KING_TALON,
    _PAIR_TALON,
    _PAIR_WITH_TALON,
    SequencePositions,
    _Edge,
    _State,
)


class TalonRuns(SequencePositions):
    """:class:`~pyramide.solver.sequence.SequencePositions` with the removals of talon cards,
    each after the shortest run of draws that puts them in play."""

    def __init__(self, game: Game, deadline: float | None = None) -> None:
        super().__init__(game, deadline)
        self._playable_cache: dict[int, int] = {}
        self._playable_slots_cache: dict[int, int] = {}
        self._present_cache: dict[int, tuple[int, ...]] = {}
        self._free_partners_cache: dict[int, tuple[tuple[int, ...], ...]] = {}

    def _run_steps(
        self,
        found: list[tuple[_Edge, _State]],
        state: _State,
        present: tuple[int, ...],
        in_waste: int,
        stop_at_king: bool,
    ) -> None:
        """Append :meth:`steps`' removals of talon cards, boundary by boundary along the runs
        of :meth:`_reachable_boundaries` (``in_waste`` of the ``present`` cards in the waste
        where ``state`` stands), under any switches."""
        pyramid, talon, _, recycles, fresh = state
        total = self.pair_total
        partners = self.free_partners(pyramid)
        # the ranks of the talon cards that can leave alone or with a free pyramid card
        playable = self.playable_ranks(pyramid)
        talon_ranks = self.talon_ranks
        stock_playable = self.stock_playable
        talon_pairs = self.talon_pairs
        pair_needs_draw = self.pair_needs_draw
        size = len(present)
        runs = self._reachable_boundaries(state, present, in_waste, stop_at_king)
        for draws_before, recycled, draws_after, k in runs:
            here = draws_before == 0 and not recycled
            drew = draws_after > 0 if recycled else draws_before > 0 or fresh
            used = recycles + recycled if self.limited else 0
            # The removals with the talon cards in play when the first k present cards are in
            # the waste: (card or cards, where in ``present`` the waste top then is).
            top = present[k - 1] if k else -1
            if stock_playable and k < size:
                stock_top = present[k]
                if playable >> talon_ranks[stock_top] & 1:
                    self._card_steps(
                        found,
                        pyramid,
                        talon,
                        stock_top,
                        partners,
                        top + 1,
                        (draws_before, recycled, draws_after),
                        used,
                    )
                if top >= 0 and talon_ranks[top] + talon_ranks[stock_top] == total:
                    both = talon & ~(1 << top) & ~(1 << stock_top)
                    found.append(
                        (
                            (draws_before, recycled, draws_after, _PAIR_TALON, top, stock_top),
                            (pyramid, both, present[k - 2] + 1 if k >= 2 else 0, used, False),
                        )
                    )
            if top < 0 or not (here or not stock_playable):
                continue
            if playable >> talon_ranks[top] & 1:
                self._card_steps(
                    found,
                    pyramid,
                    talon,
                    top,
                    partners,
                    present[k - 2] + 1 if k >= 2 else 0,
                    (draws_before, recycled, draws_after),
                    used,
                )
            if (
                talon_pairs
                and (drew or not pair_needs_draw)
                and k >= 2
                and talon_ranks[present[k - 2]] + talon_ranks[top] == total
            ):
                below = present[k - 2]
                both = talon & ~(1 << top) & ~(1 << below)
                found.append(
                    (
                        (draws_before, recycled, draws_after, _PAIR_TALON, below, top),
                        (pyramid, both, present[k - 3] + 1 if k >= 3 else 0, used, False),
                    )
                )

    def _waste_top_steps(
        self, found: list[tuple[_Edge, _State]], state: _State, stop_at_king: bool
    ) -> None:
        """Append :meth:`steps`' removals of talon cards when only the waste top is in play
        (neither a waste pair nor the playable stock top): the same runs as
        :meth:`_reachable_boundaries`, but read off the talon mask, looking only at the cards
        that can leave (:meth:`playable_slots`) rather than at every boundary."""
        pyramid, talon, boundary, recycles, _ = state
        waste = talon & ((1 << boundary) - 1)
        stock = talon ^ waste
        useful = self.playable_slots(pyramid) & talon
        partners = self.free_partners(pyramid)
        top = waste.bit_length() - 1
        if waste and useful >> top & 1:  # where the position stands
            self._talon_removal(found, state, partners, top, (0, False, 0), recycles)
        # no run goes past a King, not even the waste top (then none at all)
        in_play = stock | (1 << top if waste else 0)
        kings = in_play & self._king_slots if stop_at_king else 0
        for card in _slots(_up_to_lowest(stock, kings) & useful):
            draws = (stock & (2 << card) - 1).bit_count()
            self._talon_removal(found, state, partners, card, (draws, False, 0), recycles)
        limit = self.profile.max_recycles
        if kings or not waste or (limit is not None and recycles >= limit):
            return  # (no run goes past a King to the recycle)
        rest = waste ^ 1 << top  # round again, up to the card beneath the waste top
        rest = _up_to_lowest(rest, rest & self._king_slots if stop_at_king else 0)
        used = recycles + 1 if self.limited else 0
        in_stock = stock.bit_count()
        for card in _slots(rest & useful):
            draws = (talon & (2 << card) - 1).bit_count()
            self._talon_removal(found, state, partners, card, (in_stock, True, draws), used)

    def _talon_removal(
        self,
        found: list[tuple[_Edge, _State]],
        state: _State,
        partners: tuple[tuple[int, ...], ...],
        card: int,
        draws: tuple[int, bool, int],
        used: int,
    ) -> None:
        """:meth:`_card_steps` for the waste top ``card``, the card beneath it (the last
        present below it) becoming the waste top."""
        talon = state[1]
        beneath = (talon & (1 << card) - 1).bit_length()
        self._card_steps(found, state[0], talon, card, partners, beneath, draws, used)

    def _card_steps(
        self,
        found: list[tuple[_Edge, _State]],
        pyramid: int,
        talon: int,
        card: int,
        partners: tuple[tuple[int, ...], ...],
        boundary: int,
        draws: tuple[int, bool, int],
        used: int,
    ) -> None:
        """Append the removals of talon card ``card``, in play: alone if a King, else with a
        free pyramid card (``boundary`` is the position's boundary after it)."""
        rank = self.talon_ranks[card]
        without = talon & ~(1 << card)
        if rank == self.king:
            found.append(
                ((*draws, _KING_TALON, card, 0), (pyramid, without, boundary, used, False))
            )
            return
        for i in partners[rank]:
            found.append(
                (
                    (*draws, _PAIR_WITH_TALON, i, card),
                    (pyramid & ~(1 << i), without, boundary, used, False),
                )
            )

    def playable_ranks(self, pyramid: int) -> int:
        """The ranks (as bits) of the talon cards that can leave when in play, with no other
        talon card: the top rank, and those with a partner among the free pyramid cards."""
        found = self._playable_cache.get(pyramid)
        if found is None:
            found = 1 << self.king
            for rank, partners in enumerate(self.free_partners(pyramid)):
                if partners:
                    found |= 1 << rank
            self._playable_cache[pyramid] = found
        return found

    def playable_slots(self, pyramid: int) -> int:
        """The talon slots (as a mask) of the cards of :meth:`playable_ranks`."""
        found = self._playable_slots_cache.get(pyramid)
        if found is None:
            ranks = self.playable_ranks(pyramid)
            masks = self.talon_rank_masks
            found = 0
            for rank in range(1, self.king + 1):
                if ranks >> rank & 1:
                    found |= masks[rank]
            self._playable_slots_cache[pyramid] = found
        return found

    def free_partners(self, pyramid: int) -> tuple[tuple[int, ...], ...]:
        """For each rank r, the free pyramid places whose card pairs with a card of rank r."""
        found = self._free_partners_cache.get(pyramid)
        if found is None:
            free, ranks = self.free(pyramid), self.ranks
            king, total = self.king, self.pair_total
            found = tuple(
                tuple(i for i in free if ranks[i] + rank == total) for rank in range(king + 1)
            )
            self._free_partners_cache[pyramid] = found
        return found

    def present(self, talon: int) -> tuple[int, ...]:
        """The talon cards left, in sequence order (the waste from the bottom, then the stock
        from the top)."""
        found = self._present_cache.get(talon)
        if found is None:
            found = tuple(i for i in range(len(self.talon)) if talon >> i & 1)
            self._present_cache[talon] = found
        return found

    def _talon_king_step(self, state: _State) -> tuple[_Edge, _State] | None:
        """The removal of a talon King in play where ``state`` stands (the waste top, or the
        playable stock top), which the walks make at once.

        The position without the King reaches all that the position with it does, whatever
        the switches: every other card keeps its place in the sequence, so the cards in play
        at a boundary are the same but where the King is one of them (and it pairs with none),
        or where it lies on the one that would then be in play; the stock runs out at the same
        boundary, so recycles come as before; and a card drawn onto the King could only have
        made a fresh pair with the King. Hence also no run of draws past a King (see
        :meth:`_reachable_boundaries`). The one exception: a King at the stock top right after
        a draw under the drawn-with-below switch waits, so that the fresh pair (the waste top
        and the card beneath it) may go first; no run goes past it either (drawing it loses
        that pair too).

        A* may not remove a King at once (a win may never need that move), but under the
        playable stock top its runs do not draw one either: removing it from the stock top is
        one move, as drawing it is, and either way the card after it is the next stock top, but
        for the King left on the waste top. (Without that switch a stock King must be drawn.)"""
        pyramid, talon, boundary, recycles, fresh = state
        waste = talon & ((1 << boundary) - 1)
        stock = talon ^ waste
        top, stock_top = waste.bit_length() - 1, (stock & -stock).bit_length() - 1
        kings = self._king_slots
        if waste and kings >> top & 1:
            card, waste = top, waste ^ 1 << top
        elif (
            self.stock_playable
            and stock
            and kings >> stock_top & 1
            and not (fresh and self.pair_needs_draw)
        ):
            card = stock_top
        else:
            return None
        after = (pyramid, talon ^ 1 << card, waste.bit_length(), recycles, False)
        return (0, False, 0, _KING_TALON, card, 0), after

    def _reachable_boundaries(
        self, state: _State, present: tuple[int, ...], in_waste: int, stop_at_king: bool
    ) -> Iterator[tuple[int, bool, int, int]]:
        """Each boundary that draws can bring, with the shortest run that does it: (draws,
        recycled, draws after the recycle, how many of the ``present`` talon cards are then in
        the waste).

        Forward, each stock card drawn in turn (under the playable stock top, not the last: with
        the stock drawn out, the waste top alone is in play, and it was the stock top one draw
        before). With a recycle left, round again to each place below the waste top: just after
        the recycle (the waste empty; only the stock top is in play, so only under its switch),
        then after each card left from the bottom of the waste up to the one beneath the waste
        top. Back to the waste top itself only pays under the drawn-with-below switch, to pair
        it, freshly drawn, with the card beneath it; and not even then under the playable stock
        top, where the same pair is the waste top and the stock top one draw before. With no
        card in the waste, going round comes back to here.

        With ``stop_at_king`` (the walks), no run goes past the boundary where a talon King
        comes into play (see :meth:`_talon_king_step`).
        """
        talon, recycles = state[1], state[3]
        # boundary k (k of the present cards in the waste) brings present[k - shift] into play:
        # the stock top under its switch, else the waste top
        shift = 0 if self.stock_playable else 1
        in_stock = len(present) - in_waste
        last = in_waste + in_stock - self.stock_playable
        king = -1
        if stop_at_king:
            king = self._first_king(talon, present, max(in_waste - shift, 0), last - shift)
            last = last if king < 0 else king + shift
        yield 0, False, 0, in_waste
        for k in range(in_waste + 1, last + 1):
            yield k - in_waste, False, 0, k
        limit = self.profile.max_recycles
        if king >= 0 or not in_waste or (limit is not None and recycles >= limit):
            return
        first = shift
        last = in_waste if self.pair_needs_draw and not self.stock_playable else in_waste - 1
        if stop_at_king:
            king = self._first_king(talon, present, 0, last - shift)
            last = last if king < 0 else king + shift
        for k in range(first, last + 1):
            yield in_stock, True, k, k

    def _first_king(self, talon: int, present: tuple[int, ...], low: int, high: int) -> int:
        """The index in ``present`` of the first King among ``present[low:high + 1]``, or -1."""
        if low > high:
            return -1
        span = (2 << present[high]) - (1 << present[low])
        kings = talon & self._king_slots & span
        return bisect_left(present, (kings & -kings).bit_length() - 1) if kings else -1


def _slots(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _up_to_lowest(cards: int, stops: int) -> int:
    """The bits of ``cards`` up to the lowest bit of ``stops`` included (all if none)."""
    return cards & ((stops & -stops) << 1) - 1 if stops else cards
