"""Our events as one seat's mjai events, and mjai replies as our actions (and back).

mjai names tiles ``1m``..``9m``, ``5mr`` (red), ``E S W N P F C`` (:mod:`saves.logs.mjai`),
seats 0..3 as ours (0 is the first dealer).  A seat sees only what it may: the other
hands' tiles are ``"?"`` in ``start_kyoku``'s ``tehais`` and in their ``tsumo``.

>>> pai(16, red_fives=1), pai(17, red_fives=1), pai(108, red_fives=1)
('5mr', '5m', 'E')
>>> stream = SeatStream(1)
>>> [e["type"] for e in stream.events(Drew(0, 20))], stream.events(Drew(0, 20))[0]["pai"]
(['tsumo'], '?')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
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
from hanchan.engine.events import (
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
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.tiles import WIND_LETTERS, is_red, kind_of
from hanchan.engine.view import PlayerView
from hanchan.saves.logs.mjai import parse_tile_name
from hanchan.saves.logs.mjai import tile_name as _log_tile_name

Reply = dict[str, Any]

DRAW_REASONS = {
    "exhaustive": "fanpai",
    "nine_terminals": "kyushukyuhai",
    "four_winds": "sufonrenta",
    "four_riichi": "suuchareach",
    "four_kans": "suukaikan",
    "triple_ron": "sanchaho",
}
"""mjai's ``ryukyoku`` reason of each of our draw kinds (as :data:`saves.logs.mjai.REASONS`)."""


def pai(tile: int, red_fives: int) -> str:
    """The mjai name of a physical tile under a ruleset's number of red fives."""
    name = _log_tile_name(kind_of(tile) * 4 + 3)  # copy 3 is never red: the plain name
    return name + "r" if is_red(tile, red_fives) else name


def look(tile: int, red_fives: int) -> tuple[int, bool]:
    """What an mjai name says of a tile: its kind and whether it is red."""
    return kind_of(tile), is_red(tile, red_fives)


class SeatStream:
    """Turns our events into the mjai events one seat may see, in order."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.red = 1
        self.scores = [25000] * 4
        self.skip_reach = False  # this seat's reach was already sent while it chose
        self.initial_dora = 1

    def events(self, ev: Event) -> list[Reply]:
        """The mjai events for ``ev`` (none for what mjai does not have)."""
        handler = _EVENTS.get(type(ev))
        return [] if handler is None else handler(self, ev)  # NotenDeclared, Note: none


def _start_game(s: SeatStream, ev: GameStarted) -> list[Reply]:
    s.red = ev.ruleset.red_fives
    s.initial_dora = ev.ruleset.initial_dora
    s.scores = [ev.ruleset.start_points] * 4
    return [{"type": "start_game", "id": s.seat, "names": list(ev.players),
             "aka_flag": ev.ruleset.red_fives > 0}]


def _start_kyoku(s: SeatStream, ev: HandStarted) -> list[Reply]:
    me, red = s.seat, s.red
    s.scores = list(ev.scores)
    own = sorted(wall_mod.deal(ev.wall, ev.dealer)[me])
    out: list[Reply] = [{
        "type": "start_kyoku", "bakaze": WIND_LETTERS[ev.round_wind],
        "kyoku": ev.hand_number + 1, "honba": ev.honba, "kyotaku": ev.sticks,
        "oya": ev.dealer, "scores": list(ev.scores),
        "dora_marker": pai(ev.wall[wall_mod.dora_index(0)], red),
        "tehais": [[pai(t, red) for t in own] if seat == me else ["?"] * 13
                   for seat in range(4)],
    }]
    for i in range(1, s.initial_dora):  # rules with more than one at the start
        out.append({"type": "dora", "dora_marker": pai(ev.wall[wall_mod.dora_index(i)], red)})
    return out


def _tsumo(s: SeatStream, ev: Drew) -> list[Reply]:
    return [{"type": "tsumo", "actor": ev.seat,
             "pai": pai(ev.tile, s.red) if ev.seat == s.seat else "?"}]


def _dahai(s: SeatStream, ev: Discarded) -> list[Reply]:
    return [{"type": "dahai", "actor": ev.seat, "pai": pai(ev.tile, s.red),
             "tsumogiri": ev.tsumogiri}]


def _reach(s: SeatStream, ev: RiichiDeclared) -> list[Reply]:
    if ev.seat == s.seat and s.skip_reach:
        s.skip_reach = False
        return []
    return [{"type": "reach", "actor": ev.seat}]


def _reach_accepted(s: SeatStream, ev: RiichiAccepted) -> list[Reply]:
    s.scores[ev.seat] -= 1000
    return [{"type": "reach_accepted", "actor": ev.seat,
             "deltas": [-1000 if seat == ev.seat else 0 for seat in range(4)],
             "scores": list(s.scores)}]


def _call(s: SeatStream, ev: Called) -> list[Reply]:
    red = s.red
    m = ev.meld
    consumed = list(m.tiles)
    consumed.remove(m.called if m.called is not None else consumed[0])
    kind = {"chi": "chi", "pon": "pon", "minkan": "daiminkan"}[m.kind]
    return [{"type": kind, "actor": ev.seat, "target": m.from_seat,
             "pai": pai(m.called if m.called is not None else m.tiles[0], red),
             "consumed": [pai(t, red) for t in consumed]}]


def _kan(s: SeatStream, ev: Kan) -> list[Reply]:
    red = s.red
    m = ev.meld
    if m.kind == "ankan":
        return [{"type": "ankan", "actor": ev.seat, "consumed": [pai(t, red) for t in m.tiles]}]
    pon = [t for t in m.tiles if t != m.added]
    added = m.added if m.added is not None else m.tiles[-1]
    return [{"type": "kakan", "actor": ev.seat, "pai": pai(added, red),
             "consumed": [pai(t, red) for t in pon]}]


def _dora(s: SeatStream, ev: DoraRevealed) -> list[Reply]:
    return [{"type": "dora", "dora_marker": pai(ev.indicator, s.red)}]


def _hora(s: SeatStream, ev: Won) -> list[Reply]:
    red = s.red
    out: list[Reply] = []
    for w in ev.wins:
        deltas = [0, 0, 0, 0]
        for p in w.payments:
            deltas[p.payee] += p.amount
            if p.payer is not None:
                deltas[p.payer] -= p.amount
        s.scores = [a + b for a, b in zip(s.scores, deltas, strict=True)]
        out.append({
            "type": "hora", "actor": w.seat,
            "target": w.seat if w.from_seat is None else w.from_seat,
            "pai": pai(w.tile, red), "hora_tehais": [pai(t, red) for t in w.hand],
            "uradora_markers": [pai(t, red) for t in w.ura_indicators],
            "han": w.han, "fu": w.fu, "deltas": deltas, "scores": list(s.scores),
        })
    return [*out, {"type": "end_kyoku"}]


def _ryukyoku(s: SeatStream, ev: HandDrawn) -> list[Reply]:
    s.scores = [a + b for a, b in zip(s.scores, ev.deltas, strict=True)]
    return [{"type": "ryukyoku", "reason": DRAW_REASONS[ev.kind],
             "tenpais": list(ev.tenpai), "deltas": list(ev.deltas),
             "scores": list(s.scores)}, {"type": "end_kyoku"}]


def _penalty(s: SeatStream, ev: Penalty) -> list[Reply]:
    s.scores = [a + b for a, b in zip(s.scores, ev.deltas, strict=True)]
    if ev.kind != "chombo":
        return []
    return [{"type": "ryukyoku", "reason": "chombo", "actor": ev.seat,
             "deltas": list(ev.deltas), "scores": list(s.scores)},
            {"type": "end_kyoku"}]


def _end_game(s: SeatStream, ev: GameEnded) -> list[Reply]:
    points = {row.seat: row.points for row in ev.table}
    return [{"type": "end_game", "scores": [points.get(seat, 0) for seat in range(4)]}]


_EVENTS: dict[type, Callable[[SeatStream, Any], list[Reply]]] = {
    GameStarted: _start_game,
    HandStarted: _start_kyoku,
    Drew: _tsumo,
    Discarded: _dahai,
    RiichiDeclared: _reach,
    RiichiAccepted: _reach_accepted,
    Called: _call,
    Kan: _kan,
    DoraRevealed: _dora,
    Won: _hora,
    HandDrawn: _ryukyoku,
    Penalty: _penalty,
    GameEnded: _end_game,
}
"""Each of our event types with mjai events: the function that writes them for a seat."""


# ------------------------------------------------------------------ replies


class ReplyError(ValueError):
    """A reply that is not one of the legal actions; the message says what was wrong."""


def automatic(legal: Sequence[Action]) -> Action | None:
    """The action taken without asking the bot, or None when it has a choice.

    mjai has no noten declaration nor a choice to end the game: a tenpai hand is shown
    and the game ends as Tenhou's does.  A single legal action is no choice either.
    """
    for a in legal:
        if isinstance(a, ShowHand) and a.show:
            return a
        if isinstance(a, EndGame) and a.stop:
            return a
    if len(legal) == 1:
        return legal[0]
    return None


def safe_default(view: PlayerView, legal: Sequence[Action]) -> Action:
    """What an illegal or late reply is replaced by: pass, or discard the drawn tile."""
    if Pass() in legal:
        return Pass()
    if view.drawn is not None and Discard(view.drawn) in legal:
        return Discard(view.drawn)
    discards = [a for a in legal if isinstance(a, Discard) and not a.riichi]
    if discards:
        return discards[-1]
    return legal[0]


def default_words(action: Action) -> str:
    """How the log names a safe default."""
    if isinstance(action, Pass):
        return "passed"
    if isinstance(action, Discard):
        return "discarded the drawn tile" if not action.riichi else "discarded for riichi"
    return "took the only choice"


def _tile_of(reply: Reply, key: str = "pai") -> tuple[int, bool]:
    try:
        return parse_tile_name(reply.get(key))
    except ValueError as exc:
        raise ReplyError(str(exc)) from None


def _looks(reply: Reply, n: int) -> list[tuple[int, bool]]:
    consumed = reply.get("consumed")
    if not isinstance(consumed, list) or len(consumed) != n:
        raise ReplyError(f"consumed must be a list of {n} tiles")
    out = []
    for name in consumed:
        try:
            out.append(parse_tile_name(name))
        except ValueError as exc:
            raise ReplyError(str(exc)) from None
    return sorted(out)


def wants_riichi(reply: Any, legal: Sequence[Action]) -> bool:
    """A ``reach`` reply where a riichi discard is legal."""
    return (isinstance(reply, dict) and reply.get("type") == "reach"
            and any(isinstance(a, Discard) and a.riichi and not a.open for a in legal))


def action_for(reply: Any, legal: Sequence[Action], view: PlayerView, *,
               riichi: bool = False) -> Action:
    """The legal action an mjai reply names, or :class:`ReplyError`.

    ``riichi``: the reply is the discard after the bot's ``reach``.
    """
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        raise ReplyError("a reply must be a JSON object with a type")
    kind = reply["type"]
    if riichi and kind not in ("none", "dahai"):
        raise ReplyError(f"{kind} after reach: a riichi needs a dahai")
    handler = _REPLIES.get(kind)
    if handler is None:
        raise ReplyError(f"unknown reply type {kind!r}")
    return handler(reply, legal, view, riichi)


def _none(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool) -> Action:
    if Pass() in legal:
        return Pass()
    raise ReplyError("none, but the seat must discard")


def _discard(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool) -> Action:
    red = view.ruleset.red_fives
    want = _tile_of(reply)
    options = [a for a in legal if isinstance(a, Discard) and a.riichi == riichi
               and not a.open and look(a.tile, red) == want]  # mjai has no open riichi
    if not options:
        raise ReplyError(f"dahai {reply.get('pai')} is not a legal discard"
                         + (" for riichi" if riichi else ""))
    drawn = [a for a in options if a.tile == view.drawn]
    kept = [a for a in options if a.tile != view.drawn]
    if reply.get("tsumogiri") is True and drawn:
        return drawn[0]
    return (kept or drawn)[0]


def _win(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool) -> Action:
    for a in legal:
        if isinstance(a, (Tsumo, Ron)):
            return a
    raise ReplyError("hora, but no win is legal here")


_CALLS: dict[str, type[Chi | Pon | OpenKan]] = {"chi": Chi, "pon": Pon, "daiminkan": OpenKan}


def _open_call(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool
               ) -> Action:
    red = view.ruleset.red_fives
    kind = reply["type"]
    cls = _CALLS[kind]
    want_tiles = _looks(reply, 3 if kind == "daiminkan" else 2)
    for a in legal:
        if isinstance(a, (Chi, Pon, OpenKan)) and type(a) is cls \
                and sorted(look(t, red) for t in a.tiles) == want_tiles:
            return a
    raise ReplyError(f"{kind} with {reply.get('consumed')} is not legal here")


def _closed_kan(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool
                ) -> Action:
    want_kinds = {k for k, _ in _looks(reply, 4)}
    for a in legal:
        if isinstance(a, ClosedKan) and {kind_of(t) for t in a.tiles} == want_kinds:
            return a
    raise ReplyError(f"ankan of {reply.get('consumed')} is not legal here")


def _added_kan(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool
               ) -> Action:
    k, _ = _tile_of(reply)
    for a in legal:
        if isinstance(a, AddedKan) and kind_of(a.tile) == k:
            return a
    raise ReplyError(f"kakan of {reply.get('pai')} is not legal here")


def _abort(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool) -> Action:
    if NineTerminals() in legal:
        return NineTerminals()
    raise ReplyError("ryukyoku, but nine terminals is not legal here")


def _late_reach(reply: Reply, legal: Sequence[Action], view: PlayerView, riichi: bool
                ) -> Action:
    raise ReplyError("reach, but riichi is not legal here")


_REPLIES: dict[str, Callable[[Reply, Sequence[Action], PlayerView, bool], Action]] = {
    "none": _none,
    "dahai": _discard,
    "hora": _win,
    "chi": _open_call,
    "pon": _open_call,
    "daiminkan": _open_call,
    "ankan": _closed_kan,
    "kakan": _added_kan,
    "ryukyoku": _abort,
    "reach": _late_reach,
}
"""Each mjai reply type: the function that finds the legal action it names (only
``none`` and ``dahai`` may follow the bot's own ``reach``)."""
