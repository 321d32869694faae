"""``verify``: refold a game's events and recompute every recorded result.

For every ``Won`` the engine recomputes the win from the state just before it
(``engine.flow.make_won``: score, yaku, fu, payments with honba and sticks, pao);
for every ``HandDrawn`` the draw (tenpai, noten payments, nagashi mangan); for
``GameEnded`` the final table (``engine.flow.game_ended`` -> ``final_table``); at
every ``HandStarted`` the scores and sticks carried in.  Each hand that disagrees
gives one :class:`Disagreement`, named like ``E1-0``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import (
    Called,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    Penalty,
    WinResult,
    Won,
)
from engine.state import GameState, apply
from engine.tiles import WIND_LETTERS


@dataclass(frozen=True)
class Disagreement:
    """One hand whose recorded result differs from the engine's (or an unplayable event)."""

    hand: str  # "E1-0", or "end" for the final table
    message: str
    line: int | None = None  # the line of the event in the file, when known

    def __str__(self) -> str:
        return f"{self.hand}: {self.message}"


def _seat_name(st: GameState, seat: int) -> str:
    """The absolute seat and its wind in this hand (E = the dealer)."""
    return f"seat {seat} ({WIND_LETTERS[(seat - st.dealer) % 4]})"


def _hand_name(st: GameState | None, ev: HandStarted | None) -> str:
    if ev is not None:
        return f"{WIND_LETTERS[ev.round_wind % 4]}{ev.hand_number + 1}-{ev.honba}"
    return "start"


def _signed(values: Sequence[int]) -> str:
    return "(" + ", ".join(f"{v:+d}" for v in values) + ")"


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


def compare_win(st: GameState, rec: WinResult, comp: WinResult) -> list[str]:
    """Plain sentences for every way a recorded win differs from the computed one."""
    kind = "tsumo" if rec.from_seat is None else "ron"
    who = f" by {_seat_name(st, rec.seat)}"
    out: list[str] = []
    details = []
    yd = _yaku_diff(rec, comp)
    if yd:
        details.append(yd)
    if rec.han != comp.han:
        details.append(f"{rec.han} han recorded, {comp.han} computed")
    if rec.fu and rec.fu != comp.fu and comp.limit is None:
        details.append(f"{rec.fu} fu recorded, {comp.fu} computed")
    if rec.limit != comp.limit and not (rec.limit or "").startswith(comp.limit or "-"):
        details.append(f"limit {rec.limit} recorded, {comp.limit} computed")
    if rec.pao_seat != comp.pao_seat:
        details.append(f"pao {rec.pao_seat} recorded, {comp.pao_seat} computed")
    if rec.points != comp.points or details:
        text = f"{kind}{who} {rec.points} recorded, {comp.points} computed"
        if details:
            text += f" ({'; '.join(details)})"
        out.append(text)
    rec_pay = _net(rec)
    comp_pay = _net(comp)
    if rec.payments and rec_pay != comp_pay:
        out.append(f"{kind}{who} payments {_signed(rec_pay)} recorded, "
                   f"{_signed(comp_pay)} computed")
    return out


def _net(w: WinResult) -> list[int]:
    d = [0, 0, 0, 0]
    for p in w.payments:
        d[p.payee] += p.amount
        if p.payer is not None:
            d[p.payer] -= p.amount
    return d


def _win_situation(st: GameState, won: Won) -> tuple[int | None, int, bool, bool]:
    """(from_seat, tile, chankan, chankan_ankan) of a recorded win, checked against the state."""
    first = won.wins[0]
    chankan = st.phase == "chankan"
    chankan_ankan = False
    if chankan and st.last_kan is not None:
        chankan_ankan = st.last_kan[1].kind == "ankan"
    return first.from_seat, first.tile, chankan, chankan_ankan


def check_won(st: GameState, won: Won) -> list[str]:
    """Recompute a ``Won`` event from the state just before it."""
    from engine.flow import make_won

    if not won.wins:
        return ["a win with no winner"]
    from_seat, tile, chankan, chankan_ankan = _win_situation(st, won)
    winners = [w.seat for w in won.wins]
    try:
        comp = make_won(st, winners, from_seat, tile, chankan=chankan,
                        chankan_ankan=chankan_ankan)
    except Exception as exc:  # the engine says this cannot be a win
        kind = "tsumo" if from_seat is None else "ron"
        return [f"{kind} by {', '.join(_seat_name(st, w) for w in winners)} "
                f"{won.wins[0].points} recorded, not a win here ({exc})"]
    out: list[str] = []
    by_seat = {w.seat: w for w in comp.wins}
    for rec in won.wins:
        c = by_seat.get(rec.seat)
        if c is None:
            out.append(f"seat {rec.seat} recorded as a winner, not computed")
            continue
        out.extend(compare_win(st, rec, c))
    if not out and tuple(won.deltas) != tuple(comp.deltas):
        out.append(f"score changes {_signed(won.deltas)} recorded, "
                   f"{_signed(comp.deltas)} computed")
    if not out and won.sticks_taken != comp.sticks_taken:
        out.append(f"{won.sticks_taken} riichi sticks taken recorded, "
                   f"{comp.sticks_taken} computed")
    return out


def check_drawn(st: GameState, drawn: HandDrawn) -> list[str]:
    """Recompute a ``HandDrawn`` event from the state just before it."""
    from engine.flow import abortive_draw, exhaustive_draw

    if drawn.kind == "exhaustive":
        comp = exhaustive_draw(st)
    else:
        shown = tuple(i for i, h in enumerate(drawn.hands) if h)
        comp = abortive_draw(st, drawn.kind, shown)
    out: list[str] = []
    if drawn.kind == "exhaustive" and tuple(drawn.tenpai) != tuple(comp.tenpai):
        rec_t = "".join("T" if t else "-" for t in drawn.tenpai)
        comp_t = "".join("T" if t else "-" for t in comp.tenpai)
        out.append(f"draw tenpai {rec_t} recorded, {comp_t} computed")
    if tuple(drawn.nagashi) != tuple(comp.nagashi):
        out.append(f"nagashi mangan {list(drawn.nagashi)} recorded, "
                   f"{list(comp.nagashi)} computed")
    if tuple(drawn.deltas) != tuple(comp.deltas):
        out.append(f"draw payments {_signed(drawn.deltas)} recorded, "
                   f"{_signed(comp.deltas)} computed")
    return out


def check_ended(st: GameState, ended: GameEnded) -> list[str]:
    """Recompute the final table."""
    from engine.flow import game_ended

    comp = game_ended(st, ended.reason)
    out: list[str] = []
    rec_rows = {r.seat: r for r in ended.table}
    for c in comp.table:
        r = rec_rows.get(c.seat)
        if r is None:
            out.append(f"seat {c.seat} missing from the final table")
            continue
        parts = []
        if r.points != c.points:
            parts.append(f"points {r.points} recorded, {c.points} computed")
        if r.rank != c.rank:
            parts.append(f"rank {r.rank} recorded, {c.rank} computed")
        if abs(r.result - c.result) > 0.05:
            parts.append(f"result {r.result:+.1f} recorded, {c.result:+.1f} computed")
        if r.chips != c.chips:
            parts.append(f"chips {r.chips} recorded, {c.chips} computed")
        if parts:
            out.append(f"final table seat {c.seat}: " + ", ".join(parts))
    if ended.leftover_sticks != comp.leftover_sticks:
        out.append(f"{ended.leftover_sticks} sticks left recorded, "
                   f"{comp.leftover_sticks} computed")
    return out


def _tile(t: int, rules_red: int) -> str:
    from engine.tiles import tile_name

    return f"{tile_name(t, rules_red)} (tile {t})"


def precheck(st: GameState, ev: Event) -> str | None:
    """Why a play event cannot happen in this state (a tampered file), or None."""
    red = st.rules.red_fives
    if isinstance(ev, Drew):
        if ev.rinshan:
            index = 135 - st.rinshan_taken
        else:
            if st.live_pos >= st.live_end:
                return f"seat {ev.seat} draws after the live wall is empty"
            index = st.live_pos
        if not st.wall or st.wall[index] != ev.tile:
            want = _tile(st.wall[index], red) if st.wall else "nothing"
            return (f"seat {ev.seat} draws {_tile(ev.tile, red)}, but the wall gives {want}")
    elif isinstance(ev, Discarded):
        if ev.tile not in st.seats[ev.seat].hand:
            return f"seat {ev.seat} discards {_tile(ev.tile, red)}, which it does not hold"
    elif isinstance(ev, (Called, Kan)):
        hand = list(st.seats[ev.seat].hand)
        need = [t for t in ev.meld.tiles if t != ev.meld.called or isinstance(ev, Kan)]
        if isinstance(ev, Kan) and ev.meld.kind == "kakan":
            need = [ev.meld.added] if ev.meld.added is not None else []
        for t in need:
            if t not in hand:
                return f"seat {ev.seat} melds {_tile(t, red)}, which it does not hold"
            hand.remove(t)
    return None


def _round_name(round_index: int, dealer: int, honba: int) -> str:
    return f"{WIND_LETTERS[round_index % 4]}{dealer + 1}-{honba}"


def check_next(expect: object, ev: Event) -> str | None:
    """Whether the event after a finished hand is what the rules say comes next."""
    action = getattr(expect, "action", None)
    if action == "choice" or action is None:
        return None
    if isinstance(ev, HandStarted):
        if action == "end":
            return (f"the game goes on, but it ends here by the rules "
                    f"({getattr(expect, 'reason', '')})")
        want = (getattr(expect, "round_index", 0) % 4, getattr(expect, "dealer", 0),
                getattr(expect, "honba", 0))
        got = (ev.round_wind % 4, ev.dealer, ev.honba)
        if got != want:
            return (f"the next hand recorded is {_round_name(got[0], ev.hand_number, got[2])} "
                    f"with dealer seat {got[1]}, computed "
                    f"{_round_name(want[0], (want[1] - 0) % 4, want[2])} with dealer seat "
                    f"{want[1]}")
    elif isinstance(ev, GameEnded) and action == "next":
        return "the game ends, but by the rules it goes on"
    return None


def verify_events(events: Sequence[Event], lines: Sequence[int] | None = None
                  ) -> list[Disagreement]:
    """Every disagreement between the recorded results and the engine, in game order.

    An event the engine cannot apply stops the check there (reported with its line).
    """
    out: list[Disagreement] = []
    state: GameState | None = None
    hand: HandStarted | None = None
    pending: list[str] = []
    expect: object = None  # what follows the last finished hand (engine.flow.next_step)
    penalty = False

    def flush(name: str, line: int | None) -> None:
        if pending:
            out.append(Disagreement(name, "; ".join(pending), line))
            pending.clear()

    for i, ev in enumerate(events):
        line = lines[i] if lines is not None and i < len(lines) else None
        name = _hand_name(state, hand)
        try:
            if state is not None:
                if isinstance(ev, Won):
                    pending.extend(check_won(state, ev))
                elif isinstance(ev, HandDrawn):
                    pending.extend(check_drawn(state, ev))
                elif isinstance(ev, GameEnded):
                    flush(name, line)
                    flow = check_next(expect, ev) if not penalty else None
                    if flow:
                        pending.append(flow)
                    pending.extend(check_ended(state, ev))
                    name = "end"
                elif isinstance(ev, HandStarted):
                    flush(name, line)
                    name = _hand_name(state, ev)
                    flow = check_next(expect, ev) if not penalty else None
                    if flow:
                        pending.append(flow)
                    expect, penalty = None, False
                    # a record may begin later in a game (one hand cut out of it): only a
                    # first hand at East 1, honba 0 is the real start of the game
                    excerpt = hand is None and (ev.round_wind, ev.hand_number, ev.honba,
                                                ev.sticks) != (0, 0, 0, 0)
                    if excerpt:
                        pass
                    elif list(ev.scores) != list(state.scores):
                        pending.append(f"scores at the start {list(ev.scores)} recorded, "
                                       f"{list(state.scores)} computed")
                    if ev.sticks != state.sticks and not excerpt:
                        pending.append(f"{ev.sticks} riichi sticks on the table recorded, "
                                       f"{state.sticks} computed")
        except Exception as exc:  # a bug or an impossible state: report, never crash
            pending.append(f"could not recompute the {type(ev).__name__} ({exc})")
        try:
            why = precheck(state, ev) if state is not None else None
            if why is None:
                state = apply(state, ev)
        except Exception as exc:
            why = f"{type(ev).__name__} cannot happen here ({exc})"
        if why is not None:
            flush(name, line)
            where = f"line {line}: " if line is not None else ""
            out.append(Disagreement(name, where + why, line))
            return out
        if isinstance(ev, HandStarted):
            hand = ev
        if isinstance(ev, Penalty):
            penalty = True
        if isinstance(ev, (Won, HandDrawn)) and state is not None:
            try:
                from engine.flow import next_step

                expect = next_step(state)
            except Exception:
                expect = None
        if isinstance(ev, (Won, HandDrawn, GameEnded, Penalty)):
            flush(name, line)
    flush(_hand_name(state, hand), None)
    return out
