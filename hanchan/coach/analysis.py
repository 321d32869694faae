"""The analysis of one moment in words: every legal choice as the ``strong`` bot measures it.

:func:`analysis_lines` lays a :class:`~ai.decision.Judgement` out as a table, the bot's
choice first: the hand's shanten after each choice, the tiles that improve it (at
tenpai, the waits), the chance to win the hand, the worth of that win, the deal-in
danger and the score the bot maximises.  The figures are the bot's own
(:meth:`ai.club.ClubBot.judge`); nothing here measures anything.  :func:`analysis_json`
gives the same for scripts (``hanchan analyse --json``, docs/cli.md).

>>> from hanchan.ai.decision import Decision, Judged, Judgement
>>> from hanchan.engine.actions import Discard
>>> j = Judged(Discard(124), 1, 20, (0, 3), 0.4, 3900.0, 0.0, 1560.0)
>>> analysis_lines(Judgement(Decision(Discard(124), "x"), (j,)), 1)[1]
'▶ Discard 5z     1-shanten  20 (14m)             40%    3,900       0    1,560'
"""

from __future__ import annotations

from typing import Any

from hanchan.ai.decision import Judged, Judgement
from hanchan.coach.advice import reason_words
from hanchan.engine.actions import Discard
from hanchan.engine.tiles import format_kinds, format_tiles, kind_of
from hanchan.engine.view import PlayerView
from hanchan.words.actions import action_words
from hanchan.words.names import shanten_words

HEADER = ("choice", "hand after", "tiles", "win", "value", "danger", "score")
"""The columns of :func:`analysis_lines`."""


def _num(v: float | None) -> str:
    return "" if v is None else f"{round(v):,}"


def _tiles(j: Judged) -> str:
    if j.ukeire is None or (j.shanten is not None and j.shanten < 0):
        return ""
    return f"{j.ukeire} ({format_kinds(j.kinds)})" if j.kinds else str(j.ukeire)


def cells(j: Judged, red_fives: int) -> tuple[str, ...]:
    """One row of the table: the :data:`HEADER` columns of ``j`` in words."""
    win = "" if j.win is None else f"{j.win * 100:.0f}%"
    shape = "" if j.shanten is None else shanten_words(j.shanten)
    return (action_words(j.action, red_fives), shape, _tiles(j), win,
            _num(j.value), _num(j.danger), _num(j.score))


_WIDTHS = (14, 10, 18, 5, 8, 7, 8)
_RIGHT = (False, False, False, True, True, True, True)


def _line(mark: str, row: tuple[str, ...]) -> str:
    parts = [c.rjust(w) if right else c.ljust(w)
             for c, w, right in zip(row, _WIDTHS, _RIGHT, strict=True)]
    return (mark + " " + " ".join(parts)).rstrip()


def analysis_lines(judgement: Judgement, red_fives: int) -> list[str]:
    """The table: a header, then one line per choice, the bot's choice first (``▶``)."""
    lines = [_line(" ", HEADER)]
    for i, j in enumerate(judgement.choices):
        lines.append(_line("▶" if i == 0 else " ", cells(j, red_fives)))
    return lines


def reason(judgement: Judgement) -> str:
    """The bot's reason for its choice, in words a player reads."""
    return reason_words(judgement.decision)


def _round(v: float | None, digits: int = 1) -> float | None:
    if v is None or v != v or v in (float("inf"), float("-inf")):
        return None
    return round(v, digits)


def choice_json(j: Judged, red_fives: int) -> dict[str, Any]:
    """One measured choice as JSON (docs/cli.md, ``hanchan analyse --json``)."""
    a = j.action
    tile = format_tiles([a.tile], red_fives) if isinstance(a, Discard) else None
    return {
        "choice": action_words(a, red_fives),
        "discard": tile,
        "riichi": isinstance(a, Discard) and a.riichi,
        "shanten": j.shanten,
        "acceptance": j.ukeire,
        "improving": format_kinds(j.kinds) if j.shanten != 0 else "",
        "waits": format_kinds(j.kinds) if j.shanten == 0 else "",
        "win": _round(j.win, 4),
        "value": _round(j.value),
        "danger": _round(j.danger),
        "score": _round(j.score),
    }


def analysis_json(judgement: Judgement, view: PlayerView) -> dict[str, Any]:
    """The analysis of ``view``'s moment as one JSON object (docs/cli.md)."""
    red = view.ruleset.red_fives
    return {
        "seat_wind": "ESWN"[view.me.wind],
        "hand": format_tiles(sorted(view.hand, key=kind_of), red),
        "drawn": None if view.drawn is None else format_tiles([view.drawn], red),
        "melds": [format_tiles(sorted(m.tiles, key=kind_of), red) for m in view.me.melds],
        "tiles_left": view.wall_remaining,
        "best": action_words(judgement.decision.action, red),
        "reason": reason(judgement),
        "choices": [choice_json(j, red) for j in judgement.choices],
    }
