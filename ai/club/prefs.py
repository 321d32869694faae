"""Which discard a strong player picks among those the offence and defence models score.

:func:`ai.club.discard.evaluate` gives each discard an expected value; between values
close together it cannot tell what top players can: which lone honour goes first,
which tile will be safe later, what to keep beside the dora.  :func:`features`
describes each option in those terms (and by its gap to the best expected value);
:func:`prefer` picks the option with the highest utility, a weighted sum of the
features whose weights (``Style.discard_prefs``) are fitted on real players' choices
(``benchmarks/fit_discards.py``; the figures are in docs/bot-tuning.md).

>>> FEATURES[:3]
('ev_gap', 'back', 'ukeire')
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.club.discard import Option
from ai.club.situation import Situation
from engine.tiles import dora_of, kind_of

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
"""The features of a discard, in the order of :func:`features`' rows."""


def features(sit: Situation, opts: Sequence[Option]) -> list[list[float]]:
    """One row of :data:`FEATURES` per option of one decision."""
    view = sit.view
    counts = sit.counts
    unseen = sit.unseen
    best_score = max(o.score for o in opts)
    best_sh = min(o.shanten for o in opts)
    best_uk = max((o.ukeire for o in opts if o.shanten == best_sh), default=0) or 1
    round_wind = view.round_wind % 4
    seat_wind = view.me.wind
    doras = {dora_of(kind_of(t)) for t in view.dora_indicators}
    early = len(view.me.river) < 6
    riichi_safe: set[int] | None = None
    for threat in sit.threats:
        if threat.riichi:
            riichi_safe = set(threat.safe) if riichi_safe is None \
                else riichi_safe & threat.safe
    drawn = kind_of(view.drawn) if view.drawn is not None else -1
    red_fives = view.ruleset.red_fives
    reds_held = [0] * 34
    for t in view.concealed():
        k = t >> 2
        if red_fives and k % 9 == 4 and k < 27 and (t & 3) < red_fives:
            reds_held[k] += 1
    pairs = sum(1 for c in counts if c == 2)
    best_points = max(o.points for o in opts)
    best_win = max(o.win for o in opts)
    terminals = sum(c for j, c in enumerate(counts) if j >= 27 or j % 9 in (0, 8))
    suits = [sum(counts[j] for j in range(9 * x, 9 * x + 9)) for x in range(3)]
    honours = sum(counts[27:])
    top = max(range(3), key=lambda x: suits[x])
    main_suit = top if suits[top] + honours >= 9 and any(
        suits[x] for x in range(3) if x != top) else None
    lone_total = sum(1.0 for j in range(34) if counts[j] and _lone(counts, j))
    suji: set[int] | None = None
    if riichi_safe is not None:
        suji = set()
        for j in riichi_safe:
            if j < 27:
                n = j % 9
                if n >= 3:
                    suji.add(j - 3)
                if n <= 5:
                    suji.add(j + 3)
    rows: list[list[float]] = []
    for o in opts:
        k = o.kind
        row = [0.0] * len(FEATURES)
        row[0] = max(-8.0, (o.score - best_score) / 1000.0)
        row[1] = 1.0 if o.shanten > best_sh else 0.0
        row[2] = o.ukeire / best_uk if o.shanten == best_sh else 0.0
        if k >= 27:
            if k >= 31:
                row[7] = 1.0
            else:
                w = k - 27
                if w == round_wind and w == seat_wind:
                    row[6] = 1.0
                elif w == round_wind:
                    row[5] = 1.0
                elif w == seat_wind:
                    row[4] = 1.0
                else:
                    row[3] = 1.0
            if early:
                row[17] = 1.0
        else:
            n = k % 9
            if n in (0, 8):
                row[8] = 1.0
                if early:
                    row[18] = 1.0
            elif n in (1, 7):
                row[9] = 1.0
            lo, hi = k - n, k - n + 8
            if counts[k] == 1 and not any(counts[j] for j in range(max(lo, k - 2),
                                                                   min(hi, k + 2) + 1)
                                          if j != k):
                row[10] = 1.0
            if k not in doras and any(d for d in doras
                                      if d < 27 and d // 9 == k // 9 and abs(d - k) <= 2):
                row[14] = 1.0
            if reds_held[k] and reds_held[k] == counts[k]:
                row[15] = 1.0
        if counts[k] == 2:
            row[11] = 1.0
        elif counts[k] >= 3:
            row[12] = 1.0
        if k in doras:
            row[13] = 1.0
        if unseen[k] == 0:
            row[16] = 1.0
        if riichi_safe is not None and k in riichi_safe:
            row[19] = 1.0
        row[20] = o.danger / 1000.0
        if k == drawn:
            row[21] = 1.0
        if o.score == best_score:
            row[22] = 1.0
        if k < 27:
            n = k % 9
            row[23] = float((n > 0 and counts[k - 1] > 0) + (n < 8 and counts[k + 1] > 0))
            row[24] = float((n > 1 and counts[k - 2] > 0) + (n < 7 and counts[k + 2] > 0))
            if (n > 1 and counts[k - 2] and counts[k - 1]) \
                    or (0 < n < 8 and counts[k - 1] and counts[k + 1]) \
                    or (n < 7 and counts[k + 1] and counts[k + 2]):
                row[25] = 1.0
            if suji is not None and k in suji:
                row[29] = 1.0
        if counts[k] == 2 and pairs == 1:
            row[26] = 1.0
        row[27] = unseen[k] / 3.0
        row[28] = (lone_total - (1.0 if _lone(counts, k) else 0.0)) / 4.0
        if k >= 27:
            row[30] = unseen[k] / 12.0
        else:
            n = k % 9
            row[30] = sum(unseen[j] for j in range(k - min(n, 2), k + min(8 - n, 2) + 1)) / 12.0
        row[31] = o.points / best_points if best_points > 0 else 0.0
        row[32] = o.win / best_win if best_win > 0 else 0.0
        if o.shanten == best_sh:
            row[33] = (best_uk - o.ukeire) / 10.0
        yaochuu = k >= 27 or k % 9 in (0, 8)
        if yaochuu and terminals <= 3:
            row[34] = 1.0
        if main_suit is not None and k < 27 and k // 9 != main_suit:
            row[35] = 1.0
        rows.append(row)
    return rows


def prefer(sit: Situation, opts: Sequence[Option], weights: Sequence[float]) -> Option:
    """The option of the highest utility (the first of equals)."""
    rows = features(sit, opts)
    best = 0
    best_u = float("-inf")
    for i, row in enumerate(rows):
        u = sum(w * x for w, x in zip(weights, row, strict=True))
        if u > best_u:
            best, best_u = i, u
    return opts[best]


def _lone(counts: Sequence[int], k: int) -> bool:
    """A single tile with nothing of its suit within two (an honour: a single one)."""
    if counts[k] != 1:
        return False
    if k >= 27:
        return True
    n = k % 9
    return not any(counts[j] for j in range(k - min(n, 2), k + min(8 - n, 2) + 1) if j != k)
