"""A bot that declares it never reads its view (``ai.base.ViewlessBot``) is asked without
one: the arena builds no view for it, and the game is the one plain views give."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.ai.arena import play_game
from hanchan.ai.base import Bot, ViewlessBot, make_bot
from hanchan.ai.random_bot import RandomBot
from hanchan.engine.actions import Action
from hanchan.engine.game import Game
from hanchan.engine.view import PlayerView
from tests.kit.game import CLUBS


class _Reader:
    """Reads every view it is given; records the views."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []
        self._rng = random.Random(1)

    def choose(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        self.views.append(v)
        assert v.hand or v.seats[v.seat].melds  # a read
        return legal[self._rng.randrange(len(legal))]


class _Blind:
    """Declares it never reads its view; counts how it was asked."""

    def __init__(self, seed: int) -> None:
        self._bot = RandomBot(seed)
        self.with_view = 0
        self.without = 0

    def choose(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        self.with_view += 1
        return self._bot.choose(v, legal)

    def choose_legal(self, legal: Sequence[Action]) -> Action:
        self.without += 1
        return self._bot.choose_legal(legal)


def test_the_arena_asks_a_viewless_bot_without_a_view() -> None:
    reader, blind = _Reader(), _Blind(2)
    assert isinstance(blind, ViewlessBot) and not isinstance(reader, ViewlessBot)
    events = play_game(CLUBS["tenhou"], [reader, blind, RandomBot(3), RandomBot(4)], seed=21)
    assert blind.with_view == 0 and blind.without > 50
    assert all(type(v) is PlayerView for v in reader.views) and len(reader.views) > 50
    # the same choices from plain views, each bot asked through choose, give the same game
    reader2, blind2 = _Reader(), _Blind(2)
    g = Game(CLUBS["tenhou"], ("_Reader", "_Blind", "random", "random"), seed=21)
    chooser: list[Bot] = [reader2, blind2, RandomBot(3), RandomBot(4)]
    while not g.over:
        for seat, legal in g.pending().items():
            g.act(seat, chooser[seat].choose(g.view(seat), legal))
            if g.over:
                break
    assert g.events == events
    assert blind2.without == 0 and blind2.with_view == blind.without
    assert [v for v in reader2.views] == reader.views


def test_the_random_bot_declares_it_and_chooses_alike_either_way() -> None:
    bot, twin = make_bot("random", seed=7), make_bot("random", seed=7)
    assert isinstance(bot, ViewlessBot)
    view = Game(CLUBS["tenhou"], seed=3).view(0)
    legal = [*range(5)]
    picks = [bot.choose_legal(legal) for _ in range(40)]
    assert picks == [twin.choose(view, legal) for _ in range(40)]
    assert not isinstance(make_bot("strong", seed=1), ViewlessBot)
