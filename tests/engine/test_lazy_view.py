"""Lazy views (engine.visibility.lazy_view): made when first read, equal to the plain
view of the same moment whenever they are read, holding nothing of the state before."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random
from collections.abc import Sequence

import pytest

from ai.arena import play_game
from ai.base import Bot
from ai.random_bot import RandomBot
from engine import visibility
from engine.actions import Action
from engine.game import Game
from engine.state import GameState
from engine.view import PlayerView
from engine.visibility import UNREAD, lazy_view, settle
from tests.kit.game import CLUBS, smart_choice


@pytest.mark.parametrize("club", sorted(CLUBS))
def test_a_lazy_view_equals_the_plain_view_read_now_or_after_the_game_moved_on(
        club: str) -> None:
    """At every decision: a lazy view read at once equals the plain view, and one kept
    unread while the seat acts equals the plain view from before the act (it is made
    before the act's first event)."""
    rng = random.Random(11)
    g = Game(CLUBS[club], seed=11)
    steps = moved = 0
    while not g.over and steps < 1500:
        seat, acts = next(iter(g.pending().items()))
        plain = g.view(seat)
        read = g.lazy_view(seat)
        assert read.hand == plain.hand and type(read) is PlayerView  # filled by the read
        assert dataclasses.astuple(read) == dataclasses.astuple(plain)
        kept = g.lazy_view(seat)
        assert type(kept) is not PlayerView  # not made yet
        events = g.act(seat, smart_choice(rng, acts, g, seat))
        assert (type(kept) is PlayerView) == bool(events)  # made when the state changes
        moved += bool(events)
        assert dataclasses.astuple(kept) == dataclasses.astuple(plain)
        steps += 1
    assert steps > 300 and 0 < moved < steps  # (a claim answered alone changes nothing)
    assert not any(st is g.state for _, st, _ in UNREAD.values())


def test_an_unread_lazy_view_holds_nothing_of_the_state() -> None:
    """A bot given a lazy view cannot reach the game state through it before it reads
    it: the view holds only its own empty fields (the honesty of tests/ai)."""
    g = Game(CLUBS["tenhou"], seed=3)
    seat = next(iter(g.pending()))
    v = g.lazy_view(seat)
    seen: set[int] = set()
    todo: list[object] = [v]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, GameState)
        todo.extend(gc.get_referents(obj))
    assert vars(v) == {}
    assert v == g.view(seat)  # and reading it gives the whole view


def test_an_unread_lazy_view_compares_hashes_prints_and_copies_as_the_plain_view() -> None:
    g = Game(CLUBS["makura"], seed=5)
    seat = next(iter(g.pending()))
    plain = g.view(seat)
    assert g.lazy_view(seat) == plain
    assert plain == g.lazy_view(seat)  # (the reflected comparison)
    assert hash(g.lazy_view(seat)) == hash(plain)
    assert repr(g.lazy_view(seat)) == repr(plain)
    for made in (copy.copy(g.lazy_view(seat)), copy.deepcopy(g.lazy_view(seat)),
                 pickle.loads(pickle.dumps(g.lazy_view(seat))),
                 dataclasses.replace(g.lazy_view(seat))):
        assert type(made) is PlayerView and made == plain
    with pytest.raises(AttributeError):
        _ = g.lazy_view(seat).no_such_field  # type: ignore[attr-defined]  # on purpose


def test_views_dropped_unread_are_forgotten_and_never_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A view dropped unread is never built, and its entry goes when the game moves on."""
    built: list[int] = []
    real = visibility._build

    def counting(v: PlayerView, st: GameState, seat: int) -> PlayerView:
        built.append(seat)
        return real(v, st, seat)

    monkeypatch.setattr(visibility, "_build", counting)
    g = Game(CLUBS["tenhou"], seed=8)
    seat, acts = next(iter(g.pending().items()))
    v = lazy_view(g.state, seat)
    key = id(v)
    del v
    assert key in UNREAD
    g.act(seat, acts[-1])  # settles before the first event
    assert key not in UNREAD and not built
    kept = g.lazy_view(g.state.turn)
    settle(g.state)
    assert len(built) == 1  # a view still held is made by settle, before any read
    assert kept.seat == built[0] and len(built) == 1  # (and not made again when read)


class _Reader:
    """Reads its view on its first decision only; records what it was given."""

    def __init__(self) -> None:
        self.given: list[bool] = []  # whether each view given was already made
        self._rng = random.Random(1)

    def choose(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        self.given.append(type(v) is PlayerView)
        if len(self.given) == 1:
            assert v.hand  # a read
        return legal[self._rng.randrange(len(legal))]


class _Blind:
    """Never reads its view; records whether each was made before it was given."""

    def __init__(self, seed: int) -> None:
        self._bot = RandomBot(seed)
        self.given: list[bool] = []

    def choose(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        self.given.append(type(v) is PlayerView)
        return self._bot.choose(v, legal)


def test_the_arena_gives_lazy_views_until_a_bot_reads_one() -> None:
    """A bot that never reads gets lazy views it never pays for; a bot that reads gets
    plain views after its first read; the game is the one plain views give."""
    reader, blind = _Reader(), _Blind(2)
    bots: list[Bot] = [reader, blind, RandomBot(3), RandomBot(4)]
    events = play_game(CLUBS["tenhou"], bots, seed=21)
    assert reader.given[0] is False and all(reader.given[1:]) and len(reader.given) > 50
    assert not any(blind.given) and len(blind.given) > 50
    # the same choices from plain views give the same game
    reader2, blind2 = _Reader(), _Blind(2)
    g = Game(CLUBS["tenhou"], ("_Reader", "_Blind", "random", "random"), seed=21)
    chooser: list[Bot] = [reader2, blind2, RandomBot(3), RandomBot(4)]
    while not g.over:
        for seat, legal in g.pending().items():
            g.act(seat, chooser[seat].choose(g.view(seat), legal))
            if g.over:
                break
    assert g.events == events
