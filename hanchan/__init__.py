"""hanchan for scripts: the names a program needs, importable from one place.

Play a game step by step with bots in every seat (``Game.pending()`` says who must
decide and what they may do, ``act`` refuses an illegal choice with
:class:`IllegalAction` and its ``reason``), score a hand written in mpsz, and read
a saved game back to step through it.

>>> from hanchan import Game, Replay, load_ruleset, make_bot, score_hand
>>> rules = load_ruleset("makura")
>>> game = Game(rules, seed=7)
>>> bots = [make_bot("greedy", seed=seat) for seat in range(4)]
>>> while not game.over:
...     for seat, legal in game.pending().items():
...         _ = game.act(seat, bots[seat].choose(game.view(seat), legal))
>>> final = game.events[-1]
>>> sum(row.points for row in final.table) == 4 * rules.start_points
True
>>> replay = Replay(game.events)
>>> replay.to_end() is replay.state and replay.at_end
True

>>> result = score_hand("123m456p789s1122z", win="2z", seat="S", round="S", tsumo=True)
>>> result.han, result.fu, result.total
(3, 30, 4000)

Saved games: ``load_save(path).events`` is a game's events (``open_game(path)`` also
reads other tools' logs: tenhou.net/6, mjlog, mjai), the same ``Replay``
steps through them (``hanchan play`` writes them; ``hanchan import`` turns
Tenhou and mjai logs into them).  Bot levels: :data:`LEVELS`.  A bot author needs
only this module: the actions a seat may choose (``Discard``, ``Pon``, ...), the
``PlayerView`` a bot sees and ``Bot``.  Every error is a :class:`HanchanError`
(``hanchan.errors`` lists them).

The names are looked up when first used: the packages below the front door
(``hanchan.errors``, ``hanchan.words``) are imported by the engine, rulesets and
saves, so this module must not import those back while they load.

>>> import hanchan
>>> sorted(set(dir(hanchan)) & {"Game", "Discard", "PlayerView"})
['Discard', 'Game', 'PlayerView']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanchan.ai.base import LEVELS, Bot, BotLevelError, make_bot
    from hanchan.engine.actions import (
        Action,
        AddedKan,
        Chi,
        ClosedKan,
        Discard,
        EndGame,
        NineTerminals,
        OpenKan,
        Pass,
        Pon,
        Ron,
        ShowHand,
        Tsumo,
    )
    from hanchan.engine.game import Game
    from hanchan.engine.legal import IllegalAction
    from hanchan.engine.scoring import ScoreResult
    from hanchan.engine.tiles import TileError
    from hanchan.engine.view import PlayerView, RiverTile, SeatInfo
    from hanchan.errors import HanchanError
    from hanchan.rulesets.loader import RulesetError, load_ruleset
    from hanchan.rulesets.schema import Ruleset
    from hanchan.saves.open import open_game
    from hanchan.saves.reader import SaveError
    from hanchan.saves.reader import load as load_save
    from hanchan.saves.replay import Replay
    from hanchan.words.hands import RequestError, score_hand

# Each public name, and the module it lives in (the name there, where it differs).
_HOMES: dict[str, tuple[str, str]] = {
    **{name: ("hanchan.ai.base", name) for name in ("LEVELS", "Bot", "BotLevelError", "make_bot")},
    **{name: ("hanchan.engine.actions", name) for name in (
        "Action", "AddedKan", "Chi", "ClosedKan", "Discard", "EndGame", "NineTerminals",
        "OpenKan", "Pass", "Pon", "Ron", "ShowHand", "Tsumo")},
    "Game": ("hanchan.engine.game", "Game"),
    "IllegalAction": ("hanchan.engine.legal", "IllegalAction"),
    "ScoreResult": ("hanchan.engine.scoring", "ScoreResult"),
    "TileError": ("hanchan.engine.tiles", "TileError"),
    **{name: ("hanchan.engine.view", name) for name in ("PlayerView", "RiverTile", "SeatInfo")},
    "HanchanError": ("hanchan.errors", "HanchanError"),
    "RequestError": ("hanchan.words.hands", "RequestError"),
    "score_hand": ("hanchan.words.hands", "score_hand"),
    "RulesetError": ("hanchan.rulesets.loader", "RulesetError"),
    "load_ruleset": ("hanchan.rulesets.loader", "load_ruleset"),
    "Ruleset": ("hanchan.rulesets.schema", "Ruleset"),
    "SaveError": ("hanchan.saves.reader", "SaveError"),
    "load_save": ("hanchan.saves.reader", "load"),
    "Replay": ("hanchan.saves.replay", "Replay"),
    "open_game": ("hanchan.saves.open", "open_game"),
}

__all__ = [
    "Action",
    "AddedKan",
    "Bot",
    "BotLevelError",
    "Chi",
    "ClosedKan",
    "Discard",
    "EndGame",
    "Game",
    "HanchanError",
    "IllegalAction",
    "LEVELS",
    "NineTerminals",
    "OpenKan",
    "Pass",
    "PlayerView",
    "Pon",
    "Replay",
    "RequestError",
    "RiverTile",
    "Ron",
    "Ruleset",
    "RulesetError",
    "SaveError",
    "ScoreResult",
    "SeatInfo",
    "ShowHand",
    "TileError",
    "Tsumo",
    "load_ruleset",
    "load_save",
    "make_bot",
    "open_game",
    "score_hand",
]


def __getattr__(name: str) -> object:
    """The public ``name``, from its module (imported on first use)."""
    try:
        module, attr = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module 'hanchan' has no attribute {name!r}") from None
    return getattr(importlib.import_module(module), attr)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
