"""An exact search for the profiles whose talon is not one sequence: reserve piles (Giza),
several waste piles (Apophis), several cards a draw (King Tut), a waste that keeps only the
last card drawn (``waste_keeps: last``, profile kp-pyramids).

The one-sequence search (:mod:`pyramide.solver.exact`) owes its speed to the app's talon: one
waste, one card a draw, so that the waste and the stock are one fixed sequence cut by a
boundary, and draws are only a means. Here neither holds: a draw deals onto three piles whose tops
are all in play, or turns three
cards of which only the last is in play (a card removed from the waste shifts which cards the
next pass turns up), or takes the card on the waste out of play (a draw is then a choice: the
card passed over is gone), or puts its card onto the waste pile the player names (a draw is a
choice of three: :data:`_DRAW` names its pile), or there is no stock at all and eight piles of
face-up reserves. This
module therefore walks the positions as they are, move by move, as :class:`~pyramide.Game`
plays them, and answers the same :class:`~pyramide.solver.Solution`; it is simple rather than
fast, and :func:`pyramide.solver.solve` and :func:`~pyramide.solver.can_remove` hand it every
profile with reserves, more than one waste pile, more than one card a draw or a waste that keeps
only the last card (:func:`~pyramide.solver.uses_variant_search`).

*Positions.* A position is the pyramid cards present (a 28-bit mask over the places), the
stock (top first), each waste pile and each reserve pile (bottom first), written as *ranks*
(one byte each, the piles separated by zero bytes: one ``bytes`` object, whose hash Python
keeps), the recycles used (only when they are limited: with no limit the count changes
nothing) and, to spare recounting it, how many talon cards of each rank are left (the talon key
of :class:`~pyramide.solver.bounds.PyramidBounds`). Suits are dropped because the rules never
read them:
two positions that differ only in which card of a rank lies where are the same game with the
cards renamed, so the same moves, named by place (a pyramid place, the top of a pile, the stock
top), are legal in both and lead to positions that again differ only so. The memo of every
search is keyed on this canonical position; a line is found as places and turned into cards
by replaying it on a copy of the game (which also checks every move is legal). The draw bit of
:class:`~pyramide.Game` (``fresh_draw``) is not kept: only the drawn-with-below switch reads it,
and the profiles forbid it with these piles.

*Exact reductions.*

- A free pyramid card that goes alone (a King, a rey) is removed at once, in every search.
  Taking it earlier only frees the cards it lies on: every move of any line from the position
  stays legal (no other card pairs with it, it is never the only cover of a card it could pair
  with, and it takes no talon card, so every pile and the recycles are untouched), and the line
  ends in the same position, or one with that card gone too. A win must remove it anyway, so
  moving its removal first keeps the line's length; a line that never removed it ends with one
  place more empty. No move has a time limit under these switches (the drawn-with-below pair is
  excluded), so nothing is lost by waiting one move.
- In the walks that do not count moves (the verdict, the most removable), a reserve top that
  goes alone is removed at once too, and so is a waste top that goes alone once no recycle is
  left. The reserves are never dealt onto, and a waste pile is never gathered again then: taking
  such a card only puts the card beneath it in play (the draws still deal the same cards onto
  the same piles), so every move of a line stays legal and its pyramid ends the same. This costs
  a move a shortest line may not need, so A* does not use it. (While a recycle is left, a waste
  top that goes alone is not removed at once: with several waste piles or several cards a draw,
  a card fewer changes which cards the next pass deals where.)
- In the walks, of two positions with the same cards in the same places, the one with fewer
  recycles used reaches all that the other does (a recycle is legal there whenever it is in the
  other, and nothing else reads the count), so the walks skip the other. The line they keep
  may then reach a position with fewer recycles than the one it was found from; a line that is
  legal with more recycles used is legal with fewer.
- The walks prune with the upper bounds of
  :meth:`~pyramide.solver.bounds.PyramidBounds.prospects_of` (dead cards and matchings of
  pairs) and :meth:`~pyramide.solver.bag.BagRelaxation.bag_most` (the game with every talon card in
  play at any time, searched exactly: it sees the order in which
  the pyramid frees its cards, which the matchings do not: each of the 652 lost deals among
  seeds 0-1999 of Apophis dealt by rows, with three passes and the relaxed win, is proven lost
  at its first position): both read the talon as counts
  of ranks only, whatever pile a card lies in, so they hold for every pile switch. They are
  given only the talon cards that can still come into play (:meth:`_VariantSearch.outlook`):
  going down a pile from its top, the first card of a rank r that makes more cards of rank r
  than there are cards left that could take them away
  (:meth:`~pyramide.solver.bounds.PyramidBounds.partner_supply`: the pyramid cards of the partner
  rank, and the talon ones when two talon cards may pair) can never go with all those above
  it, so one of them stays, and the cards beneath it in a reserve pile (never dealt onto,
  never gathered) never come to the top; nor do those beneath it in a waste pile once no
  recycle is left (a pile only grows, and only a recycle empties it). With such cards the
  strict win is lost. (A card with no partner left anywhere is the simplest case.)

*Searches.* A depth-first branch and bound (:func:`_walk`) finds the most pyramid places that
can end empty, or stops at the first win (a win counts one above 28; the positions from which
the bound says a win is left are taken first, the others wait for none to be found). Only the
length of a win needs A* (:func:`_shortest`): every move costs one, and the lower bound
(:meth:`_VariantSearch.lower_bound`) is the removals still needed plus the draws still due; a
position with no win left, or none shorter than the walk's line, is not queued (so when A*
finds nothing, the walk's line is a shortest one); a position reached again more cheaply is
queued again, so the first win taken off the queue is a shortest one. A time limit is checked
every 256 positions, as in the one-sequence search.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import count

from ..cards import Card
from ..game import Game
from ..layout import PYRAMID_SIZE
from ..moves import Draw, Move, Recycle, RemoveKing, RemovePair
from ..profiles import WASTE_KEEPS_LAST, WASTE_TOP
from .bounds import PyramidBounds
from .outcome import CHECK_EVERY, Solution, SolverTimeout

_State = tuple[int, bytes, int, int]
"""(pyramid mask, talon, recycles used (0 when unlimited), talon key).

The talon is every pile as ranks, one byte a card, the piles separated by a zero byte: the
stock (top first), then the waste piles, then the reserve piles (each bottom first). The talon
key is ``sum(1 << 3 * rank)`` over its cards (:class:`~pyramide.solver.bounds.PyramidBounds`)."""

_Action = tuple[int, ...]
"""A move by place: the one or two places of a removal, or :data:`_DRAW`, :data:`_RECYCLE`.
Where the player names the pile a draw goes onto, the draw is ``(-1, n)``, onto waste pile n."""

_PILE = 32
"""A place is a pyramid index (0-27), or ``_PILE + n`` for the top of pile n of the talon
(pile 0 is the stock, then the waste piles, then the reserve piles)."""
_DRAW: _Action = (-1,)
_RECYCLE: _Action = (-2,)
_SEPARATOR = b"\0"

_PyramidMoves = tuple[int, tuple[tuple[_Action, int], ...], tuple[tuple[int, ...], ...]]
"""(a free place whose card goes alone or -1, the removals of pyramid cards alone with the
pyramid after each, and for each rank the free places whose card pairs with it)."""


class _VariantSearch:
    """One position's search space: its positions, their moves and the bounds."""

    def __init__(self, game: Game, deadline: float | None) -> None:
        profile = game.profile
        if profile.waste_play != WASTE_TOP:
            raise ValueError("the variant search plays the waste top alone, as the piles require")
        self.game = game
        self.deadline = deadline
        self.ticks = 0
        self.no_win = False
        """Set by :func:`_walk` once it has proved there is no win (looking for one)."""
        self.limit = profile.max_recycles
        self.strict = profile.strict_win
        self.stock_playable = profile.stock_top_playable
        self.covering = profile.pairs_with_covering_card
        self.draw_count = profile.draw_count
        self.chosen = profile.chosen_pile
        """A draw puts one card onto the waste pile the player names (VAR-APOPHIS-CHOICE),
        and a recycle gives pile 1 back first, each pile from its bottom card."""
        self.rows = profile.dealt_rows
        """A draw deals one card onto each waste pile, and a recycle deals such a row at once
        (VAR-APOPHIS-RECYCLE-ORDER)."""
        self.discards = profile.waste_keeps == WASTE_KEEPS_LAST
        """A draw first takes the waste's card out of play (VAR-WASTE-LAST-ONLY): a talon card
        then leaves without a partner, so the strict win's bounds, which make every talon card
        find one, do not hold; the bounds are the relaxed win's, the pyramid's alone, and the
        strict win adds only the draws every stock card needs (:meth:`lower_bound`)."""
        self.wastes = len(game.wastes)
        self.reserves = range(1 + self.wastes, 1 + self.wastes + len(game.reserves))
        """The reserve piles' numbers in the talon."""
        self.last_round_alone = (*self.reserves, *range(1, 1 + self.wastes))
        """The piles whose top King goes at once in a walk once no recycle is left: the
        reserves and the waste piles (see the module's reductions)."""
        self.per_draw = self.wastes if self.rows else self.draw_count
        """The most cards a draw moves out of the stock."""
        piles_in_play = self.wastes + len(game.reserves) + self.stock_playable
        bounded = replace(profile, strict_win=False) if self.discards else profile
        self.bounds = PyramidBounds(bounded, game.pyramid, talon_meets=piles_in_play > 1)
        self.king = self.bounds.king
        self.total = self.bounds.pair_total
        self.ranks = self.bounds.ranks
        piles = [game.stock, *game.wastes, *game.reserves]
        self.start: _State = (
            sum(1 << i for i, card in enumerate(game.pyramid) if card),
            _SEPARATOR.join(bytes(card.rank for card in pile) for pile in piles),
            game.recycles if self.limit is not None else 0,
            sum(1 << 3 * card.rank for pile in piles for card in pile),
        )
        self._pyramid_cache: dict[int, _PyramidMoves] = {}
        self._supply_cache: dict[int, tuple[int, ...]] = {}

    def tick(self) -> None:
        """Raise :class:`SolverTimeout` past the deadline (looking every 256 calls)."""
        if self.deadline is None:
            return
        self.ticks += 1
        if not self.ticks & CHECK_EVERY and time.perf_counter() > self.deadline:
            raise SolverTimeout

    def is_won(self, state: _State) -> bool:
        """The pyramid cleared, and under the strict win every talon card gone too."""
        return state[0] == 0 and (not self.strict or state[3] == 0)

    def removed(self, state: _State) -> int:
        return PYRAMID_SIZE - state[0].bit_count()

    def outlook(self, state: _State) -> tuple[int, bool]:
        """An upper bound on the places that can end empty, and whether a win is left, from
        the talon cards that can still come into play (see the module's reductions): the
        matchings' bound, then the bag's where the matchings leave something to gain."""
        pyramid, key = state[0], state[3]
        in_play = self.in_play(state)
        most, winnable = self.bounds.prospects_of(pyramid, in_play)
        if most > PYRAMID_SIZE - pyramid.bit_count():
            most = min(most, self.bounds.bag_most(pyramid, in_play))
        return most, winnable and most == PYRAMID_SIZE and not (in_play != key and self.strict)

    def in_play(self, state: _State) -> int:
        """The talon key of the cards that can still come into play: all but those beneath
        the cut of a reserve pile or, with no recycle left, of a waste pile (:meth:`_buried`)."""
        pyramid, talon, recycles, key = state
        exhausted = self.limit is not None and recycles >= self.limit
        if talon and (exhausted or self.reserves):
            return key - self._buried(pyramid, talon, key, exhausted)
        return key

    def _buried(self, pyramid: int, talon: bytes, key: int, exhausted: bool) -> int:
        """The talon key of the cards beneath the cut of a reserve pile or, with no recycle
        left, of a waste pile: going down a pile from its top, the first card whose rank asks
        more partners than :meth:`~pyramide.solver.bounds.PyramidBounds.partner_supply` has (for it
        and the cards above it to leave, each card of its rank needs a partner of its own).
        One of them stays for good, so the cards beneath it never come to the top: a reserve
        pile is never dealt onto, and a waste pile only grows until a recycle. A card with no
        partner left anywhere is the simplest case."""
        supply = self._partner_supply(pyramid, key)
        buried = 0
        for number, pile in enumerate(talon.split(_SEPARATOR)):
            if not number or not (exhausted or number in self.reserves):
                continue
            demand = [0] * (self.king + 1)
            for depth in range(len(pile) - 1, 0, -1):
                rank = pile[depth]
                demand[rank] += 1
                if demand[rank] > supply[rank]:
                    buried += sum(1 << 3 * below for below in pile[:depth])
                    break
        return buried

    def _partner_supply(self, pyramid: int, key: int) -> tuple[int, ...]:
        """:meth:`~pyramide.solver.bounds.PyramidBounds.partner_supply` for a talon key, cached."""
        meets = self.bounds.talon_meets
        memo = pyramid | (key << PYRAMID_SIZE if meets else 0)
        found = self._supply_cache.get(memo)
        if found is None:
            counts = self.bounds.counts_of(key) if meets else None
            found = self._supply_cache[memo] = self.bounds.partner_supply(pyramid, counts)
        return found

    def lower_bound(self, state: _State) -> int | None:
        """The fewest moves that can still win, at least; None when no win is left.

        The removals: those the pyramid needs (the more of
        :meth:`PyramidBounds.moves_needed` and
        :meth:`~pyramide.solver.bag.BagRelaxation.bag_removals` of the cards that can still come
        into play, None when the latter finds no way to clear the
        pyramid: it then has none to empty it all, as :meth:`outlook` would say), or under
        the strict win every one left (:meth:`PyramidBounds.strict_removals`; not where a draw
        takes a card out of play, :attr:`discards`, which needs no removal). The draws,
        unless the stock top is in play (then a stock card may leave without being drawn): a
        card k places below the stock top (counting from 0) is in play after k // n + 1
        draws at the earliest, n the most cards a draw moves (removals never take stock
        cards, and a recycle needs the stock empty), so when the pyramid needs more cards of
        a rank than the piles hold, the draws up to the first stock card that makes up the
        number are still to come; the strict win also needs every stock card drawn. Draws
        take no card, so they add to the removals.
        """
        pyramid, talon, _, key = state
        bounds = self.bounds
        if self.strict and not self.discards:
            if not self.outlook(state)[1]:
                return None
            removals = bounds.strict_removals(pyramid, bounds.counts_of(key))
        else:
            fewest = bounds.bag_removals(pyramid, self.in_play(state))
            if fewest is None:
                return None
            removals = max(fewest, bounds.moves_needed(pyramid))
        if self.stock_playable:
            return removals
        stock = talon[: talon.index(_SEPARATOR)]
        draws = -(-len(stock) // self.per_draw) if self.strict else 0
        if stock:
            counts = bounds.counts_of(key)
            for rank, wanted in bounds.talon_needs(pyramid):
                short = wanted - (counts[rank] - stock.count(rank))
                if short <= 0:
                    continue
                place = -1
                for _ in range(short):
                    place = stock.find(rank, place + 1)
                    if place < 0:
                        return None
                draws = max(draws, place // self.per_draw + 1)
        return removals + draws

    def pyramid_moves(self, pyramid: int) -> _PyramidMoves:
        """What the pyramid offers on its own (see :data:`_PyramidMoves`), once per pyramid."""
        found = self._pyramid_cache.get(pyramid)
        if found is None:
            bounds, ranks, total = self.bounds, self.ranks, self.total
            free = bounds.free(pyramid)
            alone = next((i for i in free if ranks[i] == self.king), -1)
            pairs = [
                ((i, j), pyramid & ~(1 << i) & ~(1 << j))
                for n, i in enumerate(free)
                for j in free[n + 1 :]
                if ranks[i] + ranks[j] == total
            ]
            if self.covering:
                pairs += [((a, b), after) for a, b, after in bounds.covering_pairs(pyramid, free)]
            partners = tuple(
                tuple(i for i in free if ranks[i] + rank == total) for rank in range(self.king)
            )
            found = self._pyramid_cache[pyramid] = (alone, tuple(pairs), partners)
        return found

    def moves(self, state: _State, walk: bool) -> list[tuple[_Action, _State]]:
        """Every legal move and the position it leads to, removals first; only one removal
        when a pyramid card (or, in a ``walk``, a reserve top, or a waste top with no recycle
        left) that goes alone is free (see the module's reductions)."""
        pyramid, talon, recycles, key = state
        alone, pairs, partners = self.pyramid_moves(pyramid)
        if alone >= 0:
            return [((alone,), (pyramid & ~(1 << alone), talon, recycles, key))]
        piles = talon.split(_SEPARATOR)
        king = self.king
        if walk:
            last_round = self.limit is not None and recycles >= self.limit
            for number in self.last_round_alone if last_round else self.reserves:
                if piles[number] and piles[number][-1] == king:
                    return [((_PILE + number,), self.take(state, piles, (_PILE + number,)))]
        found = [(action, (after, talon, recycles, key)) for action, after in pairs]
        tops = [(_PILE + number, pile[-1]) for number, pile in enumerate(piles) if number and pile]
        if self.stock_playable and piles[0]:
            tops.append((_PILE, piles[0][0]))
        total = self.total
        for n, (place, rank) in enumerate(tops):
            if rank == king:
                found.append(((place,), self.take(state, piles, (place,))))
                continue
            for i in partners[rank]:
                found.append(((i, place), self.take(state, piles, (i, place))))
            for other, other_rank in tops[n + 1 :]:
                if rank + other_rank == total:
                    found.append(((place, other), self.take(state, piles, (place, other))))
        if piles[0] and self.chosen:
            for pile in range(1, 1 + self.wastes):
                found.append(((_DRAW[0], pile), self.draw(state, piles, pile)))
        elif piles[0]:
            found.append((_DRAW, self.draw(state, piles)))
        elif (self.limit is None or recycles < self.limit) and any(piles[1 : 1 + self.wastes]):
            found.append((_RECYCLE, self.recycle(state, piles)))
        return found

    def take(self, state: _State, piles: list[bytes], places: Sequence[int]) -> _State:
        """The position after removing the cards at ``places`` (``piles``: the talon split)."""
        pyramid, _, recycles, key = state
        piles = list(piles)
        for place in places:
            if place < _PILE:
                pyramid &= ~(1 << place)
                continue
            number = place - _PILE
            pile = piles[number]
            if number:
                key -= 1 << 3 * pile[-1]
                piles[number] = pile[:-1]
            else:
                key -= 1 << 3 * pile[0]
                piles[number] = pile[1:]
        return pyramid, _SEPARATOR.join(piles), recycles, key

    def draw(self, state: _State, piles: list[bytes], onto: int = 1) -> _State:
        """One card onto each waste pile in turn, one onto waste pile ``onto`` where the
        player names it, or ``draw_count`` cards onto the one pile, the last drawn on top (as
        :meth:`Game.push` deals them); under ``waste_keeps: last`` the card on the waste
        leaves the talon first."""
        pyramid, _, recycles, key = state
        piles = list(piles)
        stock = piles[0]
        if self.discards:
            key -= sum(1 << 3 * rank for rank in piles[1])
            piles[1] = b""
        if self.chosen:
            dealt = 1
            piles[onto] += stock[:1]
        elif self.wastes > 1:
            dealt = min(len(stock), self.wastes)
            for n in range(dealt):
                piles[1 + n] += stock[n : n + 1]
        else:
            dealt = min(self.draw_count, len(stock))
            piles[1] += stock[:dealt]
        piles[0] = stock[dealt:]
        return pyramid, _SEPARATOR.join(piles), recycles, key

    def recycle(self, state: _State, piles: list[bytes]) -> _State:
        """The waste piles back into the stock (as :meth:`Game.push` does): where the player
        chose the piles, pile 1's bottom card on top, then the rest of pile 1, then pile 2's
        and pile 3's; else the last pile's bottom card on top, then the rest of that pile, then
        the pile before it, and where the rules deal rows, a row dealt at once."""
        pyramid, _, recycles, key = state
        wastes = piles[1 : 1 + self.wastes]
        stock = b"".join(wastes if self.chosen else reversed(wastes))
        rest = [stock, *(b"" for _ in wastes), *piles[1 + self.wastes :]]
        used = recycles + 1 if self.limit is not None else 0
        recycled = pyramid, _SEPARATOR.join(rest), used, key
        return self.draw(recycled, rest) if self.rows else recycled

    def replay(self, actions: Sequence[_Action]) -> list[Move]:
        """The cards of a line found by place, replayed on a copy of the game (which raises
        :class:`~pyramide.game.IllegalMoveError` should a move not be legal)."""
        copy = self.game.position_copy()
        line: list[Move] = []
        for action in actions:
            move: Move
            if action[0] == _DRAW[0]:
                move = Draw(*action[1:])
            elif action == _RECYCLE:
                move = Recycle()
            else:
                cards = [self._card_at(copy, place) for place in action]
                move = RemoveKing(cards[0]) if len(cards) == 1 else RemovePair(*cards)
            copy.push(move)
            line.append(move)
        return line

    def _card_at(self, game: Game, place: int) -> Card:
        number = place - _PILE
        if number < 0:
            card = game.pyramid[place]
        elif number == 0:
            card = game.stock_top
        elif number <= self.wastes:
            card = game.wastes[number - 1][-1]
        else:
            card = game.reserves[number - 1 - self.wastes][-1]
        assert card is not None, "a line only names cards that are present"
        return card


def _cards(state: _State) -> bytes:
    """What the walks key a position on: its cards where they lie, in one ``bytes``."""
    return state[0].to_bytes(4, "little") + state[1]


_Link = tuple[int, bytes | None, _Action]
"""What the walks keep of a position met: the fewest recycles it was met with, and the key of
the position it was first met from (None for the start) with the move that led there."""


def _walk(
    search: _VariantSearch, goal: int, floor: int, wins: bool
) -> tuple[int, int, list[_Action] | None]:
    """Branch and bound, removals before draws: (the best value met, positions met, the line
    to the first win when ``wins``).

    A position's value is its empty places, plus one if it is won and ``wins`` (so a win beats
    28 places emptied under the strict win). A position is expanded only if its upper bound
    (:meth:`_VariantSearch.outlook`, plus one where a win is left) beats the best known and
    reaches ``floor``; no position skipped can lead further, and one met again (or with no
    fewer recycles used) was expanded or skipped already (the best only grows), so the result
    is exact up to ``goal``, where the walk stops. The order positions are taken in does not
    matter to that, so when a win is looked for, the positions from which the bound says one is
    left go first, depth first, and the others wait (as the one-sequence search's two walks do,
    :mod:`pyramide.solver.walks`), to be taken highest bound first: the best positions are then
    found early, and the many of
    middling bound are never expanded.
    """
    start = search.start
    met: dict[bytes, _Link] = {_cards(start): (start[2], None, _DRAW)}
    best = search.removed(start)
    if wins and search.is_won(start):
        return best + 1, 1, []
    most, winnable = search.outlook(start)
    hopeful = [(start, most + (wins and winnable))]
    """Positions from which the bound says a win is left (all of them without ``wins``), with
    their bound (a win counting one more)."""
    waiting: list[tuple[int, int, int, _State]] = []
    """The others, as (-bound, -places emptied, order met, position): the highest bound first."""
    order = count()
    while (hopeful or waiting) and best < goal:
        if wins and not hopeful:  # every position the bound left a win to was expanded
            search.no_win = True
        if hopeful:
            state, bound = hopeful.pop()
        else:
            negative_bound, _, _, state = heapq.heappop(waiting)
            bound = -negative_bound
        if bound < max(best + 1, floor):
            if hopeful:
                continue
            break  # every position still waiting has a bound no higher
        search.tick()
        here = _cards(state)
        if met[here][0] < state[2]:
            continue
        for action, following in reversed(search.moves(state, walk=True)):
            key = _cards(following)
            seen = met.get(key)
            if seen is not None and seen[0] <= following[2]:
                continue
            met[key] = (following[2], here, action)
            value = search.removed(following)
            if wins and search.is_won(following):
                return value + 1, len(met), _unwind(met, key)
            best = max(best, value)
            most, winnable = search.outlook(following)
            if not wins or winnable:
                hopeful.append((following, most + (wins and winnable)))
            else:
                heapq.heappush(waiting, (-most, -value, next(order), following))
    return best, len(met), None


def _unwind(met: Mapping[bytes, _Link], key: bytes) -> list[_Action]:
    """The moves from the start to the position of ``key``, as the walk first met them."""
    actions: list[_Action] = []
    _, previous, action = met[key]
    while previous is not None:
        actions.append(action)
        _, previous, action = met[previous]
    actions.reverse()
    return actions


def _shortest(search: _VariantSearch, known: int) -> tuple[list[_Action] | None, int]:
    """A* from the start for a win in fewer than ``known`` moves: (its line, or None if there
    is none, and the positions expanded). Positions with no win left, or none in fewer than
    ``known`` moves, are not queued."""
    start = search.start
    first = search.lower_bound(start)
    if first is None or first >= known:
        return None, 0
    cost: dict[_State, int] = {start: 0}
    parent: dict[_State, tuple[_State, _Action]] = {}
    queue: list[tuple[int, int, int, _State]] = [(first, 0, 0, start)]
    pushed = expanded = 0
    while queue:
        _, negative_cost, _, state = heapq.heappop(queue)
        spent = -negative_cost
        if spent > cost[state]:
            continue
        expanded += 1
        search.tick()
        if search.is_won(state):
            line: list[_Action] = []
            while state in parent:
                state, action = parent[state]
                line.append(action)
            return line[::-1], expanded
        for action, following in search.moves(state, walk=False):
            total = spent + 1
            if total >= cost.get(following, total + 1):
                continue
            bound = search.lower_bound(following)
            if bound is None or total + bound >= known:
                continue
            cost[following] = total
            parent[following] = (state, action)
            pushed += 1
            heapq.heappush(queue, (total + bound, -total, pushed, following))
    return None, expanded


def solve_variant(game: Game, shortest: bool = True, time_limit: float | None = None) -> Solution:
    """:func:`pyramide.solver.solve` for the profiles with piles
    (:func:`pyramide.solver.uses_variant_search`).

    The walk proves the most removable and whether a win exists (raising
    :class:`SolverTimeout` past ``time_limit``, with ``winnable`` False if no win was left by
    then); with a win and ``shortest``, A* looks for a shorter line than the walk's, and
    running out of time there returns the walk's line with ``shortest`` false.
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _VariantSearch(game, deadline)
    try:
        best, positions, line = _walk(search, PYRAMID_SIZE + 1, 0, wins=True)
    except SolverTimeout:
        raise SolverTimeout(winnable=False if search.no_win else None) from None
    if line is None:
        return Solution(best, False, (), positions, True)
    proven = False
    if shortest:
        try:
            better, expanded = _shortest(search, len(line))
        except SolverTimeout:
            pass
        else:
            positions += expanded
            line = better if better is not None else line
            proven = True
    return Solution(PYRAMID_SIZE, True, tuple(search.replay(line)), positions, proven)


def can_remove_variant(game: Game, count: int, time_limit: float | None = None) -> bool:
    """:func:`pyramide.solver.can_remove` for the profiles with piles
    (:func:`pyramide.solver.uses_variant_search`)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _VariantSearch(game, deadline)
    return _walk(search, count, count, wins=False)[0] >= count
