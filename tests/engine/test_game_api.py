"""The runner's public API: pending/act, refusals, listeners, seeds, walls, views."""

from __future__ import annotations

import random

import msgspec
import pytest

from hanchan.engine.actions import Discard, Pass, Tsumo
from hanchan.engine.events import Event, GameStarted, HandStarted
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction, listed
from hanchan.engine.state import snapshot
from tests.kit.game import CLUBS, build_wall, smart_choice

NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}


def test_refusals_are_plain_sentences_and_change_nothing() -> None:
    g = Game(CLUBS["tenhou"], seed=1)
    before = (len(g.events), snapshot(g.state))
    for seat, action in ((1, Pass()), (0, Tsumo()), (0, Discard(999)), (0, Pass())):
        with pytest.raises(IllegalAction) as info:
            g.act(seat, action)
        reason = info.value.reason
        assert reason and reason[0].isupper() and reason.endswith(".")
    assert (len(g.events), snapshot(g.state)) == before


def test_listeners_see_every_event_in_order() -> None:
    seen: list[Event] = []
    g = Game(CLUBS["tenhou"], seed=2, listeners=[seen.append])
    later: list[Event] = []
    rng = random.Random(0)
    for _ in range(50):
        seat, acts = next(iter(g.pending().items()))
        if len(g.events) > 20 and not later:
            g.add_listener(later.append)
            mark = len(g.events)
        g.act(seat, smart_choice(rng, acts, g, seat))
    assert isinstance(seen[0], GameStarted) and seen == g.events
    assert later == g.events[mark:]


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    def play(seed: int) -> list[Event]:
        rng = random.Random(5)
        g = Game(CLUBS["tenhou"], seed=seed)
        while not g.over:
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, smart_choice(rng, acts, g, seat))
        return g.events

    a, b = play(7), play(7)
    assert a == b
    assert [e for e in a if isinstance(e, HandStarted)][0].wall != \
        [e for e in play(8) if isinstance(e, HandStarted)][0].wall


def test_wall_source_sets_each_hand_and_its_dice() -> None:
    wall = build_wall(NOTEN)
    calls: list[int] = []

    def source(i: int) -> object:
        calls.append(i)
        return (wall, (3, 4)) if i == 0 else None

    g = Game(CLUBS["tenhou"], seed=0, wall_source=source)
    first = [e for e in g.events if isinstance(e, HandStarted)][0]
    assert first.wall == wall and first.dice == (3, 4) and calls == [0]


def test_views_hide_other_hands_and_the_wall() -> None:
    g = Game(CLUBS["tenhou"], seed=3)
    v0, v1 = g.view(0), g.view(1)
    assert len(v0.concealed()) == 14 and v0.drawn is not None
    assert v1.drawn is None and len(v1.hand) == 13
    assert set(v1.hand).isdisjoint(v0.concealed())
    assert not hasattr(v1, "wall") and v1.seats[0].hand_size == 14
    assert v0.wall_remaining == 136 - 14 - 52 - 1


def test_an_action_equal_to_a_listed_one_is_listed() -> None:
    """``act`` finds a choice among the legal actions by identity first; a copy equal to a
    listed action (a record replayed, a bot that builds its own) is listed too, and an
    action equal to none is not."""
    rng = random.Random(4)
    g = Game(CLUBS["tenhou"], seed=4)
    seen_claim = False
    while not g.over:
        for seat, acts in g.pending().items():
            for a in acts:
                copy = type(a)(**msgspec.structs.asdict(a))
                assert copy is not a and listed(copy, acts)
            if g.state.phase == "turn":
                held = set(g.state.seats[seat].hand)
                missing = next(t for t in range(136) if t not in held)
                assert not listed(Discard(missing), acts)
                assert listed(Pass(), acts) == (Pass() in acts)
                assert listed(Tsumo(), acts) == (Tsumo() in acts)
            else:
                seen_claim = True
            g.act(seat, smart_choice(rng, acts, g, seat))
    assert seen_claim


def test_the_state_is_read_only_and_a_resumed_game_is_built_as_a_new_one() -> None:
    g = Game(CLUBS["tenhou"], seed=3)
    with pytest.raises(AttributeError):
        g.state = g.state  # type: ignore[misc]  # only the game's events change it
    # from_events goes through the constructor: the same game, the same choices asked
    again = Game.from_events(g.events)
    assert type(again) is Game and snapshot(again.state) == snapshot(g.state)
    assert again.pending() == g.pending() and again.events == g.events
