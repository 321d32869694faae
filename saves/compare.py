"""``compare``: a recorded event against the one the engine makes at the same point.

:func:`differences` is the referee's judge (``saves.verify``): it returns the sentences
that say why a recorded event is not the engine's ([] when it is).  Most events follow
when they equal the engine's; results (a win, a draw, the final table) are compared by
their parts, so that a message names the yaku, fu, payment or row that differs, and only
the order inside a set is free (meld tiles, the tiles of a hand, the order of the yaku:
:func:`canonical`).  With ``record`` (another tool's log) only what such a log records
is compared: no fu on a limit hand, payments as net changes, results to 0.1.

>>> from hanchan.engine.events import Drew
>>> differences(Drew(0, 78, False), Drew(0, 79, False), dealer=0, red=1)
['seat 0 (E) draws 2s (tile 78), but the wall gives 2s (tile 79)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    FinalRow,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    WinResult,
    Won,
)
from hanchan.engine.parts import net
from hanchan.saves.verify_words import (
    describe,
    dice_words,
    hand_label_of,
    seat_words,
    short,
    signed_words,
    tile_words,
    wall_place,
)


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


# ------------------------------------------------------------------ a win


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


def _fu_compared(rec: WinResult, comp: WinResult, record: bool) -> bool:
    """Whether the fu differ where they count (a log records no fu on a limit hand)."""
    return rec.fu != comp.fu and not (record and (not rec.fu or comp.limit is not None))


def _limit_compared(rec: WinResult, comp: WinResult, record: bool) -> bool:
    """Whether the limits differ (a log may name a limit by its first word only)."""
    return rec.limit != comp.limit and not (
        record and (rec.limit or "").startswith(comp.limit or "-"))


def _win_details(rec: WinResult, comp: WinResult, record: bool) -> list[str]:
    """What makes the points of a win differ: yaku, han, fu, limit, yakuman, pao."""
    details = [d for d in (_yaku_diff(rec, comp),) if d]
    if rec.han != comp.han:
        details.append(f"{rec.han} han recorded, {comp.han} computed")
    if _fu_compared(rec, comp, record):
        details.append(f"{rec.fu} fu recorded, {comp.fu} computed")
    if _limit_compared(rec, comp, record):
        details.append(f"limit {rec.limit} recorded, {comp.limit} computed")
    if rec.yakuman_count != comp.yakuman_count and not record:
        details.append(f"{rec.yakuman_count} yakuman recorded, {comp.yakuman_count} computed")
    if rec.pao_seat != comp.pao_seat:
        details.append(f"pao {rec.pao_seat} recorded, {comp.pao_seat} computed")
    return details


def _first_other_part(what: str, rec: WinResult, comp: WinResult) -> list[str]:
    """The first part of a win outside its points and net payments that differs."""
    for name, a, b in (("winning tile", rec.tile, comp.tile),
                       ("from seat", rec.from_seat, comp.from_seat),
                       ("hand", sorted(rec.hand), sorted(comp.hand)),
                       ("melds", [_meld_key(m) for m in rec.melds],
                        [_meld_key(m) for m in comp.melds]),
                       ("ura indicators", list(rec.ura_indicators), list(comp.ura_indicators)),
                       ("fu parts", list(rec.fu_parts), list(comp.fu_parts)),
                       ("payment lines", list(rec.payments), list(comp.payments)),
                       ("chips", list(rec.chips), list(comp.chips))):
        if a != b:
            return [f"{what}: {name} {short(a)} recorded, {short(b)} computed"]
    return []


def compare_win(dealer: int, rec: WinResult, comp: WinResult, *,
                record: bool = False) -> list[str]:
    """Sentences for the ways a recorded win differs from the engine's.  With ``record``
    only what another tool's log records is compared (no fu on a limit hand, net
    payments)."""
    what = f"{'tsumo' if rec.from_seat is None else 'ron'} by {seat_words(dealer, rec.seat)}"
    out: list[str] = []
    details = _win_details(rec, comp, record)
    if rec.points != comp.points or details:
        text = f"{what} {rec.points} recorded, {comp.points} computed"
        if details:
            text += f" ({'; '.join(details)})"
        out.append(text)
    if net(rec.payments) != net(comp.payments) and (rec.payments or not record):
        out.append(f"{what} payments {signed_words(net(rec.payments))} recorded, "
                   f"{signed_words(net(comp.payments))} computed")
    if out or record:
        return out
    return _first_other_part(what, rec, comp)


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
        out.append(f"score changes {signed_words(rec.deltas)} recorded, "
                   f"{signed_words(comp.deltas)} computed")
    if not out and rec.sticks_taken != comp.sticks_taken:
        out.append(f"{rec.sticks_taken} riichi sticks taken recorded, "
                   f"{comp.sticks_taken} computed")
    if not out and not record and [w.seat for w in comp.wins] != rec_seats:
        out.append(f"winners in the order {rec_seats} recorded, "
                   f"{[w.seat for w in comp.wins]} computed")
    return out


# ------------------------------------------------------------------ a draw, the end


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
        out.append(f"draw payments {signed_words(rec.deltas)} recorded, "
                   f"{signed_words(comp.deltas)} computed")
    if out or record:
        return out
    if [sorted(h) for h in rec.hands] != [sorted(h) for h in comp.hands]:
        out.append(f"hands shown {short([list(h) for h in rec.hands])} recorded, "
                   f"{short([list(h) for h in comp.hands])} computed")
    elif rec.payments != comp.payments:
        out.append(f"draw payment lines {short(list(rec.payments))} recorded, "
                   f"{short(list(comp.payments))} computed")
    elif rec.tenpai != comp.tenpai:
        out.append(f"tenpai {list(rec.tenpai)} recorded, {list(comp.tenpai)} computed")
    return out


def _row_differences(r: FinalRow, c: FinalRow, record: bool) -> list[str]:
    """How a recorded row of the final table differs from the engine's (a log records
    the result to 0.1 and no chips, oka, uma or bonus)."""
    parts = []
    if r.points != c.points:
        parts.append(f"points {r.points} recorded, {c.points} computed")
    if r.rank != c.rank:
        parts.append(f"rank {r.rank} recorded, {c.rank} computed")
    if (abs(r.result - c.result) > 0.05) if record else r.result != c.result:
        parts.append(f"result {r.result:+.1f} recorded, {c.result:+.1f} computed")
    if record:
        return parts
    if r.chips != c.chips:
        parts.append(f"chips {r.chips} recorded, {c.chips} computed")
    for name in ("oka", "uma", "bonus"):
        a, b = getattr(r, name), getattr(c, name)
        if a != b:
            parts.append(f"{name} {a:+.1f} recorded, {b:+.1f} computed")
    return parts


def compare_ended(rec: GameEnded, comp: GameEnded, *, record: bool = False) -> list[str]:
    """Sentences for a recorded final table against the engine's."""
    rec_rows = {r.seat: r for r in rec.table}
    if len(rec.table) != 4 or sorted(rec_rows) != [0, 1, 2, 3]:
        return [f"the final table lists seats {[r.seat for r in rec.table]}, not each seat once"]
    out = [f"final table seat {c.seat}: " + ", ".join(parts) for c in comp.table
           if (parts := _row_differences(rec_rows[c.seat], c, record))]
    if rec.leftover_sticks != comp.leftover_sticks:
        out.append(f"{rec.leftover_sticks} sticks left recorded, "
                   f"{comp.leftover_sticks} computed")
    if out or record:
        return out
    if rec.reason != comp.reason:
        return [f"the game ends ({rec.reason}) recorded, ({comp.reason}) computed"]
    if [r.seat for r in rec.table] != [r.seat for r in comp.table]:
        return [f"final table order {[r.seat for r in rec.table]} recorded, "
                f"{[r.seat for r in comp.table]} computed"]
    return []


# ------------------------------------------------------------------ a hand's start


def _compare_started(rec: HandStarted, comp: HandStarted, red: int,
                     dead_wall: int) -> list[str]:
    got = (rec.round_wind, rec.hand_number, rec.honba, rec.dealer)
    want = (comp.round_wind, comp.hand_number, comp.honba, comp.dealer)
    if got != want:
        return [f"the next hand recorded is {hand_label_of(rec)} with dealer seat {rec.dealer}, "
                f"computed {hand_label_of(comp)} with dealer seat {comp.dealer}"]
    out = []
    if tuple(rec.scores) != tuple(comp.scores):
        out.append(f"scores at the start {list(rec.scores)} recorded, "
                   f"{list(comp.scores)} computed")
    if rec.sticks != comp.sticks:
        out.append(f"{rec.sticks} riichi sticks on the table recorded, {comp.sticks} computed")
    if not out and rec.dice != comp.dice:
        out.append(f"the dice {dice_words(rec.dice)} recorded are not the "
                   f"{dice_words(comp.dice)} the game's seed throws")
    if not out and rec.wall != comp.wall:
        i = next(i for i, (a, b) in enumerate(zip(rec.wall, comp.wall, strict=True)) if a != b)
        out.append(f"the wall recorded is not the one the game's seed deals: its tile "
                   f"{i + 1} of 136 ({wall_place(i, rec.dealer, dead_wall)}) is "
                   f"{tile_words(rec.wall[i], red)} recorded, {tile_words(comp.wall[i], red)} "
                   "dealt")
    return out


def dice_problem(ev: HandStarted) -> str | None:
    """Why a hand's recorded dice cannot have been thrown (None when they can)."""
    if len(ev.dice) != 2 or not all(1 <= d <= 6 for d in ev.dice):
        return f"the dice {dice_words(ev.dice)} recorded cannot be thrown: each die shows 1 to 6"
    return None


# ------------------------------------------------------------------ any event


class _Where(NamedTuple):
    """Where an event is judged: the hand's dealer, the rules' red fives and dead wall,
    and whether the record is another tool's log."""

    dealer: int
    red: int
    record: bool
    dead_wall: int


_Judge = Callable[[Any, Any, _Where], "list[str] | None"]

_SAME_WHEN_EQUAL = frozenset({Drew, Discarded, DoraRevealed, RiichiDeclared, RiichiAccepted,
                              Called, Kan, NotenDeclared})
"""Events that follow when they equal the engine's: every event but those compared by
their parts (:data:`_BY_PARTS`) or checked on their own (a hand's start)."""

_BY_PARTS: dict[type, _Judge] = {
    Won: lambda rec, comp, at: compare_won(at.dealer, rec, comp, record=at.record),
    HandDrawn: lambda rec, comp, at: compare_drawn(rec, comp, record=at.record),
    GameEnded: lambda rec, comp, at: compare_ended(rec, comp, record=at.record),
}
"""Results, compared part by part: what they say is all there is to say."""


def _drew(rec: Drew, comp: Drew, at: _Where) -> list[str] | None:
    if rec.seat != comp.seat:
        return None
    return [f"{describe(rec, at.dealer, at.red)}, but the wall gives "
            f"{tile_words(comp.tile, at.red)}"]


def _discarded(rec: Discarded, comp: Discarded, at: _Where) -> list[str] | None:
    if (rec.seat, rec.tile) != (comp.seat, comp.tile):
        return None
    return [f"the discard is marked {'' if rec.tsumogiri else 'not '}as the tile just "
            f"drawn, but it is{'' if comp.tsumogiri else ' not'}"]


_UNEQUAL: dict[type, _Judge] = {
    HandStarted: lambda rec, comp, at: (_compare_started(rec, comp, at.red, at.dead_wall)
                                        or ["the hand's start differs from the engine's"]),
    Drew: _drew,
    Discarded: _discarded,
    Penalty: lambda rec, comp, at: [f"{describe(rec, at.dealer, at.red)}: {short(rec)} "
                                    f"recorded, {short(comp)} computed"],
}
"""Why an event differs from the engine's of the same kind, where more can be said than
what each is (None: nothing more)."""

_OTHER_KIND: dict[tuple[type, type], _Judge] = {
    (HandStarted, GameEnded): lambda rec, comp, at: [
        f"the game goes on, but it ends here by the rules ({comp.reason})"],
    (GameEnded, HandStarted): lambda rec, comp, at: [
        "the game ends, but by the rules it goes on"],
    (Drew, HandDrawn): lambda rec, comp, at: [
        f"{describe(rec, at.dealer, at.red)} after the live wall is empty"
    ] if comp.kind == "exhaustive" else None,
}
"""(recorded kind, engine's kind) where the engine's event says more than itself."""


def _same_kind(rec: Event, comp: Event, at: _Where) -> list[str] | None:
    by_parts = _BY_PARTS.get(type(rec))
    if by_parts is not None:
        return by_parts(rec, comp, at)
    if canonical(rec) == canonical(comp):
        return []
    unequal = _UNEQUAL.get(type(rec))
    return None if unequal is None else unequal(rec, comp, at)


def differences(rec: Event, comp: Event, dealer: int, red: int, *,
                record: bool = False, dead_wall: int = 14) -> list[str]:
    """Why a recorded event is not the one the engine makes at this point ([] if it is)."""
    if type(rec) in _SAME_WHEN_EQUAL and rec == comp:  # most of a game's events
        return []
    if isinstance(rec, HandStarted) and (bad_dice := dice_problem(rec)) is not None:
        return [bad_dice]
    at = _Where(dealer, red, record, dead_wall)
    why = _same_kind(rec, comp, at) if type(rec) is type(comp) else None
    if why is None:
        other = _OTHER_KIND.get((type(rec), type(comp)))
        why = other(rec, comp, at) if other is not None else None
    if why is None:
        return [f"{describe(rec, dealer, red)}, but here {describe(comp, dealer, red)}"]
    return why
