"""The interface, the factory, and every level playing legal, repeatable games."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hanchan.ai import LEVELS, Bot, BotLevelError, make_bot
from hanchan.ai.arena import play_game, stats_from_events
from hanchan.engine.actions import Action, Discard, Pass, Pon, Ron, Tsumo
from hanchan.engine.events import Event, GameEnded, Won
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset
from tests.kit.botviews import make_view


@pytest.mark.parametrize("level", LEVELS)
def test_make_bot_gives_a_bot(level: str) -> None:
    assert isinstance(make_bot(level, 1), Bot)


def test_unknown_level_is_a_plain_error() -> None:
    with pytest.raises(BotLevelError, match="not a bot level"):
        make_bot("grandmaster", 0)


class Checked:
    """Wraps a bot and checks every choice is one of the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = getattr(bot, "level", "?")
        self.calls = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(view, legal)
        assert a in legal
        self.calls += 1
        return a


@pytest.mark.parametrize("levels", [
    ("random", "greedy", "easy", "normal"),
    ("strong", "strong", "normal", "greedy"),
])
def test_levels_play_a_whole_legal_game(levels: tuple[str, ...]) -> None:
    bots = [Checked(make_bot(lv, i)) for i, lv in enumerate(levels)]
    events = play_game(Ruleset(), bots, seed=11)
    assert isinstance(events[-1], GameEnded)
    stats = stats_from_events(events)
    assert sum(s.ranks[0] for s in stats) == 1
    assert all(b.calls > 0 for b in bots)


def test_a_fixed_seed_gives_the_same_game() -> None:
    def game() -> list[Event]:
        bots = [make_bot(lv, 5 + i) for i, lv in enumerate(("easy", "strong", "random", "greedy"))]
        return play_game(Ruleset(), bots, seed=3)

    assert game() == game()


def test_greedy_discards_for_the_fastest_hand_and_declares_riichi() -> None:
    # 123m456p789s 11z 55z + drawn 7z: only discarding 7z keeps tenpai (1z/5z shanpon).
    v = make_view("123m456p789s1155z", drawn="7z")
    tiles = v.concealed()
    legal = [Discard(t) for t in tiles] + [Discard(t, riichi=True) for t in tiles
                                          if t >> 2 == 33]
    a = make_bot("greedy", 0).choose(v, legal)
    assert isinstance(a, Discard) and a.riichi and a.tile >> 2 == 33
    no_riichi = make_bot("greedy", 0).choose(v, [x for x in legal if not x.riichi])
    assert no_riichi == Discard(a.tile)


def test_greedy_calls_nothing_and_always_wins() -> None:
    v = make_view("123m456p789s1157z", last_discard=(3, "7z"))
    g = make_bot("greedy", 0)
    t = v.hand[-2:]
    assert isinstance(g.choose(v, [Pon((t[0], t[1])), Pass()]), Pass)
    assert isinstance(g.choose(v, [Ron(), Pass()]), Ron)
    assert isinstance(g.choose(v, [Tsumo(), Discard(v.hand[0])]), Tsumo)


@pytest.mark.parametrize("level", LEVELS[1:])
def test_every_thinking_level_wins_when_it_can(level: str) -> None:
    v = make_view("123m456p789s1157z", last_discard=(3, "7z"))
    bot = make_bot(level, 0)
    assert isinstance(bot.choose(v, [Ron(), Pass()]), Ron)


def test_random_bot_is_seeded() -> None:
    v = make_view("123m456p789s1157z", drawn="9m")
    legal = [Discard(t) for t in v.concealed()]
    a = [make_bot("random", 4).choose(v, legal) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    picks = {make_bot("random", s).choose(v, legal) for s in range(30)}
    assert len(picks) > 3


def test_stats_count_wins_and_deal_ins_from_events() -> None:
    bots = [make_bot("greedy", i) for i in range(4)]
    events = play_game(Ruleset(), bots, seed=21)
    stats = stats_from_events(events)
    wins = sum(len(e.wins) for e in events if isinstance(e, Won))
    rons = sum(1 for e in events if isinstance(e, Won) for w in e.wins if w.from_seat is not None)
    assert sum(s.wins for s in stats) == wins
    assert sum(s.deal_ins for s in stats) <= rons
    assert all(s.call_hands == 0 for s in stats)  # greedy never calls
