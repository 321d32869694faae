"""Converting between the engine's events and the neutral model of other tools' logs.

* :func:`events_from_recorded` turns a :class:`~saves.logs.model.RecordedGame`
  (read from tenhou.net/6, mjlog or mjai) into our events.  Each hand's wall is
  rebuilt so that our layout (:mod:`engine.wall`) reproduces the recorded deal,
  draws, replacement draws, dora and ura indicators; positions the record does
  not show get the remaining tiles.  Results keep the record's own figures
  (han, fu, yaku, points, score changes) so that ``verify`` compares them with
  the engine's.
* :func:`recorded_from_events` goes the other way, for ``export``.  The record carries our
  ruleset, each hand's dice, and whole any hand the format cannot hold (a practice-mode
  penalty; open riichi in tenhou.net/6): see :class:`~saves.logs.model.LeftOut` and
  :func:`left_out_note`.
* :func:`rules_of` chooses the ruleset of a record: the one given, the one it carries, or
  :func:`ruleset_for` (the ``tenhou`` preset with the table's options).

The engine's state is folded along the way (``engine.state.apply``) to know
each seat's hand at a win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hanchan.engine import wall as wall_mod
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    FinalRow,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    NotenDeclared,
    Payment,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    WinResult,
    Won,
)
from hanchan.engine.flow import next_step, tenpai_of
from hanchan.engine.parts import net
from hanchan.engine.scoring.points import base_points, split
from hanchan.engine.seats import four
from hanchan.engine.settlement import final_table
from hanchan.engine.state import GameState, apply
from hanchan.errors import HanchanError
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import LineError, decode_event, event_to_dict, ruleset_from_dict
from hanchan.saves.logs import model as m
from hanchan.saves.logs.yaku import ID_TO_TENHOU_NUMBER
from hanchan.saves.verify import referee
from hanchan.saves.verify_words import hand_label_of
from hanchan.words.names import nth


class ConvertError(HanchanError, ValueError):
    """A recorded game that cannot become our events (the message says where and why)."""


# ------------------------------------------------------------------ rules


def rules_of(game: m.RecordedGame, rules: Ruleset | None = None) -> Ruleset:
    """The ruleset to import ``game`` under: ``rules`` when given (``import --rules``), else
    the ruleset the record carries (our export's), else :func:`ruleset_for`."""
    if rules is not None:
        return rules
    if game.ruleset is not None:
        try:
            return ruleset_from_dict(game.ruleset, "$.ruleset")
        except LineError as exc:
            raise ConvertError(f"the ruleset the log carries: {exc}") from None
    return ruleset_for(game)


def ruleset_for(game: m.RecordedGame) -> Ruleset:
    """The ruleset of a recorded Tenhou game: the ``tenhou`` preset with the table's options.

    East-only games use uma 10-5 (Tenhou's 東風戦), hanchan 20-10.  Today's Tenhou ends
    the game when the last dealer is tenpai at the exhaustive draw and first with 30,000
    (the preset's tenpai-yame); older records play on (2009022022gm-00a9-0000-cd94aac8,
    2009-02-20, goes from S4-1 to S4-2), so a record that plays on after such a draw is
    read with ``tenpaiyame = "none"``.  Tenhou showed final results rounded to whole
    thousands until it switched to one decimal: the record's own final figures say which.
    """
    base = load_ruleset("tenhou")
    r = game.rules
    changes: dict[str, object] = {
        "name": "tenhou",
        "length": "east_south" if r.hanchan else "east",
        "red_fives": 1 if r.red_fives else 0,
        "open_tanyao": r.open_tanyao,
    }
    if not r.hanchan:
        changes["uma"] = (10, 5, -5, -10)
    if _plays_on_after_tenpai_stop(game, base):
        changes["tenpaiyame"] = "none"
    if game.final_points is not None:
        exact = any(float(x) != int(x) for x in game.final_points)
        changes["rounding"] = "none" if exact else "half_up"
        changes["rounding_top_absorbs"] = True
    rules = base.replace(**changes)
    if not r.hanchan and game.final_scores is not None and game.final_points is not None:
        # East-only uma: 10-5 in the 2009 records, 20-10 in later ones (a 2020 一般東
        # record: 2020020316gm-0001-0000-7b22ddf5); the record's own final points say which
        for uma in ((10, 5, -5, -10), (20, 10, -10, -20)):
            cand = rules.replace(uma=uma)
            rows = final_table(game.final_scores, 0, cand)
            if all(abs(row.result - game.final_points[row.seat]) < 0.05 for row in rows):
                return cand
    return rules


def _plays_on_after_tenpai_stop(game: m.RecordedGame, rules: Ruleset) -> bool:
    """Whether the record goes on after a draw that ``rules``' tenpai-yame would end: the
    last hand's (or an extension hand's) dealer tenpai, then first with the target."""
    last = 1 if game.rules.hanchan else 0
    for k, nxt in zip(game.kyokus, game.kyokus[1:], strict=False):
        rk = k.ryuukyoku
        if (rk is None or rk.kind != "exhaustive" or rk.tenpai is None
                or not rk.tenpai[k.dealer] or k.round_wind < last
                or (k.round_wind == last and k.hand_number != 3)):
            continue
        sc = nxt.scores
        top = min(range(4), key=lambda s: (-sc[s], s))
        if top == k.dealer and sc[k.dealer] >= rules.extension_target:
            return True
    return False


# ------------------------------------------------------------------ walls


def build_wall(k: m.Kyoku) -> tuple[int, ...]:
    """A 136-tile wall in our layout that deals ``k``'s hands and gives its draws and dora."""
    wall: list[int | None] = [None] * 136
    where = f"hand {k.name}"

    def put(index: int, tile: int, what: str) -> None:
        if not 0 <= index < 136:
            raise ConvertError(f"{where}: too many tiles drawn ({what})")
        if wall[index] is not None and wall[index] != tile:
            raise ConvertError(f"{where}: {what} would overwrite another tile of the wall")
        wall[index] = tile

    for seat in range(4):
        o = (seat - k.dealer) % 4
        slots = [16 * r + 4 * o + j for r in range(3) for j in range(4)] + [48 + o]
        tiles = list(k.haipai[seat])
        if len(tiles) != 13:
            raise ConvertError(f"{where}: seat {seat} starts with {len(tiles)} tiles, not 13")
        for slot, tile in zip(slots, tiles, strict=True):
            put(slot, tile, "the deal")
    live = rinshan = 0
    for a in k.actions:
        if isinstance(a, m.Draw):
            if a.rinshan:
                put(wall_mod.rinshan_index(rinshan), a.tile, "a replacement draw")
                rinshan += 1
            else:
                put(wall_mod.FIRST_DRAW + live, a.tile, "a draw")
                live += 1
    for i, t in enumerate(k.dora_indicators):
        put(wall_mod.dora_index(i), t, "a dora indicator")
    for i, t in enumerate(k.ura_indicators):
        put(wall_mod.ura_index(i), t, "an ura indicator")
    placed = [t for t in wall if t is not None]
    if len(set(placed)) != len(placed):
        raise ConvertError(f"{where}: a tile appears twice in the hand's record")
    rest = iter(sorted(set(range(136)) - set(placed)))
    return tuple(t if t is not None else next(rest) for t in wall)


# ------------------------------------------------------------------ import

_DRAW_KINDS = {
    "exhaustive": "exhaustive",
    "kyuushu": "nine_terminals",
    "four_winds": "four_winds",
    "four_riichi": "four_riichi",
    "four_kans": "four_kans",
    "triple_ron": "triple_ron",
    "nagashi_mangan": "exhaustive",
}


def _payments_from_deltas(deltas: Sequence[int], payees: Sequence[int],
                          reason: str) -> tuple[Payment, ...]:
    """Payment lines that give exactly ``deltas`` (payers pay the payees in order)."""
    out: list[Payment] = []
    owed = {s: -d for s, d in enumerate(deltas) if d < 0}
    due = {s: deltas[s] for s in payees if deltas[s] > 0}
    for payer, amount in owed.items():
        for payee in list(due):
            if amount <= 0:
                break
            take = min(amount, due[payee])
            if take:
                out.append(Payment(payer, payee, take, reason))
                amount -= take
                due[payee] -= take
    for payee, left in due.items():
        if left > 0:
            out.append(Payment(None, payee, left, "sticks"))
    return tuple(out)


def _win_result(st: GameState, w: m.Win) -> WinResult:
    s = st.seats[w.seat]
    tsumo = w.tsumo
    if w.tile is None:
        raise ConvertError(f"seat {w.seat}'s win does not say its winning tile")
    hand = tuple(s.hand) if tsumo else tuple(s.hand) + (w.tile,)
    ura = st.ura_indicators() if (s.riichi and st.rules.ura_dora) else ()
    limit: str | None = w.limit
    if limit == "yakuman" and not any(y.han >= 13 for y in w.yaku):
        limit = "kazoe_yakuman"
    return WinResult(
        seat=w.seat, from_seat=None if tsumo else w.from_seat, tile=w.tile, hand=hand,
        melds=tuple(s.melds), han=w.han, fu=w.fu or 0,
        yaku=tuple((y.id, y.han) for y in w.yaku), fu_parts=(), limit=limit,
        yakuman_count=w.yakuman_count, points=w.points, ura_indicators=ura,
        pao_seat=w.pao_seat, payments=_payments_from_deltas(w.deltas, [w.seat], "hand"),
    )


def _meld_of(call: m.Call) -> Meld:
    # Tiles keep the record's order (called tile last), so an export writes them back
    # exactly as they were.
    if isinstance(call, m.Chi):
        return Meld("chi", (*call.consumed, call.called), call.called, call.from_seat)
    if isinstance(call, m.Pon):
        return Meld("pon", (*call.consumed, call.called), call.called, call.from_seat)
    if isinstance(call, m.Daiminkan):
        return Meld("minkan", (*call.consumed, call.called), call.called, call.from_seat)
    if isinstance(call, m.Kakan):
        return Meld("kakan", (*call.pon[1:], call.pon[0], call.added), call.pon[0],
                    call.from_seat, call.added)
    return Meld("ankan", tuple(call.tiles))


def _check_names(game: m.RecordedGame) -> None:
    """:class:`ConvertError` for a log without hands, or a name or id past the limit."""
    if not game.kyokus and not game.left_out:
        raise ConvertError("the log holds no hand")
    for seat, name in enumerate(game.names):
        if len(name) > m.MAX_NAME_CHARS:
            raise ConvertError(f"the name of player {seat + 1} is {len(name):,} characters "
                               f"long; a name is at most {m.MAX_NAME_CHARS}")
    if game.ref is not None and len(game.ref) > m.MAX_NAME_CHARS:
        raise ConvertError(f"the game id is {len(game.ref):,} characters long; an id is at "
                           f"most {m.MAX_NAME_CHARS}")


def _dora(st: GameState, k: m.Kyoku, a: m.DoraRevealed) -> list[Event]:
    if a.indicator in k.dora_indicators[:st.dora_count]:
        return []  # already showing (the record repeats the first indicator)
    return [DoraRevealed(a.indicator)]


def _ryuukyoku(st: GameState, k: m.Kyoku, a: m.Ryuukyoku) -> list[Event]:
    drawn = _drawn(st, a)
    return [*(NotenDeclared(seat) for seat in _noten_declared(st, a, drawn)), drawn]


_FROM_ACTION: dict[type, Callable[[GameState, m.Kyoku, Any], list[Event]]] = {
    m.Draw: lambda st, k, a: [Drew(a.seat, a.tile, a.rinshan)],
    m.Discard: lambda st, k, a: [Discarded(a.seat, a.tile, a.tsumogiri)],
    m.Riichi: lambda st, k, a: [RiichiDeclared(a.seat, a.open)],
    m.RiichiAccepted: lambda st, k, a: [RiichiAccepted(a.seat)],
    m.Chi: lambda st, k, a: [Called(a.seat, _meld_of(a))],
    m.Pon: lambda st, k, a: [Called(a.seat, _meld_of(a))],
    m.Daiminkan: lambda st, k, a: [Called(a.seat, _meld_of(a))],
    m.Kakan: lambda st, k, a: [Kan(a.seat, _meld_of(a))],
    m.Ankan: lambda st, k, a: [Kan(a.seat, _meld_of(a))],
    m.DoraRevealed: _dora,
    m.Ryuukyoku: _ryuukyoku,
}
"""Our events for a recorded action (a win is gathered with the hand's others), made
from the state before it."""


class _Events:
    """Our events for a recorded game as they are made, each folded into the state to
    check that it fits; with ``check`` a kan dora is left for the engine to turn."""

    def __init__(self, check: bool, left_out: list[m.LeftOut]) -> None:
        self.check = check
        self.events: list[Event] = []
        self.state: GameState | None = None
        self.left_out = left_out

    def emit(self, ev: Event, where: str) -> None:
        if isinstance(ev, Called) and (self.state is None or self.state.last_discard is None):
            raise ConvertError(f"{where}: seat {ev.seat} calls {ev.meld.kind} with no "
                               "discard before it")
        try:
            self.state = apply(self.state, ev)
        except (ValueError, IndexError, KeyError, AssertionError) as exc:  # does not fit
            seat = getattr(ev, "seat", None)
            whose = f" of seat {seat}" if isinstance(seat, int) else ""
            raise ConvertError(f"{where}: the recorded {type(ev).__name__}{whose} cannot "
                               "happen at that point of the hand (a tile the seat does not "
                               "hold, or a move out of turn)") from exc
        if not (self.check and isinstance(ev, DoraRevealed)):
            self.events.append(ev)

    def put_back(self, before: int) -> None:
        """The hands the log keeps whole in its extension, back before hand ``before``."""
        while self.left_out and self.left_out[0].before == before:
            hand = self.left_out.pop(0)
            where = f"hand {hand.name or '?'} (kept in the log's extension)"
            for obj in hand.events:
                try:
                    ev = decode_event(obj)
                except LineError as exc:
                    raise ConvertError(f"{where}: {exc}") from None
                if isinstance(ev, GameStarted):
                    raise ConvertError(f"{where}: a GameStarted inside a hand")
                self.emit(ev, where)

    def kyoku(self, k: m.Kyoku) -> None:
        """A recorded hand: its start, its actions, and its wins as one event."""
        where = f"hand {k.name}"
        self.emit(HandStarted(round_wind=k.round_wind, hand_number=k.hand_number,
                              honba=k.honba, sticks=k.riichi_sticks, dealer=k.dealer,
                              scores=k.scores, dice=k.dice or (1, 1), wall=build_wall(k)),
                  where)
        wins: list[m.Win] = []
        for a in k.actions:
            if isinstance(a, m.Win):
                wins.append(a)
                continue
            events = _FROM_ACTION.get(type(a))
            for ev in events(self.folded(), k, a) if events is not None else ():
                self.emit(ev, where)
        if wins:
            st = self.folded()
            results = tuple(_win_result(st, w) for w in wins)
            total = [sum(w.deltas[i] for w in wins) for i in range(4)]
            self.emit(Won(results, (total[0], total[1], total[2], total[3]),
                          sticks_taken=st.sticks), where)

    def folded(self) -> GameState:
        assert self.state is not None  # (GameStarted comes first)
        return self.state


def events_from_recorded(game: m.RecordedGame, rules: Ruleset | None = None, *,
                         check: bool = True) -> list[Event]:
    """Our events for a recorded game (:class:`ConvertError` when it cannot be done), under
    :func:`rules_of` ``(game, rules)``.

    With ``check`` (the default) they are :func:`settled`: played through the engine, which
    must agree with the log, and carry the engine's results; kan dora are turned where the
    ruleset says (the formats keep no timing, or Tenhou's).  Without it they are the log's
    own, as recorded (to see where another ruleset parts from the record)."""
    _check_names(game)
    rules = rules_of(game, rules)
    out = _Events(check, list(game.left_out))
    out.emit(GameStarted(rules, game.names, None), "start")
    for index, k in enumerate(game.kyokus):
        out.put_back(index)
        out.kyoku(k)
    out.put_back(len(game.kyokus))
    if game.final_scores is not None and out.state is not None:
        out.emit(_ended(out.state, game, rules), "end")
    return settled(out.events) if check else out.events


def _noten_declared(st: GameState, r: m.Ryuukyoku, drawn: HandDrawn) -> list[int]:
    """Seats whose hand is tenpai at an exhaustive draw that the record shows as noten:
    they chose not to show it (a ``NotenDeclared`` each; the rules say if they may)."""
    if r.kind != "exhaustive" or r.tenpai is None:
        return []
    return [s for s in range(4) if not drawn.tenpai[s] and tenpai_of(st, s)]


def settled(events: list[Event]) -> list[Event]:
    """The events of a log as the engine plays them: every choice is replayed through
    ``Game.act`` and every automatic event must come out the same; the results (``Won``,
    ``HandDrawn``, ``GameEnded``) are checked on the figures the log records and then
    taken from the engine, with their hands, fu parts, payments and chips, so the saved
    game verifies exactly.  :class:`ConvertError` names the hand and the field."""
    verdict = referee(events, record=True)
    if verdict.problem is not None:
        p = verdict.problem
        raise ConvertError(f"hand {p.hand}: {p.message}" if p.hand not in ("start", "end")
                           else f"{'the final table' if p.hand == 'end' else 'the start'}: "
                                f"{p.message}")
    return verdict.events


def _drawn(st: GameState, r: m.Ryuukyoku) -> HandDrawn:
    kind = _DRAW_KINDS[r.kind]
    tenpai = r.tenpai
    if tenpai is None and r.kind in ("nagashi_mangan", "exhaustive"):
        # tenhou.net/6 writes only the payments of a nagashi mangan, and of a draw under
        # rules without noten payments; who was tenpai (shown hands, the dealer's renchan)
        # follows from the hands, as on Tenhou's table
        tenpai = (tenpai_of(st, 0), tenpai_of(st, 1), tenpai_of(st, 2), tenpai_of(st, 3))
    tenpai = tenpai or (False, False, False, False)
    hands = tuple(tuple(sorted(st.seats[i].hand)) if tenpai[i] else () for i in range(4))
    nagashi: tuple[int, ...] = ()
    if r.kind == "nagashi_mangan":
        nagashi = tuple(i for i in range(4) if r.deltas[i] > 0)
    payees = [i for i in range(4) if r.deltas[i] > 0]
    reason = "nagashi" if nagashi else "noten"
    return HandDrawn(kind=kind, tenpai=tenpai, hands=hands if any(tenpai) else (),  # type: ignore[arg-type]
                     nagashi=nagashi, payments=_payments_from_deltas(r.deltas, payees, reason),
                     deltas=r.deltas)


def _ended(st: GameState, game: m.RecordedGame, rules: Ruleset) -> GameEnded:
    assert game.final_scores is not None
    scores = game.final_scores
    computed = {row.seat: row for row in final_table(scores, 0, rules)}
    rows = []
    for seat in range(4):
        c = computed[seat]
        result = (float(game.final_points[seat]) if game.final_points is not None
                  else c.result)
        rows.append(FinalRow(seat=seat, points=scores[seat], rank=c.rank, oka=c.oka, uma=c.uma,
                             bonus=0.0, result=result))
    rows.sort(key=lambda r: r.rank)
    reason = "bust" if min(st.scores) < 0 else "complete"
    step = next_step(st)  # the records do not say why the game ended: the rules do
    if step.action == "end" and step.reason:
        reason = step.reason
    return GameEnded(reason=reason, table=tuple(rows), leftover_sticks=st.sticks)


# ------------------------------------------------------------------ export


def recorded_from_events(events: Sequence[Event], title: str = "hanchan", *,
                         open_riichi: bool = True,
                         tenhou_yaku: bool = False) -> m.RecordedGame:
    """The neutral model of a saved game, for writing tenhou.net/6 or mjai logs.

    It carries the game's ruleset and dice.  A hand the log's own fields cannot hold -- one
    with a practice-mode :class:`~engine.events.Penalty`, or with open riichi when the
    format has no ``open_riichi``, or with a yaku Tenhou has no number for when the format
    writes yaku by Tenhou's numbers (``tenhou_yaku``: mjlog) -- is not among the hands but
    kept whole in ``left_out`` (our extension, see :func:`left_out_note`)."""
    if not events or not isinstance(events[0], GameStarted):
        raise ConvertError("the game has no GameStarted event")
    start = events[0]
    rules = start.ruleset
    hands: list[list[Event]] = []
    ended: GameEnded | None = None
    for ev in events[1:]:
        if isinstance(ev, HandStarted):
            hands.append([ev])
        elif isinstance(ev, GameEnded):
            ended = ev
        elif hands:
            hands[-1].append(ev)
    if not hands:  # what import would refuse ("the log holds no hand") is not written
        raise ConvertError("no hand of the game was recorded, and a log is made of hands")
    state = apply(None, start)
    kyokus: list[m.Kyoku] = []
    left_out: list[m.LeftOut] = []
    for hand in hands:
        why = _unwritable(hand, open_riichi, tenhou_yaku)
        if why is None:
            kyoku, state = _kyoku_of(hand, state)
            kyokus.append(kyoku)
            continue
        first = hand[0]
        assert isinstance(first, HandStarted)
        left_out.append(m.LeftOut(len(kyokus), hand_label_of(first), why,
                                  tuple(event_to_dict(e) for e in hand)))
        for ev in hand:
            state = apply(state, ev)
    final_scores: tuple[int, int, int, int] | None = None
    final_points: tuple[float, float, float, float] | None = None
    if ended is not None:
        by_seat = {r.seat: r for r in ended.table}
        final_scores = four(by_seat[s].points for s in range(4))
        final_points = four(by_seat[s].result for s in range(4))
    return m.RecordedGame(
        title=title, names=start.players,
        rules=m.Rules(red_fives=3 * rules.red_fives,
                      hanchan=rules.length == "east_south", open_tanyao=rules.open_tanyao,
                      display=rules.name),
        kyokus=tuple(kyokus),
        final_scores=final_scores,
        final_points=final_points,
        ruleset=rules.to_dict(),
        left_out=tuple(left_out),
    )


UNFINISHED = "not finished: the game was left during it"
"""The reason given for the last hand of a game left unfinished (see :func:`_unwritable`)."""


def _unwritable(hand: Sequence[Event], open_riichi: bool, tenhou_yaku: bool = False
                ) -> str | None:
    """Why a log's own fields cannot hold this hand (None: they can).  A hand without a
    result is the last of a game left unfinished: a log's hand must have a result, so it
    goes to our extension, and ``hanchan import`` reads it back to be continued."""
    for ev in hand:
        if isinstance(ev, Penalty):
            return f"a {ev.kind.replace('_', ' ')} by seat {ev.seat}"
        if isinstance(ev, RiichiDeclared) and ev.open and not open_riichi:
            return f"open riichi by seat {ev.seat}"
        if isinstance(ev, Won) and tenhou_yaku:
            for w in ev.wins:
                unnumbered = [y for y, _ in w.yaku if y not in ID_TO_TENHOU_NUMBER]
                if unnumbered:
                    return f"{unnumbered[0]}, a yaku Tenhou has no number for"
    if not any(isinstance(ev, (Won, HandDrawn)) for ev in hand):
        return UNFINISHED
    return None


def left_out_note(game: m.RecordedGame, fmt: str) -> str | None:
    """One sentence on the hands a log keeps only in our extension (None: there are none).

    >>> print(left_out_note(m.RecordedGame("t", ("a", "b", "c", "d"), m.Rules(), (), left_out=(
    ...     m.LeftOut(1, "E1-1", "a chombo by seat 1", ()),)), "tenhou6"))
    the 2nd hand (E1-1, a chombo by seat 1) cannot be written as a tenhou6 hand: it is kept \
only in hanchan's own field of the log, which hanchan import reads and other programs skip \
(their next hand starts with the scores after it)
    """
    if not game.left_out:
        return None
    if len(game.left_out) == 1 and game.left_out[0].reason == UNFINISHED:
        h = game.left_out[0]
        return (f"the {nth(h.before + 1)} hand ({h.name}) was not finished when the game "
                f"was left, and {_article(fmt)} {fmt} hand needs a result: it is kept only in "
                "hanchan's own field of the log, which hanchan import reads back to continue "
                "the game and other programs skip")
    which = " and ".join(f"the {nth(h.before + i + 1)} hand ({h.name}, {h.reason})"
                         for i, h in enumerate(game.left_out))
    if len(game.left_out) == 1:
        return (f"{which} cannot be written as {_article(fmt)} {fmt} hand: it is kept only in "
                "hanchan's own field of the log, which hanchan import reads and other "
                "programs skip (their next hand starts with the scores after it)")
    return (f"{which} cannot be written as {fmt} hands: they are kept only in hanchan's own "
            "field of the log, which hanchan import reads and other programs skip (their "
            "next hand starts with the scores after them)")


def _article(fmt: str) -> str:
    """"an mjai", "an mjlog", "a tenhou6": as the name is said."""
    return "an" if fmt[0] in "aeiou" or fmt.startswith("mj") else "a"


def _kyoku_of(hand: Sequence[Event], state: GameState) -> tuple[m.Kyoku, GameState]:
    """One hand's record, and the state after it."""
    start = hand[0]
    assert isinstance(start, HandStarted)
    actions: list[m.Action] = []
    dora: list[int] = []
    ura: tuple[int, ...] = ()
    for ev in hand:
        before = state
        if isinstance(ev, Drew):
            actions.append(m.Draw(ev.seat, ev.tile, ev.rinshan))
        elif isinstance(ev, Discarded):
            actions.append(m.Discard(ev.seat, ev.tile, ev.tsumogiri))
        elif isinstance(ev, RiichiDeclared):
            actions.append(m.Riichi(ev.seat, ev.open))
        elif isinstance(ev, RiichiAccepted):
            actions.append(m.RiichiAccepted(ev.seat))
        elif isinstance(ev, (Called, Kan)):
            actions.append(_call_of(ev.seat, ev.meld))
        elif isinstance(ev, DoraRevealed):
            dora.append(ev.indicator)
            actions.append(m.DoraRevealed(ev.indicator))
        elif isinstance(ev, Won):
            for w in ev.wins:
                if w.ura_indicators and len(w.ura_indicators) > len(ura):
                    ura = tuple(w.ura_indicators)
                actions.append(_model_win(before, w, base_points, split))
        elif isinstance(ev, HandDrawn):
            actions.append(_model_draw(before, ev))
        state = apply(state, ev)
        if isinstance(ev, HandStarted):
            dora.extend(state.dora_indicators())
    kyoku = m.Kyoku(
        round_wind=start.round_wind, hand_number=start.hand_number, honba=start.honba,
        riichi_sticks=start.sticks, scores=start.scores, dealer=start.dealer,
        dora_indicators=tuple(dora), ura_indicators=ura,
        haipai=wall_mod.deal(start.wall, start.dealer), actions=tuple(actions),
        dice=start.dice)
    return kyoku, state


def _call_of(seat: int, meld: Meld) -> m.Call:
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        return m.Ankan(seat, (tiles[0], tiles[1], tiles[2], tiles[3]))
    assert meld.called is not None and meld.from_seat is not None
    if meld.kind == "kakan":
        assert meld.added is not None
        tiles.remove(meld.added)
        tiles.remove(meld.called)
        return m.Kakan(seat, meld.added, (meld.called, tiles[0], tiles[1]), meld.from_seat)
    tiles.remove(meld.called)
    if meld.kind == "chi":
        return m.Chi(seat, meld.from_seat, meld.called, (tiles[0], tiles[1]))
    if meld.kind == "pon":
        return m.Pon(seat, meld.from_seat, meld.called, (tiles[0], tiles[1]))
    return m.Daiminkan(seat, meld.from_seat, meld.called, (tiles[0], tiles[1], tiles[2]))


def _model_win(st: GameState, w: WinResult, base_points: object, split: object) -> m.Win:
    dealer = w.seat == st.dealer
    tsumo = w.from_seat is None
    limit = w.limit
    if limit == "kazoe_yakuman":
        limit = "yakuman"
    ron = tsumo_dealer = tsumo_other = None
    base = base_points(w.han, w.fu, w.limit, w.yakuman_count)  # type: ignore[operator]
    parts, _total = split(base, dealer=dealer, tsumo=tsumo)  # type: ignore[operator]
    if not tsumo:
        ron = w.points
    elif parts.tsumo_all:
        tsumo_other = parts.tsumo_all
    else:
        tsumo_dealer, tsumo_other = parts.tsumo_dealer, parts.tsumo_other
    return m.Win(
        seat=w.seat, from_seat=w.seat if tsumo else int(w.from_seat),  # type: ignore[arg-type]
        tile=w.tile, han=w.han, fu=w.fu or None, limit=limit,  # type: ignore[arg-type]
        yaku=tuple(m.Yaku(y, h) for y, h in w.yaku), points=w.points, ron=ron,
        tsumo_dealer=tsumo_dealer, tsumo_other=tsumo_other, deltas=net(w.payments),
        pao_seat=w.pao_seat, hand=w.hand,
    )


def _model_draw(st: GameState, d: HandDrawn) -> m.Ryuukyoku:
    kind: m.RyuukyokuKind
    if d.kind == "exhaustive":
        kind = "nagashi_mangan" if d.nagashi else "exhaustive"
    elif d.kind == "nine_terminals":
        kind = "kyuushu"
    else:
        kind = d.kind
    return m.Ryuukyoku(kind=kind, deltas=d.deltas,
                       tenpai=d.tenpai if d.kind == "exhaustive" else None,
                       seat=st.turn if d.kind == "nine_terminals" else None)
