"""Exact riichi scoring under every ``Ruleset`` option.

Public API (what the game engine, the CLI and the tools call):

* :class:`WinContext` / :class:`ScoreResult` and :func:`score_win` — score one win,
  the best-scoring reading of the hand;
* :func:`is_winning_shape` and :func:`decompositions` — hand shape analysis;
* :func:`win_payments` — the payment lines of a win (honba, sticks, pao, wareme);
* :func:`limit_points` — a bare limit payment (nagashi mangan at a draw);
* :func:`yaku_table` — the yaku under a ruleset, for ``hanchan rules yaku``.

Modules: ``score`` (``score_win``: checks, memo, the fast path for ordinary hands),
``full`` (the complete scorer it falls back on; ``score_reference`` runs it alone),
``suits`` and ``melds`` (tables of suit patterns and of valid melds), ``decompose``,
``registry``, ``points``, ``payments``, ``types``.

>>> from hanchan.engine.tiles import parse_tiles
>>> from hanchan.rulesets.schema import Ruleset
>>> hand = tuple(parse_tiles("123456789m11p234s"))
>>> r = score_win(WinContext(hand, (), hand[-1], tsumo=False, seat_wind=1, round_wind=0,
...                          riichi=True), Ruleset())
>>> r.han, r.fu, r.total, [y for y, _ in r.yaku]
(4, 30, 7700, ['riichi', 'pinfu', 'ittsu'])
"""

from hanchan.engine.scoring.decompose import decompositions, is_winning_shape
from hanchan.engine.scoring.payments import win_payments
from hanchan.engine.scoring.points import limit_points
from hanchan.engine.scoring.registry import EN_NAMES, NAMES, YAKUMAN_IDS, yaku_table
from hanchan.engine.scoring.score import clear_cache, score_win
from hanchan.engine.scoring.types import (
    SEQ,
    TRIPLET,
    Decomposition,
    PointSplit,
    ScoreResult,
    WinContext,
    YakuInfo,
)

__all__ = [
    "EN_NAMES",
    "NAMES",
    "SEQ",
    "TRIPLET",
    "YAKUMAN_IDS",
    "Decomposition",
    "PointSplit",
    "ScoreResult",
    "WinContext",
    "YakuInfo",
    "clear_cache",
    "decompositions",
    "is_winning_shape",
    "limit_points",
    "score_win",
    "win_payments",
    "yaku_table",
]
