"""The arena: bots play whole games against each other, and their statistics.

:func:`play_game` plays one game between four bots (by level) from a seed and returns
the events and one :class:`SeatStats` per seat, read from the events.  :func:`run`
plays many games (in processes with ``jobs > 1``), optionally in duplicate: every
wall once per rotation of the four bots over the seats, so that luck cancels out.
A fixed seed gives the same games.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hanchan.ai.base import (
    DEFAULT_MJAI,
    MJAI,
    Bot,
    MjaiOptions,
    ViewlessBot,
    WatchingBot,
    make_seat,
)
from hanchan.ai.mjai.options import bot_name, rules_notice
from hanchan.engine.events import (
    Called,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import GameWriter, make_header

log = logging.getLogger("hanchan.mjai")
"""Where the notes of outside bots go as they happen (also recorded in the game)."""


@dataclass(slots=True)
class SeatStats:
    """What one seat did in one game (or, summed, in many)."""

    games: int = 0
    hands: int = 0
    wins: int = 0
    win_points: int = 0  # sum of the hands' values (before honba and sticks)
    deal_ins: int = 0
    deal_in_points: int = 0  # sum of the values of the wins dealt in (before honba and sticks)
    riichi: int = 0
    call_hands: int = 0  # hands in which the seat called at least once (chi, pon, open kan)
    draws: int = 0  # hands that ended in a draw
    exhaustive_draws: int = 0  # draws at the wall's end (the tenpai check)
    draw_tenpai: int = 0  # of those, the ones with the seat tenpai
    ranks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    final_points: float = 0.0  # sum of final results (thousands, after uma and oka)
    raw_points: int = 0  # sum of final raw points
    chips: int = 0  # sum of the chips won or lost (rules that count chips)

    def add(self, other: SeatStats) -> None:
        """Add another record to this one."""
        self.games += other.games
        self.hands += other.hands
        self.wins += other.wins
        self.win_points += other.win_points
        self.deal_ins += other.deal_ins
        self.deal_in_points += other.deal_in_points
        self.riichi += other.riichi
        self.call_hands += other.call_hands
        self.draws += other.draws
        self.exhaustive_draws += other.exhaustive_draws
        self.draw_tenpai += other.draw_tenpai
        self.ranks = [a + b for a, b in zip(self.ranks, other.ranks, strict=True)]
        self.final_points += other.final_points
        self.raw_points += other.raw_points
        self.chips += other.chips

    def summary(self) -> dict[str, Any]:
        """The figures of the CLI's JSON, per level (see docs/cli.md)."""
        hands = self.hands or 1
        games = self.games or 1
        return {
            "seat_games": self.games,
            "avg_rank": round(sum((i + 1) * n for i, n in enumerate(self.ranks)) / games, 4),
            "ranks": list(self.ranks),
            "avg_points": round(self.final_points / games, 3),
            "avg_chips": round(self.chips / games, 3),
            "win_rate": round(self.wins / hands, 4),
            "deal_in_rate": round(self.deal_ins / hands, 4),
            "riichi_rate": round(self.riichi / hands, 4),
            "call_rate": round(self.call_hands / hands, 4),
            "avg_win_value": round(self.win_points / self.wins) if self.wins else 0,
            "draw_rate": round(self.draws / hands, 4),
            "avg_deal_in_value": (round(self.deal_in_points / self.deal_ins)
                                  if self.deal_ins else 0),
            "draw_tenpai_rate": (round(self.draw_tenpai / self.exhaustive_draws, 4)
                                 if self.exhaustive_draws else 0.0),
        }


_PLAY = frozenset({Drew, Discarded})
"""The events most of a game is made of, which no statistic reads."""


def stats_from_events(events: Sequence[Event]) -> list[SeatStats]:
    """Per-seat statistics of one game, read from its events only."""
    out = [SeatStats(games=1) for _ in range(4)]
    riichi: set[int] = set()
    called: set[int] = set()

    def close_hand() -> None:
        for s in riichi:
            out[s].riichi += 1
        for s in called:
            out[s].call_hands += 1
        riichi.clear()
        called.clear()

    for ev in events:
        if type(ev) in _PLAY:
            continue
        if isinstance(ev, HandStarted):
            for s in out:
                s.hands += 1
        elif isinstance(ev, RiichiDeclared):
            riichi.add(ev.seat)
        elif isinstance(ev, Called):
            called.add(ev.seat)
        elif isinstance(ev, Won):
            losers: set[int] = set()
            for w in ev.wins:
                out[w.seat].wins += 1
                out[w.seat].win_points += w.points
                if w.from_seat is not None:
                    losers.add(w.from_seat)  # a double ron is one deal-in of both values
                    out[w.from_seat].deal_in_points += w.points
            for loser in losers:
                out[loser].deal_ins += 1
            close_hand()
        elif isinstance(ev, HandDrawn):
            exhaustive = ev.kind == "exhaustive"
            for st, tenpai in zip(out, ev.tenpai, strict=True):
                st.draws += 1
                if exhaustive:
                    st.exhaustive_draws += 1
                    st.draw_tenpai += tenpai
            close_hand()
        elif isinstance(ev, GameEnded):
            for row in ev.table:
                st = out[row.seat]
                st.ranks[row.rank - 1] += 1
                st.final_points += row.result
                st.raw_points += row.points
                st.chips += row.chips
    return out


def play_game(
    rules: Ruleset,
    bots: Sequence[Bot],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    listener: Callable[[Event], None] | None = None,
    max_steps: int = 200_000,
) -> list[Event]:
    """Play one game between four bots (seat order) from ``seed``; returns its events.

    Bots that watch the game (:class:`~ai.base.WatchingBot`, outside mjai bots) see
    every event; their notes are recorded in the game as ``Note`` events (and logged),
    and they are closed when the game ends.  A game with such a bot starts with a note
    of where the rules differ from Tenhou's.
    """
    if len(bots) != 4:
        raise ValueError("a game needs exactly four bots")
    players = tuple(names) if names is not None else tuple(
        getattr(b, "level", type(b).__name__) for b in bots)
    watchers = [(s, b) for s, b in enumerate(bots) if isinstance(b, WatchingBot)]
    listeners: list[Callable[[Event], None]] = [b.see for _, b in watchers]
    if listener:
        listeners.append(listener)
    try:
        game = Game(rules, players, seed=seed, listeners=listeners)
        notice = rules_notice(rules) if watchers else None
        if notice:
            game.note(None, notice)

        def record_notes() -> None:
            for s, b in watchers:
                for text in b.take_notes():
                    log.warning("%s", text)
                    game.note(s, text)

        record_notes()  # a bot that could not start
        steps = 0
        pending_of, view, act = game.pending, game.view, game.act
        choosers = [b.choose for b in bots]
        # a bot that never reads its view (the random bot) is asked without one
        blind = [b.choose_legal if isinstance(b, ViewlessBot) else None for b in bots]
        while not game.over:
            pending = pending_of()
            if not pending:
                raise RuntimeError("the game waits for nobody but is not over")
            for seat, legal in pending.items():  # (a dict pending() never changes)
                pick = blind[seat]
                action = pick(legal) if pick is not None else choosers[seat](view(seat), legal)
                if watchers:
                    record_notes()
                act(seat, action)
                steps += 1
                if game.over:
                    break
            if steps > max_steps:
                raise RuntimeError("the game did not end")
    finally:
        for _, b in watchers:
            b.close()
    return list(game.events)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: the levels by seat, the seed, and where to save it."""

    index: int
    levels: tuple[str, str, str, str]
    seed: int
    save_dir: str | None = None
    mjai: MjaiOptions = DEFAULT_MJAI


def game_seed(seed: int, wall: int) -> int:
    """The game seed of the ``wall``-th wall sequence of a run with ``seed``."""
    return (seed * 1_000_003 + wall * 7_919) & 0x7FFFFFFF


def schedule(levels: Sequence[str], games: int, seed: int, duplicate: bool,
             save_dir: str | None = None, mjai: MjaiOptions = DEFAULT_MJAI) -> list[GameSpec]:
    """The games of a run.  In duplicate, ``games`` is rounded up to a multiple of 4."""
    lv = tuple(levels)
    specs: list[GameSpec] = []
    if duplicate:
        walls = (games + 3) // 4
        for w in range(walls):
            s = game_seed(seed, w)
            for r in range(4):
                rot = (lv[(0 - r) % 4], lv[(1 - r) % 4], lv[(2 - r) % 4], lv[(3 - r) % 4])
                specs.append(GameSpec(len(specs), rot, s, save_dir, mjai))
    else:
        for g in range(games):
            specs.append(GameSpec(g, (lv[0], lv[1], lv[2], lv[3]), game_seed(seed, g),
                                  save_dir, mjai))
    return specs


def bots_for(spec: GameSpec) -> list[Bot]:
    """The bots of a scheduled game, seeded from the game's seed and their seats."""
    return [make_seat(level, i, (spec.seed * 4 + i) & 0x7FFFFFFF, spec.mjai)
            for i, level in enumerate(spec.levels)]


def seat_name(spec: str) -> str:
    """A player's name for a seat spec: ``strong bot``, ``mjai bot majiang_mjai.js``."""
    if spec.startswith(MJAI):
        return f"mjai bot {bot_name(spec[len(MJAI):])}"
    return f"{spec} bot"


def run_one(rules: Ruleset, spec: GameSpec) -> list[tuple[str, SeatStats]]:
    """Play one scheduled game; (level, stats) per seat.  Saves it when asked."""
    events = play_game(rules, bots_for(spec), spec.seed,
                       names=[seat_name(lv) for lv in spec.levels])
    if spec.save_dir:
        _save(spec, events, rules)
    stats = stats_from_events(events)
    return [(spec.levels[i], stats[i]) for i in range(4)]


def _save(spec: GameSpec, events: list[Event], rules: Ruleset) -> None:
    """Write one simulated game as a save file (no autosave pointer)."""
    header = make_header(rules.to_dict(),
                         [SeatInfo(seat_name(lv), lv) for lv in spec.levels], spec.seed,
                         source="simulate")
    name = f"sim-{spec.index:05d}-{spec.seed}"
    folder = Path(spec.save_dir or ".")
    try:
        writer = GameWriter.create(folder, header, name=name, pointer=False)
    except OSError as exc:
        raise SaveError(f"cannot write games there ({exc.strerror or exc})",
                        path=folder) from None
    try:
        writer.extend(events)
    finally:
        writer.close()
    if writer.problem is not None:
        raise SaveError(writer.problem, path=writer.path)


@dataclass(slots=True)
class RunResult:
    """The outcome of :func:`run`."""

    games: int
    seconds: float
    by_level: dict[str, SeatStats]
    rules: str

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``hanchan simulate --json``."""
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "rules": self.rules,
            "by_level": {lv: st.summary() for lv, st in self.by_level.items()},
        }


def _run_chunk(args: tuple[Ruleset, list[GameSpec]]) -> list[list[tuple[str, SeatStats]]]:
    rules, specs = args
    return [run_one(rules, s) for s in specs]


def run(rules: Ruleset, levels: Sequence[str], games: int, seed: int = 0, *,
        jobs: int = 1, duplicate: bool = False, save_dir: str | None = None,
        progress: Callable[[int], None] | None = None,
        mjai: MjaiOptions = DEFAULT_MJAI) -> RunResult:
    """Play ``games`` games between bots of ``levels`` (by seat) and sum the stats by level."""
    specs = schedule(levels, games, seed, duplicate, save_dir, mjai)
    start = time.perf_counter()
    by_level: dict[str, SeatStats] = {}
    for lv in levels:
        by_level.setdefault(lv, SeatStats())
    done = 0

    def collect(rows: list[tuple[str, SeatStats]]) -> None:
        nonlocal done
        for lv, st in rows:
            by_level[lv].add(st)
        done += 1
        if progress:
            progress(done)

    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            collect(run_one(rules, spec))
    else:
        size = max(1, min(8, len(specs) // (jobs * 4) or 1))
        chunks = [specs[i:i + size] for i in range(0, len(specs), size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_run_chunk, [(rules, c) for c in chunks]):
                for rows in result:
                    collect(rows)
    seconds = time.perf_counter() - start
    return RunResult(len(specs), seconds, by_level, rules.name)
