"""hanchan for scripts: the names a program needs, importable from one place.

Play a game step by step with bots in every seat (``Game.pending()`` says who must
decide and what they may do, ``act`` refuses an illegal choice with
:class:`IllegalAction` and its ``reason``), score a hand written in mpsz, and read
a saved game back to step through it.

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

Saved games: ``load_save(path).events`` is a game's events, the same ``Replay``
steps through them (``hanchan play`` writes them; ``hanchan import`` turns
Tenhou and mjai logs into them).  ``open_game(path).events`` reads any game file:
a save (refereed as ``hanchan verify`` does) or a tenhou.net/6, mjlog or mjai log.
Bot levels: :data:`LEVELS`.
"""

from ai.base import LEVELS, Bot, BotLevelError, make_bot
from engine.game import Game, IllegalAction
from engine.scoring import ScoreResult
from rulesets.loader import RulesetError, load_ruleset
from rulesets.schema import Ruleset
from saves.open import open_game
from saves.reader import SaveError
from saves.reader import load as load_save
from saves.replay import Replay
from text.hands import RequestError, score_hand

__all__ = [
    "LEVELS",
    "Bot",
    "BotLevelError",
    "Game",
    "IllegalAction",
    "Replay",
    "RequestError",
    "Ruleset",
    "RulesetError",
    "SaveError",
    "ScoreResult",
    "load_ruleset",
    "load_save",
    "make_bot",
    "open_game",
    "score_hand",
]
