"""Which discard a strong player picks among those the offence and defence models score.

:func:`ai.club.discard.evaluate` gives each discard an expected value; between values
close together it cannot tell what top players can: which lone honour goes first,
which tile will be safe later, what to keep beside the dora.  :func:`sparse_rows`
describes each option in those terms (and by its gap to the best expected value);
:func:`prefer` picks the option with the highest utility, a weighted sum of the
features whose weights (``Style.discard_prefs``) are fitted on real players' choices
(``benchmarks/fit_discards.py``; the figures are in docs/bot-tuning.md).  A row lists
only the features that are not 0, as (index, value) pairs: most are 0 for any one
discard, and a bot weighs every discard of every turn.

>>> FEATURES[:3]
('ev_gap', 'back', 'ukeire')
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.ai.club.discard import Option
from hanchan.ai.club.situation import Situation
from hanchan.engine.tiles import dora_of

FEATURES = (
    "ev_gap",  # (score - best score) / 1000, at most 8 below
    "back",  # the discard raises the shanten
    "ukeire",  # ukeire / the best ukeire at the same shanten
    "guest_wind", "seat_wind", "round_wind", "double_wind", "dragon",
    "terminal", "two_eight",  # suited 1/9 and 2/8 (3-7 is the baseline)
    "lone",  # a suited tile with no other within two of it
    "pair", "set",  # the hand holds two / three or more of the kind
    "dora", "near_dora", "red",  # the kind is dora / within two of a dora / a red five goes
    "dead",  # no copy of the kind unseen: it can no longer pair or make a set
    "early_honour", "early_terminal",  # honour / terminal in the first six own discards
    "safe",  # safe against every seat in riichi (only when one is)
    "danger",  # the model's expected loss / 1000
    "drawn",  # the tile just drawn (tsumogiri)
    "is_best",  # the highest expected value
    "next_to",  # suited: kinds held right beside it (0-2)
    "gap_to",  # suited: kinds held two away (0-2)
    "in_run",  # suited: part of a complete run held
    "pair_only",  # the hand's only pair
    "unseen",  # unseen copies / 3
    "lone_after",  # lone tiles (honours and suited with nothing within two) left / 4
    "suji",  # suited, suji of a tile the seat in riichi threw (only against a riichi)
    "connect",  # unseen tiles within two of it (suited) or of its kind (honour) / 12
    "value",  # the win's estimated points / the best option's
    "win",  # the chance to win / the best option's
    "uk_lost",  # tiles of ukeire given up against the best at the same shanten / 10
    "tanyao_way",  # a terminal or honour from a hand with at most three of them
    "flush_way",  # a tile off the suit that with the honours makes nine or more of the hand
)
"""The features of a discard, in the order of their indices in a row."""

Row = list[tuple[int, float]]
"""The features of one option that are not 0: (index in :data:`FEATURES`, value)."""

_YAOCHUU = frozenset(k for k in range(34) if k >= 27 or k % 9 in (0, 8))


def _lone(counts: Sequence[int], k: int) -> bool:
    """A single tile with nothing of its suit within two (an honour: a single one)."""
    if counts[k] != 1:
        return False
    if k >= 27:
        return True
    n = k % 9
    return not any(counts[j] for j in range(k - min(n, 2), k + min(8 - n, 2) + 1) if j != k)


def sparse_rows(sit: Situation, opts: Sequence[Option]) -> list[Row]:
    """One :data:`Row` per option of one decision."""
    d = _Decision(sit, opts)
    return [_row(d, o) for o in opts]


class _Decision:
    """What every option's row of one decision reads, computed once."""

    __slots__ = ("best_points", "best_score", "best_sh", "best_uk", "best_win", "counts",
                 "doras", "drawn", "early", "lone", "lone_total", "main_suit", "reds_held",
                 "riichi_safe", "round_wind", "seat_wind", "single_pair", "suji",
                 "terminals", "unseen")

    def __init__(self, sit: Situation, opts: Sequence[Option]) -> None:
        view = sit.view
        counts = self.counts = sit.counts
        self.unseen = sit.unseen
        self.best_score = max(o.score for o in opts)
        best_sh = self.best_sh = min(o.shanten for o in opts)
        self.best_uk = max((o.ukeire for o in opts if o.shanten == best_sh), default=0) or 1
        self.best_points = max(o.points for o in opts)
        self.best_win = max(o.win for o in opts)
        self.round_wind = view.round_wind % 4 + 27
        self.seat_wind = view.me.wind + 27
        self.doras = {dora_of(t >> 2) for t in view.dora_indicators}
        self.early = len(view.me.river) < 6
        self.riichi_safe = _riichi_safe(sit)
        self.suji = _suji(self.riichi_safe)
        self.drawn = view.drawn >> 2 if view.drawn is not None else -1
        self.reds_held = _reds_held(view.concealed(), view.ruleset.red_fives)
        self.single_pair = counts.count(2) == 1
        self.lone = [counts[j] == 1 and _lone(counts, j) for j in range(34)]
        self.lone_total = self.lone.count(True)
        self.terminals = sum(counts[j] for j in _YAOCHUU)
        self.main_suit = _main_suit(counts)


def _riichi_safe(sit: Situation) -> set[int] | None:
    """The kinds safe against every seat in riichi; None when no seat is."""
    safe: set[int] | None = None
    for threat in sit.threats:
        if threat.riichi:
            safe = set(threat.safe) if safe is None else safe & threat.safe
    return safe


def _suji(safe: set[int] | None) -> set[int]:
    """The suited kinds three away from a safe suited kind (in its suit)."""
    suji: set[int] = set()
    for j in safe or ():
        if j < 27:
            n = j % 9
            if n >= 3:
                suji.add(j - 3)
            if n <= 5:
                suji.add(j + 3)
    return suji


def _reds_held(tiles: Sequence[int], red_fives: int) -> list[int]:
    """Per kind, the red fives among ``tiles``."""
    held = [0] * 34
    if red_fives:
        for t in tiles:
            k = t >> 2
            if k < 27 and k % 9 == 4 and (t & 3) < red_fives:
                held[k] += 1
    return held


def _main_suit(counts: Sequence[int]) -> int:
    """The suit that with the honours makes nine or more of the hand while another suit
    is held too (a flush to go for); else -1."""
    suits = (sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]))
    top = max(range(3), key=suits.__getitem__)
    if suits[top] + sum(counts[27:]) >= 9 and any(suits[x] for x in range(3) if x != top):
        return top
    return -1


def _row(d: _Decision, o: Option) -> Row:
    """The features of option ``o``, in the order :func:`prefer` sums them."""
    k = o.kind
    ck = d.counts[k]
    row: Row = []
    _speed(d, o, row)
    lone = d.lone[k]
    if k >= 27:
        _honour(d, k, row)
    else:
        _suited(d, k, ck, lone, row)
        _shape(d.counts, k, row)
        _around(d, k, row)
    _holding(d, k, ck, row)
    _outcome(d, o, k, lone, row)
    return row


def _speed(d: _Decision, o: Option, row: Row) -> None:
    """ev_gap or is_best; ukeire and uk_lost, or back."""
    gap = (o.score - d.best_score) / 1000.0
    if gap:
        row.append((0, gap if gap > -8.0 else -8.0))
    else:
        row.append((22, 1.0))
    if o.shanten == d.best_sh:
        best_uk = d.best_uk
        row.append((2, o.ukeire / best_uk))
        if o.ukeire != best_uk:
            row.append((33, (best_uk - o.ukeire) / 10.0))
    else:
        row.append((1, 1.0))


def _honour(d: _Decision, k: int, row: Row) -> None:
    """The winds and dragons, early_honour, connect."""
    if k >= 31:
        row.append((7, 1.0))
    elif k == d.round_wind:
        row.append((6 if k == d.seat_wind else 5, 1.0))
    else:
        row.append((4 if k == d.seat_wind else 3, 1.0))
    if d.early:
        row.append((17, 1.0))
    row.append((30, d.unseen[k] / 12.0))


def _suited(d: _Decision, k: int, ck: int, lone: bool, row: Row) -> None:
    """terminal, early_terminal, two_eight, lone, near_dora, red."""
    n = k % 9
    if n == 0 or n == 8:
        row.append((8, 1.0))
        if d.early:
            row.append((18, 1.0))
    elif n == 1 or n == 7:
        row.append((9, 1.0))
    if lone:
        row.append((10, 1.0))
    doras = d.doras
    if k not in doras:
        for x in doras:
            if x < 27 and x // 9 == k // 9 and -2 <= x - k <= 2:
                row.append((14, 1.0))
                break
    held = d.reds_held[k]
    if held and held == ck:
        row.append((15, 1.0))


def _shape(counts: Sequence[int], k: int, row: Row) -> None:
    """next_to, gap_to, in_run (suited ``k``)."""
    n = k % 9
    left1 = n > 0 and counts[k - 1] > 0
    right1 = n < 8 and counts[k + 1] > 0
    left2 = n > 1 and counts[k - 2] > 0
    right2 = n < 7 and counts[k + 2] > 0
    if left1 or right1:
        row.append((23, float(left1 + right1)))
    if left2 or right2:
        row.append((24, float(left2 + right2)))
    if (left2 and left1) or (left1 and right1) or (right1 and right2):
        row.append((25, 1.0))


def _around(d: _Decision, k: int, row: Row) -> None:
    """suji, connect, flush_way (suited ``k``)."""
    if k in d.suji:
        row.append((29, 1.0))
    n = k % 9
    lo = k - (n if n < 2 else 2)
    hi = k + ((8 - n) if n > 6 else 2)
    row.append((30, sum(d.unseen[lo:hi + 1]) / 12.0))
    if d.main_suit >= 0 and k // 9 != d.main_suit:
        row.append((35, 1.0))


def _holding(d: _Decision, k: int, ck: int, row: Row) -> None:
    """pair, pair_only, set, dora, dead or unseen, safe."""
    if ck == 2:
        row.append((11, 1.0))
        if d.single_pair:
            row.append((26, 1.0))
    elif ck >= 3:
        row.append((12, 1.0))
    if k in d.doras:
        row.append((13, 1.0))
    uk = d.unseen[k]
    if uk == 0:
        row.append((16, 1.0))
    else:
        row.append((27, uk / 3.0))
    if d.riichi_safe is not None and k in d.riichi_safe:
        row.append((19, 1.0))


def _outcome(d: _Decision, o: Option, k: int, lone: bool, row: Row) -> None:
    """danger, drawn, lone_after, value, win, tanyao_way."""
    if o.danger:
        row.append((20, o.danger / 1000.0))
    if k == d.drawn:
        row.append((21, 1.0))
    left = d.lone_total - lone
    if left:
        row.append((28, left / 4.0))
    best_points = d.best_points
    if best_points > 0 and o.points:
        row.append((31, o.points / best_points))
    best_win = d.best_win
    if best_win > 0 and o.win:
        row.append((32, o.win / best_win))
    if k in _YAOCHUU and d.terminals <= 3:
        row.append((34, 1.0))


def features(sit: Situation, opts: Sequence[Option]) -> list[list[float]]:
    """The rows of :func:`sparse_rows` with every feature (for fitting the weights)."""
    out: list[list[float]] = []
    for row in sparse_rows(sit, opts):
        dense = [0.0] * len(FEATURES)
        for i, x in row:
            dense[i] = x
        out.append(dense)
    return out


def prefer(sit: Situation, opts: Sequence[Option], weights: Sequence[float]) -> Option:
    """The option of the highest utility (:func:`utilities`; the first of equals)."""
    us = utilities(sit, opts, weights)
    return opts[max(range(len(us)), key=us.__getitem__)]


def utilities(sit: Situation, opts: Sequence[Option], weights: Sequence[float]
              ) -> list[float]:
    """Each option's utility: its row's features weighted and summed, the sum
    :func:`prefer` maximises."""
    out: list[float] = []
    for row in sparse_rows(sit, opts):
        u = 0.0
        for i, x in row:
            u += weights[i] * x
        out.append(u)
    return out
