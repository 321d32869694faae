"""Whole games for the save tests: played by the engine's runner with simple bots."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from hanchan.ai.base import make_bot
from hanchan.engine.actions import Action, Chi, Discard, Tsumo
from hanchan.engine.events import Event, GameStarted
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header


@functools.lru_cache(maxsize=8)
def played_game(seed: int = 1, level: str = "easy", rules: Ruleset | None = None
                ) -> tuple[Event, ...]:
    """All events of one finished hanchan between four bots of ``level``."""
    bots = [make_bot(level, seed * 4 + i) for i in range(4)]
    events: list[Event] = []
    game = Game(rules or Ruleset(), seed=seed, listeners=[events.append])
    while not game.over:
        for seat, actions in game.pending().items():
            game.act(seat, bots[seat].choose(game.view(seat), actions))
    return tuple(events)


Mistake = Callable[[Game, tuple[Action, ...]], Action | None]
"""What the person (seat 0) plays instead of its bot's choice, asked before each of its
choices with the game and its legal actions; None: the bot's choice."""


def erring_game(seed: int, rules: Ruleset, mistake: Mistake, level: str = "easy"
                ) -> tuple[Event, ...]:
    """A finished practice-mode game between bots of ``level`` in which seat 0 (the
    person) makes the mistakes ``mistake`` names."""
    bots = [make_bot(level, seed * 4 + i) for i in range(4)]
    events: list[Event] = []
    game = Game(rules.replace(practice_mode=True), seed=seed, listeners=[events.append],
                practice_seats=(0,))
    while not game.over:
        for seat, actions in game.pending().items():
            wrong = mistake(game, actions) if seat == 0 else None
            if wrong is not None:
                game.act(0, wrong)
                break
            game.act(seat, bots[seat].choose(game.view(seat), actions))
    return tuple(events)


@functools.lru_cache(maxsize=8)
def practice_game(seed: int, rules: Ruleset, level: str = "easy") -> tuple[Event, ...]:
    """A finished practice-mode hanchan where seat 0 (the person) errs: a false tsumo (a
    chombo) at its first turn of the second hand and, when the rules have a false-call
    penalty, a false chi at its first chance to answer a discard in the third hand; bots
    play everything else, seat 0 too."""
    erred: set[str] = set()

    def mistake(game: Game, actions: tuple[Action, ...]) -> Action | None:
        hand = game.state.hands_started
        if hand == 2 and "chombo" not in erred and Tsumo() not in actions \
                and game.state.phase == "turn":
            erred.add("chombo")
            return Tsumo()
        if (hand == 3 and "call" not in erred and rules.false_call != "none"
                and game.state.phase == "claim"):
            erred.add("call")
            return Chi((0, 0))
        return None

    return erring_game(seed, rules, mistake, level)


@functools.lru_cache(maxsize=4)
def chombo_game(seed: int, rules: Ruleset, level: str = "easy") -> tuple[Event, ...]:
    """A practice-mode game where seat 0 (the person) declares a false tsumo (a chombo) at
    its first turn of every hand, until its payments end the game (``rules.bust`` must be
    ``below_zero``, or this never ends); bots play everything else."""
    erred: set[int] = set()

    def mistake(game: Game, actions: tuple[Action, ...]) -> Action | None:
        hand = game.state.hands_started
        if hand not in erred and Tsumo() not in actions and game.state.phase == "turn":
            erred.add(hand)
            return Tsumo()
        return None

    return erring_game(seed, rules, mistake, level)


@functools.lru_cache(maxsize=4)
def open_riichi_game(seed: int, rules: Ruleset, level: str = "easy") -> tuple[Event, ...]:
    """A finished hanchan between bots where every riichi a seat may declare open is declared
    open (``rules`` must allow open riichi)."""
    bots = [make_bot(level, seed * 4 + i) for i in range(4)]
    events: list[Event] = []
    game = Game(rules, seed=seed, listeners=[events.append])
    while not game.over:
        for seat, actions in game.pending().items():
            opened = [a for a in actions if isinstance(a, Discard) and a.open]
            game.act(seat, opened[0] if opened else bots[seat].choose(game.view(seat), actions))
    return tuple(events)


def unfinished_save(folder: Path, bots: Sequence[str | None], *, seed: int = 2,
                    events: int = 300, name: str = "part", pointer: bool = False,
                    players: tuple[str, str, str, str] | None = None) -> Path:
    """The first ``events`` events of :func:`played_game` saved in ``folder`` as an
    unfinished game whose header gives the seats ``bots`` (a level, ``mjai:COMMAND``, or
    None for a person); ``players``: other names in its ``GameStarted``; ``pointer``: the
    autosave the menu offers to continue."""
    game = list(played_game(seed)[:events])
    start = game[0]
    assert isinstance(start, GameStarted)
    if players is not None:
        game[0] = msgspec.structs.replace(start, players=players)
    seats = [SeatInfo(f"Seat {s}", bot) for s, bot in enumerate(bots)]
    header = make_header(start.ruleset.to_dict(), seats, start.seed)
    with GameWriter.create(folder, header, name=name, pointer=pointer) as writer:
        writer.extend(game)
    return writer.path
