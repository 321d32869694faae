"""The score situation as a value: what points are worth at this point of the game.

A game is settled by points plus the uma and oka of the final rank, so a bot that
plays for the result weighs a win or a deal-in by how it changes the expected final
rank, not only by its points.  :class:`Standing` models every player's final score as
the current one plus a normal spread that shrinks with the hands still to play
(:data:`SPREAD_PER_HAND` per hand), and reads the chance of each final rank from it:

* early in the game, with close scores, points are worth about their face value;
* late, a win that overtakes someone is worth the uma it brings, a win that changes
  nothing is worth little more than its points, and a deal-in to the nearest rival
  costs more than one to a seat far away;
* in the last hand the ranks after a win are certain (the game ends), while doing
  nothing leaves the others this hand to overtake;
* under the bust rule a score below zero ends the game at once;
* where the rules extend the game while nobody has reached their target (Tenhou's
  West round), a result that leaves everyone short of it plays on
  (:data:`EXTENSION_HANDS` more hands), and one that reaches it ends the game.

Values are given in *points of the game's start*: the expected result change divided
by what a point is worth at the first hand with equal scores (about 2.8 points of
uma and oka per point under Tenhou's rules), so that the bot's other constants keep
their meaning.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import lru_cache

from hanchan.engine.settlement import rank_order, uma_by_position
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset, last_round_index, regular_rounds

SPREAD_PER_HAND = 4000.0
"""Standard deviation of one player's score change over one hand, in points."""

RENCHAN = 1.25
"""Hands played per dealer turn on average (repeats of the dealer)."""

EXTENSION_HANDS = 2.0
"""Hands an extension is taken to add when the game would end with nobody at its target."""

RON_SHARE = 0.6
"""Share of wins by ron (the rest by tsumo) when the payer is not known yet."""

_SQRT2 = math.sqrt(2.0)


def last_round(rules: Ruleset) -> int:
    """Round wind of the game's last regular round (0 East, 1 South)."""
    return regular_rounds(rules) - 1


def hands_after(rules: Ruleset, round_wind: int, hand_number: int) -> float:
    """Expected number of hands still to play after the current one.

    Inside an extension round played in full (``full_rounds``) the round's own hands
    still come; past them, and in a sudden-death extension, :func:`extension_follows`
    tells whether the game goes on.
    """
    if round_wind > last_round(rules) and rules.extension == "full_rounds":
        return (3 - hand_number) * RENCHAN
    dealer_turns = (last_round(rules) - round_wind) * 4 + (3 - hand_number)
    return max(0, dealer_turns) * RENCHAN


def extension_follows(rules: Ruleset, round_wind: int, hand_number: int) -> bool:
    """Whether the game may be extended after this hand (when nobody has the target).

    True from the last regular hand on, under rules with an extension, up to the last
    hand of the last round the extension may reach.
    """
    if rules.extension == "none" or hands_after(rules, round_wind, hand_number) > 0:
        return False
    return not (round_wind >= last_round_index(rules) and hand_number == 3)


def rank_worth(rules: Ruleset, points: Sequence[int]) -> list[float]:
    """What finishing in each rank position is worth, in points (uma, oka to the top)."""
    order = rank_order(points)
    worth = [float(u) * 1000.0 for u in uma_by_position(points, order, rules)]
    worth[0] += rules.oka * 1000.0
    return worth


def equity(rules: Ruleset, scores: Sequence[int], me: int, spread: float,
           worth: Sequence[float] | None = None) -> float:
    """Expected final result of seat ``me``: its points plus the expected uma and oka.

    Every final score is the current one plus a normal spread of ``spread``; the chance
    of each rank comes from the chances that each other seat ends above ``me``.
    ``worth`` (the value of each rank position) is read from the ruleset when not given.
    """
    if worth is None:
        worth = rank_worth(rules, scores)
    if rules.bust == "below_zero" and min(scores) < 0:
        spread = 0.0  # somebody is bust: the game ends here
    if spread <= 0.0:
        return scores[me] + worth[rank_order(scores).index(me)]
    # chance of k others above me (k = 0..3), the others taken as independent
    d0, d1, d2, d3 = 1.0, 0.0, 0.0, 0.0
    scale = spread * _SQRT2
    mine = scores[me]
    erfc = math.erfc
    for seat, score in enumerate(scores):
        if seat == me:
            continue
        above = 0.5 * erfc((mine - score) / scale / _SQRT2)
        below = 1.0 - above
        d3 = d3 * below + d2 * above
        d2 = d2 * below + d1 * above
        d1 = d1 * below + d0 * above
        d0 *= below
    w0, w1, w2, w3 = worth
    return mine + sum([d0 * w0, d1 * w1, d2 * w2, d3 * w3])


@lru_cache(maxsize=64)
def point_worth(rules: Ruleset) -> float:
    """What one point is worth in final result at the first hand with equal scores."""
    start = [rules.start_points] * 4
    spread = SPREAD_PER_HAND * math.sqrt(hands_after(rules, 0, 0) + 1.0)
    step = 1000
    up = list(start)
    up[0] += step
    for seat in (1, 2, 3):
        up[seat] -= step // 3
    down = list(start)
    down[0] -= step
    for seat in (1, 2, 3):
        down[seat] += step // 3
    slope = (equity(rules, up, 0, spread) - equity(rules, down, 0, spread)) / (2 * step)
    return max(slope, 1.0)


class Standing:
    """The seat's score situation: the worth of a win or a deal-in in start points."""

    __slots__ = ("_after", "_base", "_dealer", "_extension", "_kappa", "_last", "_losses", "_me",
                 "_now", "_rules", "_scores", "_sudden", "_wins", "_worth")

    def __init__(self, view: PlayerView) -> None:
        rules = view.ruleset
        self._rules = rules
        self._me = view.seat
        self._dealer = view.dealer
        self._scores = [s.score for s in view.seats]
        # a fixed uma does not depend on the points: read it once
        self._worth = rank_worth(rules, self._scores) if rules.uma_scheme == "fixed" else None
        self._wins: dict[float, float] = {}
        self._losses: dict[tuple[int, float], float] = {}
        after = hands_after(rules, view.round_wind, view.hand_number)
        self._after = SPREAD_PER_HAND * math.sqrt(after)
        self._last = after == 0
        self._sudden = (rules.extension == "sudden_death"
                        and view.round_wind > last_round(rules))  # inside the extension
        # the spread of the extension's hands where one may follow this hand (else 0)
        self._extension = (SPREAD_PER_HAND * math.sqrt(EXTENSION_HANDS) if extension_follows(
            rules, view.round_wind, view.hand_number) else 0.0)
        # with this hand still to play (also after a dealer's win, which repeats it)
        self._now = SPREAD_PER_HAND * math.sqrt(after + 1.0)
        base_spread = self._now
        if self._plays_on(self._scores):
            base_spread = max(base_spread, SPREAD_PER_HAND * math.sqrt(1.0 + EXTENSION_HANDS))
        self._base = equity(rules, self._scores, self._me, base_spread, self._worth)
        self._kappa = point_worth(rules)

    def _moved(self, gains: Sequence[tuple[int, float]], *, winner: int | None = None) -> float:
        scores = list(self._scores)
        for seat, delta in gains:
            scores[seat] += round(delta)
        return self._equity_at(scores, winner)

    def _dealer_stops(self, scores: Sequence[int]) -> bool:
        """Whether the game ends after the dealer's win in the last hand at ``scores``.

        By ``agariyame``: never (none), by itself when the dealer is top (auto_if_top,
        with the target where an extension follows), and a top dealer is taken to choose
        to stop (if_top, always).  In a sudden-death extension with
        ``extension_dealer_keeps`` "target_ends" the game ends once anybody has the target.
        """
        r = self._rules
        if (self._sudden and r.extension_dealer_keeps == "target_ends"
                and max(scores) >= r.extension_target):
            return True
        if r.agariyame == "none" or rank_order(scores)[0] != self._dealer:
            return False
        if r.agariyame == "auto_if_top":
            return (r.extension == "none"
                    or scores[self._dealer] >= r.extension_target)
        return True

    def _equity_at(self, scores: list[int], winner: int | None) -> float:
        """:meth:`_moved` once the points have moved to ``scores``; ``winner`` the seat
        that won the hand (a dealer's win repeats it: West-round rules included)."""
        spread = self._after
        if winner == self._dealer and not (self._last and self._dealer_stops(scores)):
            spread = self._now
        if self._plays_on(scores):
            # nobody has the target: the game is extended (Tenhou's West round)
            spread = max(spread, self._extension)
        return equity(self._rules, scores, self._me, spread, self._worth)

    def _plays_on(self, scores: Sequence[int]) -> bool:
        """Whether the game is extended after this hand at ``scores`` (nobody at the target)."""
        return bool(self._extension) and max(scores) < self._rules.extension_target

    def win(self, value: float) -> float:
        """Worth of winning ``value`` points, by ron from an unknown seat or by tsumo."""
        found = self._wins.get(value)
        if found is None:
            found = self._wins[value] = self._win(value)
        return found

    def _win(self, value: float) -> float:
        # the points move as _moved moves them (each share rounded), on lists made here
        me = self._me
        dealer = self._dealer
        start = self._scores
        gain = round(value)
        lost = round(-value)
        at = self._equity_at
        rons = []
        tsumo_scores = list(start)
        tsumo_scores[me] += gain
        for s in range(4):
            if s == me:
                continue
            scores = list(start)
            scores[me] += gain
            scores[s] += lost
            rons.append(at(scores, me))
            share = value / 3.0 if me == dealer else value / (2.0 if s == dealer else 4.0)
            tsumo_scores[s] += round(-share)
        ron = sum(rons) / 3.0
        tsumo = at(tsumo_scores, me)
        result = RON_SHARE * ron + (1.0 - RON_SHARE) * tsumo
        return max(0.0, (result - self._base) / self._kappa)

    def loss(self, seat: int, value: float) -> float:
        """Worth lost by dealing ``value`` points into ``seat``."""
        key = (seat, value)
        found = self._losses.get(key)
        if found is None:
            after = self._moved(((self._me, -value), (seat, value)), winner=seat)
            found = self._losses[key] = max(0.0, (self._base - after) / self._kappa)
        return found


_SHARED: dict[tuple[int, int, int, int, int, tuple[int, ...]], Standing] = {}
_SHARED_MAX = 512


def standing_of(view: PlayerView) -> Standing:
    """The :class:`Standing` of ``view``'s seat, shared by views of the same situation.

    A standing reads only the rules, the seat, the dealer, the round, the hand and the
    scores, which the views of one hand mostly share: the worths it has remembered
    (:meth:`Standing.win`, :meth:`Standing.loss`) serve every later decision.
    """
    rules = view.ruleset
    key = (id(rules), view.seat, view.dealer, view.round_wind, view.hand_number,
           tuple([s.score for s in view.seats]))
    found = _SHARED.get(key)
    if found is None or found._rules is not rules:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        found = _SHARED[key] = Standing(view)
    return found


def noten_payments(rules: Ruleset, tenpai: Sequence[bool]) -> list[int]:
    """Each seat's change from the noten payments of an exhaustive draw."""
    n = sum(tenpai)
    if not rules.noten_payment or n in (0, 4):
        return [0, 0, 0, 0]
    each = rules.noten_payment // (n * (4 - n))
    return [each * (4 - n) if t else -each * n for t in tenpai]


def _others_tenpai(me: int, chances: Sequence[float]) -> Iterator[tuple[float, list[bool]]]:
    """Every way the seats other than ``me`` may be tenpai, with its chance (none of 0)."""
    others = [s for s in range(4) if s != me]
    for mask in range(8):
        ten = [False] * 4
        p = 1.0
        for bit, seat in enumerate(others):
            ten[seat] = bool(mask >> bit & 1)
            p *= chances[seat] if ten[seat] else 1.0 - chances[seat]
        if p != 0.0:
            yield p, ten


def show_payment_gain(rules: Ruleset, me: int, chances: Sequence[float]) -> float:
    """What showing a tenpai hand at an exhaustive draw gains ``me`` in noten payments
    over declaring noten: the expected difference, ``chances`` being each seat's chance
    of being tenpai (``me``'s own entry is ignored).

    >>> show_payment_gain(Ruleset(), 0, [0.0, 0.0, 0.0, 0.0])  # alone: +3,000 or nothing
    3000.0
    >>> show_payment_gain(Ruleset(), 0, [0.0, 1.0, 0.0, 0.0])  # +1,500 or -1,000
    2500.0
    """
    gain = 0.0
    for p, ten in _others_tenpai(me, chances):
        ten[me] = True
        shown = noten_payments(rules, ten)[me]
        ten[me] = False
        gain += p * (shown - noten_payments(rules, ten)[me])
    return gain


def declare_noten_gain(view: PlayerView, chances: Sequence[float]) -> float:
    """What a dealer's noten declaration in the game's last hand gains over showing.

    Declared noten, the deal passes and the game ends (when no extension follows and
    ``renchan_at_draw`` passes a noten dealer's deal): the
    ranks are final after the noten payments, and the sticks on the table go to the
    top.  Shown, the dealer is paid as tenpai and plays on for
    :data:`RENCHAN` hands more.  ``chances`` is each seat's chance of being tenpai (the
    dealer's own entry is ignored); the gain is an expected final result in points
    (positive: declare noten).
    """
    rules = view.ruleset
    me = view.seat
    scores = [s.score for s in view.seats]
    on = SPREAD_PER_HAND * math.sqrt(RENCHAN)
    # does a noten dealer's deal pass (renchan_at_draw)? under ako's rule (8-15-01-01) it
    # stays after the East round, and declaring noten ends nothing
    passes = rules.renchan_at_draw in ("tenpai", "never") or (
        rules.renchan_at_draw == "tenpai_or_after_east" and view.round_wind == 0)
    gain = 0.0
    for p, ten in _others_tenpai(me, chances):
        ten[me] = True
        shown = [a + b for a, b in zip(scores, noten_payments(rules, ten), strict=True)]
        ten[me] = False
        hidden = [a + b for a, b in zip(scores, noten_payments(rules, ten), strict=True)]
        ends = passes and (rules.extension == "none" or max(hidden) >= rules.extension_target)
        if ends and rules.leftover_sticks == "top" and view.sticks:
            hidden[rank_order(hidden)[0]] += view.sticks * 1000
        gain += p * (equity(rules, hidden, me, 0.0 if ends else on)
                     - equity(rules, shown, me, on))
    return gain
