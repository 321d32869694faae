"""``verify``: replay a game through the engine's own rules and compare every event.

A save is the record of what happened, so checking it means playing it again:
:func:`referee` runs an :class:`engine.game.Game` on the recorded walls and, at
every decision, gives each seat the choice its next recorded event shows (a
discard, riichi, a call, a kan, a win, a pass, a noten declaration, the last
dealer's stop or go on) -- which ``act`` refuses, with the engine's reason, if it
is not among ``pending()``'s actions.  Everything automatic (draws, dora, riichi
sticks, results with their hands, melds, ura indicators, fu parts, payments and
chips, the next hand, the final table with oka, uma and bonus) is made by the
engine and must equal the recorded event.  The first line that cannot follow is
named, with what the engine does there instead; nothing after it is trusted.

Only the order inside a set is free: meld tiles, the tiles of a hand and the
order of the yaku are compared as sets, so a log keeps its own order.

Whatever reads a save for the player (review, drills, export) reads it through
:func:`load_checked`, and says what verify would say of a file it refuses
(:func:`refusal`), so none of them ever works on a game the engine cannot play.

A game may begin at a later hand only when it has no seed (an imported excerpt of
someone else's game); a game played here starts at East 1 with the starting
scores, and its seeded walls and dice are the ones its seed deals.

>>> from engine.game import Game
>>> from rulesets.schema import Ruleset
>>> g = Game(Ruleset(), seed=3)
>>> while not g.over:
...     for seat, acts in g.pending().items():
...         _ = g.act(seat, acts[-1] if seat != g.state.turn else acts[0])
>>> verify_events(g.events)
[]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from engine import wall as wall_mod
from engine.actions import (
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
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    Note,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    WinResult,
    Won,
)
from engine.game import Game
from engine.legal import IllegalAction, shared_discard
from engine.tiles import WIND_LETTERS, tile_name
from saves.codec import Header, imported
from saves.reader import (
    LoadedGame,
    Problem,
    SaveError,
    line_start,
    load,
    loads,
    read_regular,
)

SEATS = WIND_LETTERS
_AUTOMATIC = (DoraRevealed, RiichiAccepted)
"""Events the engine makes on its own in the middle of a decision's outcome."""


@dataclass(frozen=True)
class Disagreement:
    """The first event that cannot follow in a game: its hand, line and why."""

    hand: str  # "E1-0", "start", or "end" for the final table
    message: str
    line: int | None = None  # the line of the event in the file, when known

    def __str__(self) -> str:
        where = self.hand if self.line is None else f"{self.hand}, line {self.line}"
        return f"{where}: {self.message}"


@dataclass
class Verdict:
    """What :func:`referee` found: the engine's game up to the end of the record (or up
    to the last event that could follow), the first problem, and the events checked."""

    game: Game | None
    problem: Disagreement | None
    checked: int  # recorded events that followed legally
    events: list[Event]  # the engine's events for the checked part (import: to write)


# ------------------------------------------------------------------ words


def _seat(dealer: int, seat: int) -> str:
    return f"seat {seat} ({SEATS[(seat - dealer) % 4]})"


def _tile(t: int | None, red: int) -> str:
    return "no tile" if t is None else f"{tile_name(t, red)} (tile {t})"


def _signed(values: Sequence[int]) -> str:
    return "(" + ", ".join(f"{v:+d}" for v in values) + ")"


def hand_label(ev: HandStarted) -> str:
    """``E1-0``: round wind, hand number, honba."""
    return f"{SEATS[ev.round_wind % 4]}{ev.hand_number + 1}-{ev.honba}"


def describe(ev: Event, dealer: int, red: int) -> str:
    """A short phrase for an event (``seat 2 (W) discards 5p (tile 53)``)."""
    def who(seat: int) -> str:
        return _seat(dealer, seat)

    if isinstance(ev, Drew):
        kind = "a replacement tile " if ev.rinshan else ""
        return f"{who(ev.seat)} draws {kind}{_tile(ev.tile, red)}"
    if isinstance(ev, Discarded):
        return f"{who(ev.seat)} discards {_tile(ev.tile, red)}"
    if isinstance(ev, RiichiDeclared):
        return f"{who(ev.seat)} declares {'open ' if ev.open else ''}riichi"
    if isinstance(ev, RiichiAccepted):
        return f"{who(ev.seat)}'s riichi stick goes on the table"
    if isinstance(ev, Called):
        return (f"{who(ev.seat)} calls {ev.meld.kind} on {_tile(ev.meld.called, red)}"
                + (f" from seat {ev.meld.from_seat}" if ev.meld.from_seat is not None else ""))
    if isinstance(ev, Kan):
        kind = "a closed kan" if ev.meld.kind == "ankan" else "an added kan"
        return f"{who(ev.seat)} declares {kind} of {_tile(ev.meld.tiles[0], red)}"
    if isinstance(ev, DoraRevealed):
        return f"a dora indicator {_tile(ev.indicator, red)} is turned"
    if isinstance(ev, Won):
        return " and ".join(
            f"{who(w.seat)} wins by {'tsumo' if w.from_seat is None else 'ron'}"
            for w in ev.wins) or "a win with no winner"
    if isinstance(ev, HandDrawn):
        return f"the hand ends in a draw ({ev.kind.replace('_', ' ')})"
    if isinstance(ev, GameEnded):
        return f"the game ends ({ev.reason})"
    if isinstance(ev, HandStarted):
        return f"hand {hand_label(ev)} starts with dealer seat {ev.dealer}"
    if isinstance(ev, Penalty):
        return f"{who(ev.seat)} pays a penalty ({ev.kind.replace('_', ' ')})"
    if isinstance(ev, NotenDeclared):
        return f"{who(ev.seat)} declares noten"
    return "the game starts"


def _action_words(action: Action, red: int) -> str:
    if isinstance(action, Discard):
        if action.riichi:
            return f"declare {'open ' if action.open else ''}riichi with {_tile(action.tile, red)}"
        return f"discard {_tile(action.tile, red)}"
    if isinstance(action, Tsumo):
        return "win by tsumo"
    if isinstance(action, Ron):
        return "win by ron"
    if isinstance(action, (Chi, Pon, OpenKan)):
        kind = {Chi: "chi", Pon: "pon", OpenKan: "an open kan"}[type(action)]
        return f"call {kind} with {', '.join(_tile(t, red) for t in action.tiles)}"
    if isinstance(action, ClosedKan):
        return f"declare a closed kan of {_tile(action.tiles[0], red)}"
    if isinstance(action, AddedKan):
        return f"add {_tile(action.tile, red)} to a pon"
    if isinstance(action, NineTerminals):
        return "abort the hand with nine terminals"
    if isinstance(action, ShowHand):
        return "show a tenpai hand" if action.show else "declare noten"
    if isinstance(action, EndGame):
        return "end the game" if action.stop else "play on"
    return "pass"


# ------------------------------------------------------------------ comparing


def _meld_key(m: Meld) -> tuple[object, ...]:
    return (m.kind, tuple(sorted(m.tiles)), m.called, m.from_seat, m.added)


def _win_key(w: WinResult) -> tuple[object, ...]:
    return (w.seat, w.from_seat, w.tile, tuple(sorted(w.hand)),
            tuple(_meld_key(m) for m in w.melds), w.han, w.fu, tuple(sorted(w.yaku)),
            w.fu_parts, w.limit, w.yakuman_count, w.points, w.ura_indicators, w.pao_seat,
            w.payments, w.chips)


def canonical(ev: Event) -> object:
    """The event with the order inside sets made canonical (meld tiles, hands, yaku)."""
    if isinstance(ev, (Called, Kan)):
        return (type(ev), ev.seat, _meld_key(ev.meld))
    if isinstance(ev, Won):
        return (Won, tuple(_win_key(w) for w in ev.wins), ev.deltas, ev.sticks_taken)
    if isinstance(ev, HandDrawn):
        return (HandDrawn, ev.kind, ev.tenpai, tuple(tuple(sorted(h)) for h in ev.hands),
                ev.nagashi, ev.payments, ev.deltas)
    return ev


def _yaku_diff(rec: WinResult, comp: WinResult) -> str:
    a, b = Counter(dict(rec.yaku)), Counter(dict(comp.yaku))
    parts = []
    for y in sorted(set(a) | set(b)):
        if a.get(y, 0) == b.get(y, 0):
            continue
        if y not in a:
            parts.append(f"{y} {b[y]} only computed")
        elif y not in b:
            parts.append(f"{y} {a[y]} only recorded")
        else:
            parts.append(f"{y} {a[y]} recorded, {b[y]} computed")
    return ", ".join(parts)


def _net(w: WinResult) -> list[int]:
    d = [0, 0, 0, 0]
    for p in w.payments:
        d[p.payee] += p.amount
        if p.payer is not None:
            d[p.payer] -= p.amount
    return d


def compare_win(dealer: int, rec: WinResult, comp: WinResult, *,
                record: bool = False) -> list[str]:
    """Sentences for the ways a recorded win differs from the engine's.  With ``record``
    only what another tool's log records is compared (no fu on a limit hand, net
    payments)."""
    kind = "tsumo" if rec.from_seat is None else "ron"
    who = f" by {_seat(dealer, rec.seat)}"
    out: list[str] = []
    details = []
    yd = _yaku_diff(rec, comp)
    if yd:
        details.append(yd)
    if rec.han != comp.han:
        details.append(f"{rec.han} han recorded, {comp.han} computed")
    if rec.fu != comp.fu and not (record and (not rec.fu or comp.limit is not None)):
        details.append(f"{rec.fu} fu recorded, {comp.fu} computed")
    if rec.limit != comp.limit and not (record and (rec.limit or "").startswith(
            comp.limit or "-")):
        details.append(f"limit {rec.limit} recorded, {comp.limit} computed")
    if rec.yakuman_count != comp.yakuman_count and not record:
        details.append(f"{rec.yakuman_count} yakuman recorded, {comp.yakuman_count} computed")
    if rec.pao_seat != comp.pao_seat:
        details.append(f"pao {rec.pao_seat} recorded, {comp.pao_seat} computed")
    if rec.points != comp.points or details:
        text = f"{kind}{who} {rec.points} recorded, {comp.points} computed"
        if details:
            text += f" ({'; '.join(details)})"
        out.append(text)
    if _net(rec) != _net(comp) and (rec.payments or not record):
        out.append(f"{kind}{who} payments {_signed(_net(rec))} recorded, "
                   f"{_signed(_net(comp))} computed")
    if record:
        return out
    for name, a, b in (("winning tile", rec.tile, comp.tile),
                       ("from seat", rec.from_seat, comp.from_seat),
                       ("hand", sorted(rec.hand), sorted(comp.hand)),
                       ("melds", [_meld_key(m) for m in rec.melds],
                        [_meld_key(m) for m in comp.melds]),
                       ("ura indicators", list(rec.ura_indicators), list(comp.ura_indicators)),
                       ("fu parts", list(rec.fu_parts), list(comp.fu_parts)),
                       ("payment lines", list(rec.payments), list(comp.payments)),
                       ("chips", list(rec.chips), list(comp.chips))):
        if a != b and not out:
            out.append(f"{kind}{who}: {name} {_short(a)} recorded, {_short(b)} computed")
    return out


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= 120 else text[:116] + " ..."


def compare_won(dealer: int, rec: Won, comp: Won, *, record: bool = False) -> list[str]:
    """Sentences for a recorded ``Won`` against the engine's."""
    out: list[str] = []
    by_seat = {w.seat: w for w in comp.wins}
    rec_seats = [w.seat for w in rec.wins]
    if sorted(rec_seats) != sorted(by_seat):
        return [f"winners {rec_seats} recorded, {[w.seat for w in comp.wins]} computed"]
    for w in rec.wins:
        out.extend(compare_win(dealer, w, by_seat[w.seat], record=record))
    if not out and tuple(rec.deltas) != tuple(comp.deltas):
        out.append(f"score changes {_signed(rec.deltas)} recorded, "
                   f"{_signed(comp.deltas)} computed")
    if not out and rec.sticks_taken != comp.sticks_taken:
        out.append(f"{rec.sticks_taken} riichi sticks taken recorded, "
                   f"{comp.sticks_taken} computed")
    if not out and not record and [w.seat for w in comp.wins] != rec_seats:
        out.append(f"winners in the order {rec_seats} recorded, "
                   f"{[w.seat for w in comp.wins]} computed")
    return out


def compare_drawn(rec: HandDrawn, comp: HandDrawn, *, record: bool = False) -> list[str]:
    """Sentences for a recorded ``HandDrawn`` against the engine's."""
    out: list[str] = []
    if rec.kind != comp.kind:
        return [f"a draw ({rec.kind}) recorded, {comp.kind} computed"]
    if rec.kind == "exhaustive" and tuple(rec.tenpai) != tuple(comp.tenpai):
        rec_t = "".join("T" if t else "-" for t in rec.tenpai)
        comp_t = "".join("T" if t else "-" for t in comp.tenpai)
        out.append(f"draw tenpai {rec_t} recorded, {comp_t} computed")
    if tuple(rec.nagashi) != tuple(comp.nagashi):
        out.append(f"nagashi mangan {list(rec.nagashi)} recorded, {list(comp.nagashi)} computed")
    if tuple(rec.deltas) != tuple(comp.deltas):
        out.append(f"draw payments {_signed(rec.deltas)} recorded, "
                   f"{_signed(comp.deltas)} computed")
    if out or record:
        return out
    if [sorted(h) for h in rec.hands] != [sorted(h) for h in comp.hands]:
        out.append(f"hands shown {_short([list(h) for h in rec.hands])} recorded, "
                   f"{_short([list(h) for h in comp.hands])} computed")
    elif rec.payments != comp.payments:
        out.append(f"draw payment lines {_short(list(rec.payments))} recorded, "
                   f"{_short(list(comp.payments))} computed")
    elif rec.tenpai != comp.tenpai:
        out.append(f"tenpai {list(rec.tenpai)} recorded, {list(comp.tenpai)} computed")
    return out


def compare_ended(rec: GameEnded, comp: GameEnded, *, record: bool = False) -> list[str]:
    """Sentences for a recorded final table against the engine's."""
    out: list[str] = []
    rec_rows = {r.seat: r for r in rec.table}
    if len(rec.table) != 4 or sorted(rec_rows) != [0, 1, 2, 3]:
        return [f"the final table lists seats {[r.seat for r in rec.table]}, not each seat once"]
    for c in comp.table:
        r = rec_rows[c.seat]
        parts = []
        if r.points != c.points:
            parts.append(f"points {r.points} recorded, {c.points} computed")
        if r.rank != c.rank:
            parts.append(f"rank {r.rank} recorded, {c.rank} computed")
        if (abs(r.result - c.result) > 0.05) if record else r.result != c.result:
            parts.append(f"result {r.result:+.1f} recorded, {c.result:+.1f} computed")
        if r.chips != c.chips and not record:  # no log format records chips
            parts.append(f"chips {r.chips} recorded, {c.chips} computed")
        if not record:
            for name in ("oka", "uma", "bonus"):
                a, b = getattr(r, name), getattr(c, name)
                if a != b:
                    parts.append(f"{name} {a:+.1f} recorded, {b:+.1f} computed")
        if parts:
            out.append(f"final table seat {c.seat}: " + ", ".join(parts))
    if rec.leftover_sticks != comp.leftover_sticks:
        out.append(f"{rec.leftover_sticks} sticks left recorded, "
                   f"{comp.leftover_sticks} computed")
    if not out and not record:
        if rec.reason != comp.reason:
            out.append(f"the game ends ({rec.reason}) recorded, ({comp.reason}) computed")
        elif [r.seat for r in rec.table] != [r.seat for r in comp.table]:
            out.append(f"final table order {[r.seat for r in rec.table]} recorded, "
                       f"{[r.seat for r in comp.table]} computed")
    return out


def _compare_started(rec: HandStarted, comp: HandStarted, red_fives: int = 1,
                     dead_wall: int = 14) -> list[str]:
    got = (rec.round_wind, rec.hand_number, rec.honba, rec.dealer)
    want = (comp.round_wind, comp.hand_number, comp.honba, comp.dealer)
    if got != want:
        return [f"the next hand recorded is {hand_label(rec)} with dealer seat {rec.dealer}, "
                f"computed {hand_label(comp)} with dealer seat {comp.dealer}"]
    out = []
    if tuple(rec.scores) != tuple(comp.scores):
        out.append(f"scores at the start {list(rec.scores)} recorded, "
                   f"{list(comp.scores)} computed")
    if rec.sticks != comp.sticks:
        out.append(f"{rec.sticks} riichi sticks on the table recorded, {comp.sticks} computed")
    if not out and rec.dice != comp.dice:
        out.append(f"the dice {_dice(rec.dice)} recorded are not the {_dice(comp.dice)} the "
                   "game's seed throws")
    if not out and rec.wall != comp.wall:
        i = next(i for i, (a, b) in enumerate(zip(rec.wall, comp.wall, strict=True)) if a != b)
        red = red_fives
        out.append(f"the wall recorded is not the one the game's seed deals: its tile "
                   f"{i + 1} of 136 ({wall_place(i, rec.dealer, dead_wall)}) is "
                   f"{_tile(rec.wall[i], red)} recorded, {_tile(comp.wall[i], red)} dealt")
    return out


def _dice(dice: Sequence[int]) -> str:
    return "(" + ", ".join(str(d) for d in dice) + ")"


def wall_place(i: int, dealer: int, dead_wall: int = 14) -> str:
    """Where the ``i``-th tile of a wall in draw order goes (see ``engine.wall``).

    >>> wall_place(5, dealer=0)
    "in seat 1 (S)'s starting hand"
    >>> wall_place(52, dealer=1), wall_place(131, dealer=0), wall_place(135, dealer=0)
    ('the 1st draw from the live wall', 'the 1st dora indicator', 'the 1st replacement draw')
    """
    if i < wall_mod.DEAL_SIZE:
        offset = (i - 48) if i >= 48 else (i % 16) // 4
        return f"in {_seat(dealer, (dealer + offset) % 4)}'s starting hand"
    if i < 136 - dead_wall:
        return f"the {_nth(i - wall_mod.FIRST_DRAW + 1)} draw from the live wall"
    if i >= 132:
        return f"the {_nth(136 - i)} replacement draw"
    if i <= 131 and (131 - i) % 2 == 0:
        return f"the {_nth((131 - i) // 2 + 1)} dora indicator"
    if i <= 130 and (130 - i) % 2 == 0:
        return f"the {_nth((130 - i) // 2 + 1)} ura dora indicator"
    return "the dead wall"


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def dice_problem(ev: HandStarted) -> str | None:
    """Why a hand's recorded dice cannot have been thrown (None when they can)."""
    if len(ev.dice) != 2 or not all(1 <= d <= 6 for d in ev.dice):
        return f"the dice {_dice(ev.dice)} recorded cannot be thrown: each die shows 1 to 6"
    return None


_SAME_WHEN_EQUAL = frozenset({Drew, Discarded, DoraRevealed, RiichiDeclared, RiichiAccepted,
                              Called, Kan, NotenDeclared})
"""Events that follow when they equal the engine's (what :func:`differences` finds then):
every event but those it compares by their parts or checks on their own."""


def differences(rec: Event, comp: Event, dealer: int, red: int, *,
                record: bool = False, dead_wall: int = 14) -> list[str]:
    """Why a recorded event is not the one the engine makes at this point ([] if it is)."""
    if type(rec) in _SAME_WHEN_EQUAL and rec == comp:  # hot: most of a game's events
        return []
    if isinstance(rec, HandStarted):
        bad_dice = dice_problem(rec)
        if bad_dice is not None:
            return [bad_dice]
    if type(rec) is type(comp):
        if isinstance(rec, Won):
            return compare_won(dealer, rec, comp, record=record)  # type: ignore[arg-type]
        if isinstance(rec, HandDrawn):
            return compare_drawn(rec, comp, record=record)  # type: ignore[arg-type]
        if isinstance(rec, GameEnded):
            return compare_ended(rec, comp, record=record)  # type: ignore[arg-type]
        if canonical(rec) == canonical(comp):
            return []
        if isinstance(rec, HandStarted) and isinstance(comp, HandStarted):
            return (_compare_started(rec, comp, red, dead_wall)
                    or ["the hand's start differs from the engine's"])
        if isinstance(rec, Drew) and isinstance(comp, Drew) and rec.seat == comp.seat:
            return [f"{describe(rec, dealer, red)}, but the wall gives {_tile(comp.tile, red)}"]
        if isinstance(rec, Discarded) and isinstance(comp, Discarded) and (
                rec.seat, rec.tile) == (comp.seat, comp.tile):
            return [f"the discard is marked {'' if rec.tsumogiri else 'not '}as the tile just "
                    f"drawn, but it is{'' if comp.tsumogiri else ' not'}"]
        if isinstance(rec, Penalty):
            return [f"{describe(rec, dealer, red)}: {_short(rec)} recorded, "
                    f"{_short(comp)} computed"]
    if isinstance(rec, HandStarted) and isinstance(comp, GameEnded):
        return [f"the game goes on, but it ends here by the rules ({comp.reason})"]
    if isinstance(rec, GameEnded) and isinstance(comp, HandStarted):
        return ["the game ends, but by the rules it goes on"]
    if isinstance(rec, Drew) and isinstance(comp, HandDrawn) and comp.kind == "exhaustive":
        return [f"{describe(rec, dealer, red)} after the live wall is empty"]
    return [f"{describe(rec, dealer, red)}, but here {describe(comp, dealer, red)}"]


# ------------------------------------------------------------------ choices


def _deciding(rec: Sequence[Event], i: int) -> int:
    """The index of the first recorded event from ``i`` that shows a choice."""
    while i < len(rec) and isinstance(rec[i], _AUTOMATIC):
        i += 1
    return i


def _call_action(ev: Called) -> Action:
    rest = list(ev.meld.tiles)
    if ev.meld.called in rest:
        rest.remove(ev.meld.called)
    if ev.meld.kind == "chi" and len(rest) == 2:
        return Chi((rest[0], rest[1]))
    if ev.meld.kind == "pon" and len(rest) == 2:
        return Pon((rest[0], rest[1]))
    if ev.meld.kind == "minkan" and len(rest) == 3:
        return OpenKan((rest[0], rest[1], rest[2]))
    return Chi((0, 0))  # no such call: refused with the engine's reason


_PASS = Pass()
_FALSE_CALL = Chi((0, 0))
"""A call that is never legal: in practice mode it plays a false call."""


class _Stop(Exception):
    """The record cannot follow here (the message names what is wrong)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


def _choices(g: Game, rec: Sequence[Event], i: int) -> list[tuple[int, Action, int]]:
    """(seat, action, index of the recorded event that shows it) for the decision now."""
    st = g.state
    # what the seats asked may do (a turn's own choice is checked alone: not listed)
    pending = {} if st.phase == "turn" else g.pending()
    j = _deciding(rec, i)
    if j >= len(rec):  # the record stops inside the decision: as if everyone passed
        if st.phase == "turn":
            return []
        return [(s, Pass() if Pass() in acts else acts[0], len(rec) - 1)
                for s, acts in sorted(pending.items())]
    ev = rec[j]
    if st.phase == "hand_over":
        if isinstance(ev, (GameEnded, HandStarted)):
            return [(s, EndGame(isinstance(ev, GameEnded)), j) for s in pending]
        raise _Stop(j, f"{describe(ev, st.dealer, st.rules.red_fives)}, but the hand is over "
                       f"and the dealer chooses whether the game goes on")
    if st.phase == "turn":
        seat = st.turn
        action: Action
        if isinstance(ev, RiichiDeclared):
            k = _deciding(rec, j + 1)
            if k >= len(rec):
                return []
            d = rec[k]
            if not isinstance(d, Discarded) or d.seat != ev.seat:
                raise _Stop(k, "a riichi declaration must be followed by its discard")
            action = Discard(d.tile, riichi=True, open=True) if ev.open else shared_discard(
                d.tile, riichi=True)
            seat = ev.seat
        elif isinstance(ev, Discarded):
            action, seat = shared_discard(ev.tile), ev.seat  # (found at once by act)
        elif isinstance(ev, Kan):
            m = ev.meld
            if m.kind == "ankan" and len(m.tiles) == 4:
                a, b, c, d4 = m.tiles
                action = ClosedKan((a, b, c, d4))
            else:
                action = AddedKan(m.added if m.added is not None else -1)
            seat = ev.seat
        elif isinstance(ev, Won) and len(ev.wins) == 1 and ev.wins[0].from_seat is None:
            action, seat = Tsumo(), ev.wins[0].seat
        elif isinstance(ev, HandDrawn) and ev.kind == "nine_terminals":
            action = NineTerminals()
        elif isinstance(ev, Penalty):
            action, seat = Tsumo(), ev.seat  # a false tsumo
        else:
            raise _Stop(j, f"{describe(ev, st.dealer, st.rules.red_fives)}, but it is "
                           f"{_seat(st.dealer, st.turn)}'s turn to discard or win")
        return [(seat, action, j)]
    # a claim window (a discard, or a kan's tile), or the show-or-noten choice at a draw
    # (a seat offered ShowHand is offered nothing else, and it comes first)
    if any(type(acts[0]) is ShowHand for acts in pending.values()):
        out: list[tuple[int, Action, int]] = []
        k = j
        while k < len(rec) and isinstance(declared := rec[k], NotenDeclared):
            out.append((declared.seat, ShowHand(False), k))
            k += 1
        noten = {s for s, _, _ in out}
        out.extend((s, ShowHand(True), k if k < len(rec) else len(rec) - 1)
                   for s in sorted(pending) if s not in noten)
        return out
    chosen: dict[int, Action] = {}
    own_turn = (Discarded, RiichiDeclared, Kan, NineTerminals)
    if isinstance(ev, own_turn) or (isinstance(ev, HandDrawn) and ev.kind == "nine_terminals"):
        what = (f"{_seat(st.dealer, st.last_discard[0])}'s discard of "
                f"{_tile(st.last_discard[1], st.rules.red_fives)}"
                if st.phase == "claim" and st.last_discard else "the kan")
        raise _Stop(j, f"{describe(ev, st.dealer, st.rules.red_fives)}, but the other "
                       f"players must first answer {what}")
    if isinstance(ev, Won):
        for w in ev.wins:
            if w.from_seat is None:
                raise _Stop(j, f"{_seat(st.dealer, w.seat)} wins by tsumo on another "
                               "player's tile")
            chosen[w.seat] = Ron()
    elif isinstance(ev, HandDrawn) and ev.kind == "triple_ron":
        source = st.last_discard[0] if st.phase == "claim" and st.last_discard else (
            st.last_kan[0] if st.last_kan else st.turn)
        for s in range(4):  # the three others all win on the tile
            if s != source:
                chosen[s] = Ron()
    elif isinstance(ev, Called):
        chosen[ev.seat] = _call_action(ev)
    elif isinstance(ev, Penalty):
        if not (ev.kind == "chombo" and st.live_remaining <= 0
                and st.seats[ev.seat].riichi):  # else: a noten riichi found at the draw
            mistake: Action = Ron() if ev.kind == "chombo" else _FALSE_CALL
            return [(ev.seat, mistake, j)]
    out = [(s, a, j) for s, a in chosen.items()]
    out.extend((s, _PASS, j) for s in sorted(pending) if s not in chosen)
    return out


# ------------------------------------------------------------------ the referee


def _excerpt(first: GameStarted, start: HandStarted) -> bool:
    """A record that begins later in a game (only an imported one, without a seed)."""
    whole = ((start.round_wind, start.hand_number, start.honba, start.sticks) == (0, 0, 0, 0)
             and tuple(start.scores) == (first.ruleset.start_points,) * 4)
    return not whole and first.seed is None


def _seeded_walls(seed: int | None, hands: int) -> list[tuple[tuple[int, ...], tuple[int, int]]]:
    """The walls and dice a seed deals, as ``Game`` makes them."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        wall = wall_mod.shuffled_wall(rng)
        out.append((wall, (rng.randint(1, 6), rng.randint(1, 6))))
    return out


def referee(events: Sequence[Event], lines: Sequence[int] | None = None, *,
            practice_seats: Iterable[int] = (0, 1, 2, 3), record: bool = False,
            seeded_walls: bool = False) -> Verdict:
    """Replay ``events`` through the engine (see the module's docstring).

    ``lines``: each event's line in its file, for the messages.  ``practice_seats``: the
    seats that may make the mistakes practice mode penalises (the human seats).
    ``record``: the events come from another tool's log: results are compared on what
    such a log records and the engine's own results are kept in ``Verdict.events``; a kan
    dora the record does not show where the engine turns it is taken from the engine (the
    formats keep Tenhou's timing or none, the ruleset says when).
    ``seeded_walls``: the walls must be the ones the game's seed deals.
    """
    keep = [k for k, e in enumerate(events) if not isinstance(e, Note)]  # notes change nothing
    rec = [events[k] for k in keep]
    if lines is not None and len(keep) != len(events):
        lines = [lines[k] for k in keep if k < len(lines)]
    if not rec or not isinstance(rec[0], GameStarted):
        return Verdict(None, Disagreement("start", "the game does not start with GameStarted",
                                          lines[0] if lines else None), 0, [])
    first = rec[0]
    red = first.ruleset.red_fives
    starts = [e for e in rec if isinstance(e, HandStarted)]
    if not starts:
        return Verdict(None, None, len(rec), list(rec))
    walls: list[Any] = [(h.wall, h.dice) for h in starts]
    if seeded_walls and first.seed is not None and not _excerpt(first, starts[0]):
        walls = list(_seeded_walls(first.seed, len(starts)))

    def source(index: int) -> Any:
        return walls[index] if index < len(walls) else None

    def line_of(index: int) -> int | None:
        return lines[index] if lines is not None and index < len(lines) else None

    hand = "start"
    dealer = 0
    dead_wall = first.ruleset.dead_wall
    out: list[Event] = []
    try:
        if _excerpt(first, starts[0]):
            if not isinstance(rec[1], HandStarted):
                raise _Stop(1, "the game's first event after GameStarted must be HandStarted")
            s0 = rec[1]
            if s0.dealer != s0.hand_number:
                raise _Stop(1, f"hand {hand_label(s0)} has dealer seat {s0.dealer}; the "
                               f"dealer of hand {s0.hand_number + 1} is seat {s0.hand_number}")
            game = Game.from_events(rec[:2], wall_source=source,
                                    practice_seats=practice_seats)
        else:
            game = Game(first.ruleset, first.players, first.seed, wall_source=source,
                        practice_seats=practice_seats)
    except _Stop as stop:
        return Verdict(None, Disagreement("start", stop.message, line_of(stop.index)), 0, [])
    except (ValueError, IndexError, KeyError, TypeError, AssertionError):
        return Verdict(None, Disagreement("start", "the game cannot start from its first "
                                          "events (its players, rules or first hand)",
                                          line_of(1)), 0, [])
    i = 0
    guard = 0
    try:
        while True:
            produced = game.events
            while i < len(produced) and i < len(rec):
                mine, theirs = produced[i], rec[i]
                if type(theirs) in _SAME_WHEN_EQUAL and theirs == mine:
                    out.append(theirs)  # hot: most events (what differences() finds then)
                    i += 1
                    continue
                if record and isinstance(mine, DoraRevealed) and not isinstance(
                        theirs, DoraRevealed):
                    rec.insert(i, mine)
                    if lines is not None:
                        lines = [*lines[:i], lines[i - 1] if i else 0, *lines[i:]]
                    theirs = mine
                why = differences(theirs, mine, dealer, red, record=record,
                                  dead_wall=dead_wall)
                if why:
                    name = "end" if isinstance(theirs, GameEnded) else (
                        hand_label(theirs) if isinstance(theirs, HandStarted) and (
                            isinstance(mine, HandStarted)) else hand)
                    if name == hand:
                        raise _Stop(i, "; ".join(why))
                    raise _Named(i, "; ".join(why), name)
                if isinstance(mine, HandStarted):
                    hand, dealer = hand_label(mine), mine.dealer
                out.append(_kept(theirs, mine, record) if record else theirs)
                i += 1
            if i >= len(rec):
                break
            if game.over:
                raise _Stop(i, f"{describe(rec[i], dealer, red)}, but the game is over")
            ev = rec[i]
            st = game.state
            if type(ev) is Discarded and st.phase == "turn" and ev.seat == st.turn:
                # hot: a plain discard, as _choices() gives it, checked alone by act
                # (what _play does for a seat that has a choice)
                discard = shared_discard(ev.tile)
                try:
                    game.act(ev.seat, discard)
                except IllegalAction as exc:
                    raise _Stop(i, f"{_seat(dealer, ev.seat)} cannot "
                                   f"{_action_words(discard, red)}: {exc.reason}") from None
                guard += 1
                continue
            if type(ev) is Drew and st.phase == "claim" and st.live_remaining > 0:
                # hot: the next draw, so everyone asked passed (as _choices() gives it;
                # a seat is asked to show its hand only once the wall is empty)
                _pass_all(game, sorted(game.asked()), i, dealer, red)
            elif type(ev) is Discarded and st.phase == "turn":
                _play(game, ev.seat, shared_discard(ev.tile), rec, i, game.asked(), dealer, red)
            elif type(ev) is Drew and st.phase == "claim" and not any(
                    type(acts[0]) is ShowHand for acts in game.pending().values()):
                _pass_all(game, sorted(game.asked()), i, dealer, red)
            else:
                asked = game.asked()
                choices = _choices(game, rec, i)
                if not choices:
                    break  # the record stops in the middle of a turn
                st = game.state
                window = (st.window, st.phase, st.hands_started)
                for seat, action, j in choices:
                    st = game.state
                    if st.phase == "over" or (st.window, st.phase, st.hands_started) != window:
                        break  # the decision is resolved; the rest of the list is moot
                    _play(game, seat, action, rec, j, asked, dealer, red)
            guard += 1
            if guard > 4 * len(rec) + 16:
                raise _Stop(i, "the game does not advance here")
    except _Named as stop:
        return Verdict(game, Disagreement(stop.hand, stop.message, line_of(stop.index)),
                       stop.index, out)
    except _Stop as stop:
        return Verdict(game, Disagreement(hand, stop.message, line_of(stop.index)),
                       stop.index, out)
    return Verdict(game, None, len(rec), out)


class _Named(_Stop):
    """A :class:`_Stop` reported under another hand's name (a next hand, the end)."""

    def __init__(self, index: int, message: str, hand: str) -> None:
        super().__init__(index, message)
        self.hand = hand


def _kept(theirs: Event, mine: Event, record: bool) -> Event:
    """The event to keep for a recorded one that followed: a log's results are replaced
    by the engine's (with the log's order of the yaku)."""
    if not record:
        return theirs
    if isinstance(theirs, Won) and isinstance(mine, Won):
        by_seat = {w.seat: w for w in theirs.wins}
        wins = []
        for w in mine.wins:
            r = by_seat.get(w.seat)
            if r is not None and sorted(r.yaku) == sorted(w.yaku):
                w = msgspec.structs.replace(w, yaku=r.yaku)
            wins.append(w)
        return msgspec.structs.replace(mine, wins=tuple(wins))
    if isinstance(theirs, (HandDrawn, GameEnded)):
        return mine
    return theirs


def _pass_all(game: Game, asked: Sequence[int], i: int, dealer: int, red: int) -> None:
    """Every seat ``asked`` passes (what :func:`_play` does for each) until the decision is
    resolved; ``i``: the recorded event that shows it."""
    window = game.state.window
    for seat in asked:
        st = game.state
        if st.window != window or st.phase != "claim":
            break  # the decision is resolved
        try:
            game.act(seat, _PASS)
        except IllegalAction as exc:
            raise _Stop(i, f"{_seat(dealer, seat)} cannot {_action_words(_PASS, red)}: "
                           f"{exc.reason}") from None


def _play(game: Game, seat: int, action: Action, rec: Sequence[Event], j: int,
          asked: Collection[int], dealer: int, red: int) -> None:
    """Give ``seat`` its recorded choice; :class:`_Stop` with the engine's reason if refused.
    ``asked``: the seats that had to decide when the decision began."""
    st = game.state
    if seat not in asked and not (isinstance(action, Pass)):
        ev = rec[j]
        if isinstance(ev, Penalty) and not st.rules.practice_mode:
            raise _Stop(j, f"{describe(ev, dealer, red)}, but these rules have no practice "
                           "mode")
        turn = (f"; it is {_seat(dealer, st.turn)}'s turn" if st.phase == "turn" else "")
        raise _Stop(j, f"{_seat(dealer, seat)} cannot {_action_words(action, red)}: it has "
                       f"nothing to decide here{turn}")
    if seat not in game.asked():
        return  # already answered (a pass to a seat the record does not name)
    try:
        game.act(seat, action)
    except IllegalAction as exc:
        ev = rec[j]
        if isinstance(ev, Penalty) and not st.rules.practice_mode:
            raise _Stop(j, f"{describe(ev, dealer, red)}, but these rules have no practice "
                           "mode") from None
        raise _Stop(j, f"{_seat(dealer, seat)} cannot {_action_words(action, red)}: "
                       f"{exc.reason}") from None


def verify_events(events: Sequence[Event], lines: Sequence[int] | None = None, *,
                  practice_seats: Iterable[int] = (0, 1, 2, 3),
                  seeded_walls: bool = False) -> list[Disagreement]:
    """The first way the events cannot be the engine's game ([] when they are)."""
    verdict = referee(events, lines, practice_seats=practice_seats,
                      seeded_walls=seeded_walls)
    return [] if verdict.problem is None else [verdict.problem]


def practice_seats_of(header: Header) -> tuple[int, ...]:
    """The seats a file's header names as people (no bot level): only they may err in
    practice mode.  A header without seats leaves all four."""
    if len(header.seats) != 4:
        return (0, 1, 2, 3)
    return tuple(s for s, info in enumerate(header.seats) if info.bot is None)


def check_loaded(game: LoadedGame) -> Verdict:
    """:func:`referee` for a game read from a file: its header says which seats are people,
    and a game played here (with a seed) must have the walls its seed deals.  The header's
    seed must be the game's, and only an imported game may lack one: without a seed a
    game may begin at any hand with any scores and walls, which only a log of another
    program's game may do."""
    problem = header_problem(game)
    if problem is not None:
        return Verdict(None, problem, 0, [])
    return referee(game.events, game.lines, practice_seats=practice_seats_of(game.header),
                   seeded_walls=True)


def header_problem(game: LoadedGame) -> Disagreement | None:
    """Where the header and the game's ``GameStarted`` disagree on where the game comes
    from (see :func:`check_loaded`), or None."""
    if not game.events or not isinstance(game.events[0], GameStarted):
        return None
    first, line = game.events[0], game.lines[0] if game.lines else None
    seed = game.header.seed
    if seed != first.seed:
        return Disagreement("start", f"the header's seed {seed} is not the game's seed "
                                     f"{first.seed}", line)
    if first.seed is None and not imported(game.header):
        source = f"source {game.header.source!r}" if game.header.source else "no source"
        return Disagreement("start", f"the game has no seed, but its header ({source}) says it "
                                     "was played here, and a game played here records the seed "
                                     "of its walls (only an imported log may lack one)", line)
    return None


# ------------------------------------------------------------------ the good part


@dataclass
class GoodPart:
    """The part of a game file that can be trusted, and why the rest cannot."""

    game: LoadedGame
    """The file read up to its first line that cannot be read or cannot follow: the header,
    every event before that line (with their line numbers), ``good_bytes`` up to it, and
    that line in ``problems``."""
    problem: str | None
    """That line and what is wrong with it, in one sentence (None: the whole file is good)."""


def good_part(data: bytes, path: Path | None = None) -> GoodPart:
    """The longest prefix of a game file whose every event reads and follows
    (:func:`check_loaded`), ending at the last good event; :class:`saves.reader.SaveError`
    when the file cannot be a game at all.  A damaged or illegal line in hand 9 keeps
    hands 1 to 8 and hand 9 up to it, for the replay viewer and for Continue.

    >>> from saves.codec import encode_event, encode_header
    >>> from saves.writer import make_header
    >>> from rulesets.schema import Ruleset
    >>> g = Game(Ruleset(), seed=3)
    >>> first, start, draw = g.events[:3]
    >>> lines = [first, start, Drew(draw.seat, draw.tile ^ 1)]  # another copy drawn
    >>> data = encode_header(make_header({}, [], 3)) + b"".join(map(encode_event, lines))
    >>> part = good_part(data)
    >>> len(part.game.events), part.problem
    (2, 'E1-0, line 4: seat 0 (E) draws 2s (tile 78), but the wall gives 2s (tile 79)')
    """
    game = loads(data, path)
    problem = str(game.problems[0]) if game.problems else None
    verdict = check_loaded(game)
    keep = [k for k, e in enumerate(game.events) if not isinstance(e, Note)]
    if verdict.problem is not None and verdict.checked < len(keep):  # an event refused
        problem = str(verdict.problem)
        cut = keep[verdict.checked]
        if cut < len(game.events):
            line = game.lines[cut]
            game.good_bytes = line_start(data, line)
            game.problems = [Problem(line, verdict.problem.message)]
            del game.events[cut:], game.lines[cut:]
    return GoodPart(game, problem)


def load_good_part(path: str | Path) -> GoodPart:
    """:func:`good_part` of the game file at ``path``."""
    p = Path(path)
    return good_part(read_regular(p), p)


def refusal(game: LoadedGame) -> SaveError | None:
    """Why ``hanchan verify`` refuses a game read from a file, in its words: the first event
    that cannot follow (``FILE: E1-0, line 57: ...``), else the first damaged line
    (``FILE, line 12: ...``); None when the file is a legal game, whole or unfinished.
    ``SaveError.line`` is the line named (None when the game cannot start at all)."""
    problem = check_loaded(game).problem
    if problem is not None:
        error = SaveError(str(problem), path=game.path)
        error.line = problem.line
        return error
    if game.problems:
        return SaveError(game.problems[0].message, game.problems[0].line, game.path)
    return None


def load_checked(path: str | Path) -> LoadedGame:
    """A game file read and refereed as ``hanchan verify`` reads it: what reviews, drills or
    exports a save reads it this way, so it never meets a game the engine cannot play.
    :class:`SaveError` (one sentence naming the line) for a file verify refuses."""
    game = load(path)
    error = refusal(game)
    if error is not None:
        raise error
    return game
