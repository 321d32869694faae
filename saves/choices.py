"""``choices``: the choice a recorded event shows at the engine's decision.

The referee (``saves.verify``) replays a record by giving every seat, at every decision,
the action its next recorded event shows: :func:`choices` reads that action off the
record (a discard, riichi and its discard, a kan, a win, a call, a pass, a noten
declaration, the dealer's stop or go on).  What is read is only proposed: ``Game.act``
refuses it, with the engine's reason, when it is not legal.  A record that shows
nothing a seat could choose here stops with :class:`Stop`, naming the event.

Which reading applies depends on the decision (the dealer's choice at a hand's end, a
turn, or the seats answering a discard or a kan), then on the kind of the recorded
event: a table from kind to one small reading for each.

>>> from hanchan.engine.game import Game
>>> from hanchan.rulesets.schema import Ruleset
>>> played = Game(Ruleset(), seed=3)
>>> _ = played.act(0, played.pending()[0][0])  # the dealer discards
>>> played.events[3]
Discarded(seat=0, tile=10, tsumogiri=False)
>>> choices(Game(Ruleset(), seed=3), played.events, 3)
[(0, Discard(tile=10, riichi=False, open=False), 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
    TakeBack,
    Tsumo,
)
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import shared_discard
from hanchan.engine.penalties import CLOSED_KAN_CHOMBO
from hanchan.engine.state import GameState
from hanchan.saves.verify_words import describe, seat_words, tile_words

Choice = tuple[int, Action, int]
"""(seat, action, index of the recorded event that shows it)."""

PASS = Pass()
FALSE_CALL = Chi((0, 0))
"""A call that is never legal: in practice mode it plays a false call."""
FALSE_KAN = ClosedKan((0, 0, 0, 0))
"""A closed kan that is never legal nor a meld made wrongly (one tile four times): in
practice mode it plays a false kan (空カン) taken back."""

_AUTOMATIC = (DoraRevealed, RiichiAccepted)
"""Events the engine makes on its own in the middle of a decision's outcome."""


class Stop(Exception):
    """The record cannot follow here (the message names what is wrong); ``hand``: the
    hand to report it under when it is not the current one (a next hand, the end)."""

    def __init__(self, index: int, message: str, hand: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.message = message
        self.hand = hand


def _deciding(rec: Sequence[Event], i: int) -> int:
    """The index of the first recorded event from ``i`` that shows a choice."""
    while i < len(rec) and isinstance(rec[i], _AUTOMATIC):
        i += 1
    return i


def _words(st: GameState, ev: Event) -> str:
    return describe(ev, st.dealer, st.rules.red_fives)


# ------------------------------------------------------------------ the dealer's choice


def _dealer_choice(st: GameState, pending: dict[int, tuple[Action, ...]],
                   rec: Sequence[Event], j: int) -> list[Choice]:
    """At a hand's end: the game ends or the next hand starts."""
    ev = rec[j]
    if isinstance(ev, (GameEnded, HandStarted)):
        return [(s, EndGame(isinstance(ev, GameEnded)), j) for s in pending]
    raise Stop(j, f"{_words(st, ev)}, but the hand is over and the dealer chooses whether "
                  "the game goes on")


# ------------------------------------------------------------------ a turn

_TurnReading = Callable[[GameState, Any, Sequence[Event], int], "list[Choice] | None"]


def _riichi(st: GameState, ev: RiichiDeclared, rec: Sequence[Event],
            j: int) -> list[Choice] | None:
    k = _deciding(rec, j + 1)
    if k >= len(rec):
        return []  # the record stops between the declaration and its discard
    d = rec[k]
    if not isinstance(d, Discarded) or d.seat != ev.seat:
        raise Stop(k, "a riichi declaration must be followed by its discard")
    action = Discard(d.tile, riichi=True, open=True) if ev.open else shared_discard(
        d.tile, riichi=True)
    return [(ev.seat, action, j)]


def _kan(st: GameState, ev: Kan, rec: Sequence[Event], j: int) -> list[Choice] | None:
    m = ev.meld
    action: Action
    if m.kind == "ankan" and len(m.tiles) == 4:
        a, b, c, d = m.tiles
        action = ClosedKan((a, b, c, d))
    else:
        action = AddedKan(m.added if m.added is not None else -1)
    return [(ev.seat, action, j)]


def _tsumo(st: GameState, ev: Won, rec: Sequence[Event], j: int) -> list[Choice] | None:
    if len(ev.wins) != 1 or ev.wins[0].from_seat is not None:
        return None
    return [(ev.wins[0].seat, Tsumo(), j)]


def _nine_terminals(st: GameState, ev: HandDrawn, rec: Sequence[Event],
                    j: int) -> list[Choice] | None:
    return [(st.turn, NineTerminals(), j)] if ev.kind == "nine_terminals" else None


_TAKEN_BACK: dict[str, Action] = {
    "false_tsumo_withdrawn": TakeBack("tsumo"), "false_ron_withdrawn": TakeBack("ron"),
    "riichi_withdrawn": TakeBack("riichi")}
"""The declaration a penalty's kind shows taken back (any other is the false win itself,
or a false call)."""

_ON_A_TURN: dict[str, Action] = {**_TAKEN_BACK, "false_kan": FALSE_KAN}
"""What a penalty on the own turn shows: a declaration taken back, a false kan (空カン);
any other is a false tsumo."""


def _turn_penalty(st: GameState, ev: Penalty, rec: Sequence[Event],
                  j: int) -> list[Choice] | None:
    """A penalty on the own turn: a closed kan of unlike tiles (made, its penalty before it;
    or a chombo, any such kan of the hand), else what :data:`_ON_A_TURN` says."""
    if ev.kind == "false_meld":
        if j + 1 == len(rec):
            return []  # the record stops between the kan's penalty and the kan
        kan = rec[j + 1]
        return _kan(st, kan, rec, j) if isinstance(kan, Kan) else None
    if ev.kind == "chombo" and ev.reason.startswith(CLOSED_KAN_CHOMBO):
        hand = sorted(st.seats[ev.seat].hand)  # (never fourteen tiles of one kind)
        return [(ev.seat, ClosedKan((hand[0], hand[1], hand[2], hand[-1])), j)]
    return [(ev.seat, _ON_A_TURN.get(ev.kind, Tsumo()), j)]


_TURN: dict[type, _TurnReading] = {
    RiichiDeclared: _riichi,
    Discarded: lambda st, ev, rec, j: [(ev.seat, shared_discard(ev.tile), j)],
    Kan: _kan,
    Won: _tsumo,
    HandDrawn: _nine_terminals,
    Penalty: _turn_penalty,
}
"""What a recorded event shows on a turn (None: nothing a turn can choose)."""


def _turn_choice(st: GameState, pending: dict[int, tuple[Action, ...]],
                 rec: Sequence[Event], j: int) -> list[Choice]:
    """A turn's own choice: checked alone by ``act``, never listed."""
    ev = rec[j]
    reading = _TURN.get(type(ev))
    choice = reading(st, ev, rec, j) if reading is not None else None
    if choice is None:
        raise Stop(j, f"{_words(st, ev)}, but it is {seat_words(st.dealer, st.turn)}'s turn "
                      "to discard or win")
    return choice


# ------------------------------------------------------------------ answers

_Answer = Callable[[GameState, Any, int], "dict[int, Action] | list[Choice]"]


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
    return FALSE_CALL  # no such call: refused with the engine's reason


def _not_yet(st: GameState, ev: Event, j: int) -> dict[int, Action]:
    """A turn's event while the others must still answer a discard or a kan."""
    what = (f"{seat_words(st.dealer, st.last_discard[0])}'s discard of "
            f"{tile_words(st.last_discard[1], st.rules.red_fives)}"
            if st.phase == "claim" and st.last_discard else "the kan")
    raise Stop(j, f"{_words(st, ev)}, but the other players must first answer {what}")


def _rons(st: GameState, ev: Won, j: int) -> dict[int, Action]:
    chosen: dict[int, Action] = {}
    for w in ev.wins:
        if w.from_seat is None:
            raise Stop(j, f"{seat_words(st.dealer, w.seat)} wins by tsumo on another "
                          "player's tile")
        chosen[w.seat] = Ron()
    return chosen


def _drawn(st: GameState, ev: HandDrawn, j: int) -> dict[int, Action]:
    if ev.kind == "nine_terminals":
        return _not_yet(st, ev, j)
    if ev.kind != "triple_ron":
        return {}
    source = st.last_discard[0] if st.phase == "claim" and st.last_discard else (
        st.last_kan[0] if st.last_kan else st.turn)
    return {s: Ron() for s in range(4) if s != source}  # the three others all win on it


def _mistake(st: GameState, ev: Penalty, j: int) -> dict[int, Action] | list[Choice]:
    if ev.kind == "chombo" and st.live_remaining <= 0 and st.seats[ev.seat].riichi:
        return {}  # a noten riichi, found at the draw: everyone passes
    return [(ev.seat, Ron() if ev.kind == "chombo" else _TAKEN_BACK.get(ev.kind, FALSE_CALL), j)]


_ANSWERS: dict[type, _Answer] = {
    Won: _rons,
    HandDrawn: _drawn,
    Called: lambda st, ev, j: {ev.seat: _call_action(ev)},
    Penalty: _mistake,
    Discarded: _not_yet,
    RiichiDeclared: _not_yet,
    Kan: _not_yet,
}
"""What a recorded event shows the seats answering a discard or a kan: the seats that
do more than pass (or the whole decision, for a mistake); any other event: all pass."""


def _shown(pending: dict[int, tuple[Action, ...]], rec: Sequence[Event],
           j: int) -> list[Choice]:
    """The show-or-noten choice at an exhaustive draw: the noten declarations recorded,
    then every other seat shows its hand."""
    out: list[Choice] = []
    k = j
    while k < len(rec) and isinstance(declared := rec[k], NotenDeclared):
        out.append((declared.seat, ShowHand(False), k))
        k += 1
    noten = {s for s, _, _ in out}
    out.extend((s, ShowHand(True), k if k < len(rec) else len(rec) - 1)
               for s in sorted(pending) if s not in noten)
    return out


def _answers(st: GameState, pending: dict[int, tuple[Action, ...]],
             rec: Sequence[Event], j: int) -> list[Choice]:
    """A claim window (a discard, or a kan's tile), or the show-or-noten choice at a draw
    (a seat offered ShowHand is offered nothing else, and it comes first)."""
    if any(type(acts[0]) is ShowHand for acts in pending.values()):
        return _shown(pending, rec, j)
    ev = rec[j]
    if isinstance(ev, Penalty) and ev.kind == "false_meld":
        if j + 1 == len(rec):
            return []  # the record stops between a meld's penalty and the meld
        ev = rec[j + 1]  # a meld made wrongly: its penalty, then the meld (the call)
    answer = _ANSWERS.get(type(ev))
    chosen = answer(st, ev, j) if answer is not None else {}
    if isinstance(chosen, list):
        return chosen
    return [*((s, a, j) for s, a in chosen.items()),
            *((s, PASS, j) for s in sorted(pending) if s not in chosen)]


_Reading = Callable[[GameState, dict[int, tuple[Action, ...]], Sequence[Event], int],
                    list[Choice]]

_BY_PHASE: dict[str, _Reading] = {"hand_over": _dealer_choice, "turn": _turn_choice}
"""The decision by the game's phase; any other phase: the seats answering."""


def choices(g: Game, rec: Sequence[Event], i: int) -> list[Choice]:
    """The recorded choices for the decision now, from the record's event ``i`` on ([]
    when the record stops inside a turn)."""
    st = g.state
    # what the seats asked may do (a turn's own choice is checked alone: not listed)
    pending = {} if st.phase == "turn" else g.pending()
    j = _deciding(rec, i)
    if j < len(rec):
        return _BY_PHASE.get(st.phase, _answers)(st, pending, rec, j)
    if st.phase == "turn":
        return []
    # the record stops inside the decision: as if everyone passed
    return [(s, PASS if PASS in acts else acts[0], len(rec) - 1)
            for s, acts in sorted(pending.items())]
