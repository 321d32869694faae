"""Read every number the app shows and compare it with the engine (issue 23).

A game is played through the pilot with bots in all four seats: the human's seat
is played by a bot of the same kind, its choice sent through the table screen
(``TableScreen.submit``) as a key would.  Whenever the human must decide, the
table's numbers are read from the rendered screen (round, hand, honba, sticks,
wall, dora and indicators, every seat's points, riichi marks, hand sizes, the own line
over the hand (seat wind, points, rules), the
turn marker); every result screen's numbers (han, fu, points, each payment, dora
and ura, the before / sticks / change / after table, the sticks left) and the end
screen's final table (points, oka, uma, bonus, result) likewise.  Each is compared
with the engine: the folded ``GameState`` at that moment, and the events.  The
oracle never goes through ``text/`` or ``tui/``: the ledger is rebuilt from
``HandStarted`` scores, ``RiichiAccepted`` events and the result's deltas, and
checked again against the next hand's starting scores; the final results are
recomputed from the rules' return points, oka and uma.

A wrong number raises :class:`Mismatch` naming the screen, the number and both values.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widget import Widget

from hanchan.ai.base import make_bot
from hanchan.engine.events import (
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Penalty,
    RiichiAccepted,
    WinResult,
    Won,
)
from hanchan.engine.state import GameState, fold
from hanchan.engine.tiles import dora_of, kind_of
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.center_panel import CenterPanel
from hanchan.tui.widgets.seat_panel import SeatPanel
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

WINDS = ("East", "South", "West", "North")
LETTERS = "ESWN"
NUMBER = r"-?\d{1,3}(?:,\d{3})*"
SIZE = (120, 60)  # tall enough for a double ron's result screen without scrolling


class Mismatch(AssertionError):
    """A number on the screen differs from the engine's."""


def kind_name(kind: int) -> str:
    """``'5m'`` for kind 4: the letters face, written here from the kind alone."""
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def tile_names(tiles: Sequence[int]) -> list[str]:
    return [kind_name(kind_of(t)) for t in tiles]


def num(text: str) -> int:
    return int(text.replace(",", "").replace("+", ""))


@dataclass
class Tally:
    """How many numbers of each kind were compared (a harness that compares nothing fails)."""

    seen: Counter[str] = field(default_factory=Counter)

    def same(self, what: str, shown: object, engine: object, where: str = "") -> None:
        if shown != engine:
            raise Mismatch(f"{where}: {what} shown {shown!r}, engine {engine!r}")
        self.seen[what] += 1


def region_text(app: App[Any], widget: Widget, lines: list[str] | None = None) -> list[str]:
    """The rendered lines inside ``widget``'s content region (``lines``: the screen's, when
    already read: rendering the whole screen is most of a check's time)."""
    r = widget.content_region
    if lines is None:
        lines = screen_text(app).splitlines()
    return [line[r.x:r.right].strip() for line in lines[r.y:r.bottom]]


# ---------------------------------------------------------------------- the table


def _declared(state: GameState, seat: int) -> bool:
    """In riichi, or declared with the stick not yet down (its discard can still be won on)."""
    return state.seats[seat].riichi or state.seats[seat].riichi_pending


def check_table(app: HanchanApp, tally: Tally) -> None:
    """The centre and the three seat panels against the folded state."""
    scr = app.screen
    assert isinstance(scr, TableScreen) and app.session is not None
    state: GameState = app.session.game.state
    me = app.session.human
    where = f"table {WINDS[state.round_wind]} {state.hand_number + 1}"
    screen = screen_text(app).splitlines()  # one screen for the whole check (no await in it)
    text = "\n".join(region_text(app, scr.query_one(CenterPanel), screen))
    m = re.search(r"(East|South|West|North) (\d)\s+(\d+) honba\s+(\d+) sticks?", text)
    if m is None:
        raise Mismatch(f"{where}: no round line in the centre:\n{text}")
    tally.same("round wind", m.group(1), WINDS[state.round_wind], where)
    tally.same("hand number", int(m.group(2)), state.hand_number + 1, where)
    tally.same("honba", int(m.group(3)), state.honba, where)
    tally.same("sticks", int(m.group(4)), state.sticks, where)
    m = re.search(r"Wall (\d+)\s+Dora ((?:\d[mpsz] ?)+)\s+ind\. ((?:\d[mpsz] ?)+)", text)
    if m is None:
        raise Mismatch(f"{where}: no wall and dora line in the centre:\n{text}")
    tally.same("wall", int(m.group(1)), state.live_remaining, where)
    indicators = state.dora_indicators()
    tally.same("dora indicators", m.group(3).split(), tile_names(indicators), where)
    tally.same("dora", m.group(2).split(),
               [kind_name(dora_of(kind_of(t))) for t in indicators], where)
    own = " ".join(region_text(app, scr.query_one("#own"), screen))  # the line over the hand
    m = re.search(r"· (East|South|West|North) seat.* · ([\d,]+) · (\S+) rules", own)
    if m is None:
        raise Mismatch(f"{where}: no own line over the hand: {own}")
    tally.same("own seat", m.group(1), WINDS[state.seat_wind(me)], where)
    tally.same("own points", num(m.group(2)), state.scores[me], where)
    tally.same("rules", m.group(3), state.rules.name, where)
    seats = re.findall(rf"\b([ESWN]) ({NUMBER})( R)?", text.split("\n", 2)[2])
    tally.same("seats in the centre", len(seats), 4, where)
    for letter, score, riichi in seats:
        seat = next(s for s in range(4) if state.seat_wind(s) == LETTERS.index(letter))
        tally.same("score", num(score), state.scores[seat], f"{where}, centre, {letter}")
        tally.same("riichi mark", bool(riichi), _declared(state, seat),
                   f"{where}, centre, {letter}")
    view = app.session.game.view(me)
    for rel, name in ((1, "right"), (2, "across"), (3, "left")):
        seat = (me + rel) % 4
        lines = [line for line in region_text(app, scr.query_one(f"#seat-{name}", SeatPanel),
                                              screen) if line]
        head = lines[0]
        m = re.match(rf"([ESWN]) .*?({NUMBER})(?:\s|$)", head)
        if m is None:
            raise Mismatch(f"{where}: no points in the {name} seat: {head!r}")
        at = f"{where}, {name} seat"
        tally.same("seat wind", m.group(1), LETTERS[state.seat_wind(seat)], at)
        tally.same("score", num(m.group(2)), state.scores[seat], at)
        tally.same("turn marker", "◀" in head, view.turn == seat, at)
        badge = re.search(r"RIICHI| O?R(?: |$)", head.replace(m.group(2), "", 1))
        tally.same("riichi badge", badge is not None, _declared(state, seat), at)
        count = re.search(r"▮+ (\d+)$", lines[1])  # backs (not an open hand shown)
        if count is not None:
            tally.same("hand size", int(count.group(1)), len(state.seats[seat].hand), at)


# ---------------------------------------------------------------------- results


LEDGER_ROW = re.compile(
    rf"^(?P<name>\S.*?)\s{{2,}}(?P<before>{NUMBER})\s+(?:(?P<sticks>-[\d,]+)\s+)?"
    rf"(?P<change>[+-][\d,]+|0)\s+(?P<after>{NUMBER})$")


@dataclass(frozen=True)
class Ledger:
    """What a result's table must say, rebuilt from the events alone."""

    before: tuple[int, ...]
    sticks: tuple[int, ...]
    change: tuple[int, ...]
    after: tuple[int, ...]
    left: int  # sticks left on the table


def ledger_of(events: Sequence[Event], idx: int) -> Ledger:
    """The result at ``events[idx]`` as the next hand will start from it."""
    result = events[idx]
    assert isinstance(result, (Won, HandDrawn))
    start_i = max(i for i in range(idx) if isinstance(events[i], HandStarted))
    start = events[start_i]
    assert isinstance(start, HandStarted)
    put = [0, 0, 0, 0]
    for e in events[start_i:idx]:
        if isinstance(e, RiichiAccepted):
            put[e.seat] -= 1000
        if isinstance(e, Penalty):
            raise Mismatch("a penalty in a bots' game: the harness does not read those")
    after = tuple(start.scores[s] + put[s] + result.deltas[s] for s in range(4))
    left = start.sticks - sum(put) // 1000 - result.sticks_taken
    return Ledger(start.scores, tuple(put), result.deltas, after, left)


def _inner_lines(app: App[Any]) -> list[str]:
    return [line.strip().strip("│").strip() for line in screen_text(app).splitlines()]


def check_result(app: HanchanApp, scr: HandResultScreen, tally: Tally) -> Ledger:
    """A result screen's numbers against the result event and the hand's events."""
    assert app.session is not None
    events = list(app.session.events)
    idx = next(i for i, e in enumerate(events) if e is scr.result)
    names = app.session.names
    lines = _inner_lines(app)
    text = "\n".join(lines)
    result = scr.result
    where = f"result of hand {sum(isinstance(e, HandStarted) for e in events[:idx])}"
    want = ledger_of(events, idx)
    rows = {}
    for line in lines:
        m = LEDGER_ROW.match(line)
        if m and m.group("name") in names:
            rows[names.index(m.group("name"))] = m
    tally.same("ledger rows", sorted(rows), [0, 1, 2, 3], where)
    for s, m in rows.items():
        at = f"{where}, {names[s]}"
        tally.same("before", num(m.group("before")), want.before[s], at)
        tally.same("sticks put", num(m.group("sticks")) if m.group("sticks") else 0,
                   want.sticks[s], at)
        tally.same("change", num(m.group("change")), want.change[s], at)
        tally.same("after", num(m.group("after")), want.after[s], at)
    m = re.search(r"No sticks on the table\.|(\d+) sticks? \(([\d,]+)\) stays? on the table\.",
                  text)
    if m is None:
        raise Mismatch(f"{where}: no sticks line")
    tally.same("sticks left", int(m.group(1) or 0), want.left, where)
    if m.group(2):
        tally.same("sticks left in points", num(m.group(2)), 1000 * want.left, where)
    state = fold(events[:idx])
    payments: list[tuple[str, str, int, str]] = []
    if isinstance(result, Won):
        totals = re.findall(rf"(?:(\d+) han (\d+) fu(?:  [a-z ]+)?|((?:double )?yakuman)) — "
                            rf"({NUMBER}) points", text)
        tally.same("wins", len(totals), len(result.wins), where)
        for win, (han, fu, yakuman, pts) in zip(result.wins, totals, strict=True):
            _check_win(win, han, fu, yakuman, pts, tally, where)
        dora = re.findall(r"Dora ((?:\d[mpsz] ?)+) \(indicator ((?:\d[mpsz] ?)+)\)", text)
        for shown_dora, shown_ind in dora:
            tally.same("result dora indicators", shown_ind.split(),
                       tile_names(state.dora_indicators()), where)
            tally.same("result dora", shown_dora.split(),
                       [kind_name(dora_of(kind_of(t))) for t in state.dora_indicators()], where)
        ura = re.findall(r"Ura ((?:\d[mpsz] ?)+) \(indicator ((?:\d[mpsz] ?)+)\)", text)
        tally.same("ura indicators", [u[1].split() for u in ura],
                   [tile_names(win.ura_indicators) for win in result.wins
                    if win.ura_indicators], where)
        for win in result.wins:
            payments += [("the table" if p.payer is None else names[p.payer], names[p.payee],
                          p.amount, p.reason) for p in win.payments]
    else:
        assert isinstance(result, HandDrawn), "a penalty: not in a bots' game"
        for s in range(4):
            if result.kind == "exhaustive":
                m = re.search(rf"^{re.escape(names[s])}\s+(tenpai|noten)", text, re.M)
                if m is None:
                    raise Mismatch(f"{where}: no tenpai line for {names[s]}")
                tally.same("tenpai", m.group(1) == "tenpai", result.tenpai[s], where)
        payments += [("the table" if p.payer is None else names[p.payer], names[p.payee],
                      p.amount, p.reason) for p in result.payments]
    shown = re.findall(rf"^(.+?) → (.+?): ({NUMBER}) \((.+)\)$", text, re.M)
    reasons = {"riichi sticks": "sticks", "nagashi mangan": "nagashi"}
    tally.same("payments", sorted((a, b, num(n), reasons.get(r, r)) for a, b, n, r in shown),
               sorted(payments), where)
    return want


def _check_win(w: WinResult, han: str, fu: str, yakuman: str, pts: str, tally: Tally,
               where: str) -> None:
    if yakuman:
        tally.same("yakuman count", 2 if yakuman.startswith("double") else 1,
                   w.yakuman_count, where)
    else:
        tally.same("han", int(han), w.han, where)
        tally.same("fu", int(fu), w.fu, where)
    tally.same("hand points", num(pts), w.points, where)


# ---------------------------------------------------------------------- the end


END_ROW = re.compile(
    rf"^(?P<rank>[1-4])\s+(?P<name>.+?)\s{{2,}}(?P<points>{NUMBER})\s+"
    r"(?P<oka>[+-]?\d+\.\d)\s+(?P<uma>[+-]?\d+\.\d)\s+(?P<bonus>[+-]?\d+\.\d)\s+"
    r"(?P<result>[+-]?\d+\.\d)")


def check_end(app: HanchanApp, tally: Tally) -> None:
    """The final table against ``GameEnded`` and the rules' settlement."""
    assert app.session is not None
    events = list(app.session.events)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    rules: Ruleset = app.session.rules
    names = app.session.names
    rows = [m for line in _inner_lines(app) if (m := END_ROW.match(line))]
    tally.same("final rows", len(rows), 4, "end")
    final_scores = fold(events[:-1]).scores
    top = min(ended.table, key=lambda r: r.rank).seat
    for m in rows:
        seat = names.index(m.group("name"))
        row = next(r for r in ended.table if r.seat == seat)
        w = f"end, {names[seat]}"
        tally.same("rank", int(m.group("rank")), row.rank, w)
        points = final_scores[seat] + (
            1000 * ended.leftover_sticks if seat == top and rules.leftover_sticks == "top"
            else 0)
        tally.same("final points", num(m.group("points")), points, w)
        oka = float(m.group("oka"))
        uma = float(m.group("uma"))
        bonus = float(m.group("bonus"))
        tally.same("oka", oka, round(row.oka, 1), w)
        tally.same("uma", uma, round(row.uma, 1), w)
        tally.same("bonus", bonus, round(row.bonus, 1), w)
        tally.same("final result", float(m.group("result")), round(row.result, 1), w)
        if rules.uma_scheme == "fixed" and rules.tie_break == "seat_order":
            tally.same("uma by rank", uma, float(rules.uma[row.rank - 1]), w)
            tally.same("oka to the top", oka, float(rules.oka if row.rank == 1 else 0), w)
        if rules.rounding == "none":  # the settlement, recomputed
            want = (points - rules.return_points) / 1000 + oka + uma + bonus
            tally.same("result = points - return + oka + uma + bonus",
                       round(float(m.group("result")), 1), round(want, 1), w)


def check_chain(events: Sequence[Event], ledgers: Sequence[Ledger], tally: Tally) -> None:
    """Each result's "After" and sticks left are what the next hand starts with."""
    starts = [e for e in events if isinstance(e, HandStarted)]
    for n, (ledger, nxt) in enumerate(zip(ledgers, starts[1:], strict=False)):
        tally.same("after = next hand's start", ledger.after, nxt.scores, f"hand {n + 1}")
        tally.same("sticks left = next hand's sticks", ledger.left, nxt.sticks, f"hand {n + 1}")


# ---------------------------------------------------------------------- playing


async def play_and_check(rules: Ruleset, seed: int, level: str, save_dir: Path,
                         size: tuple[int, int] = SIZE, max_steps: int = 20000) -> Tally:
    """Play one game with bots in every seat through the app, checking every screen."""
    tally = Tally()
    spec = NewGame(rules, seed, level, 0, save_dir)
    app = HanchanApp("play", new_game=spec, save_dir=save_dir,
                     settings=Settings(bot_delay=0.0))
    me = make_bot(level, seed * 4)
    ledgers: list[Ledger] = []
    async with app.run_test(size=size) as pilot:
        for _ in range(max_steps):
            scr = await settle(pilot)
            await pilot.pause()
            if isinstance(scr, GameEndScreen):
                check_end(app, tally)
                assert app.session is not None
                check_chain(app.session.events, ledgers, tally)
                return tally
            if isinstance(scr, HandResultScreen):
                ledgers.append(check_result(app, scr, tally))
                await pilot.press("enter")
            elif isinstance(scr, TableScreen):
                check_table(app, tally)
                legal = scr.session.legal()
                scr.submit(me.choose(scr.session.view(), legal))
            else:
                raise Mismatch(f"unexpected screen {type(scr).__name__}")
    raise Mismatch("the game did not end")
