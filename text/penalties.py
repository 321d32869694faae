"""Practice-mode penalties in plain words: what the mistake was and what it cost.

Everything is read from the events (the ``Penalty`` and what came before it), so
the game screen and the replay viewer say the same thing about the same record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import flow
from engine.events import Event, GameStarted, HandStarted, Penalty
from engine.state import fold

CAUSES = {  # what the mistake is called, and what the player did
    "tsumo": ("a false tsumo (誤ツモ)", "declared tsumo without a winning hand"),
    "ron": ("a false ron (誤ロン)", "declared ron without a winning hand"),
    "noten_riichi": ("riichi while noten (ノーテンリーチ)",
                     "declared riichi and was found noten at the exhaustive draw"),
    "call": ("a false call (空ポン・空チー・空カン)", "called without the tiles for it"),
}


@dataclass(frozen=True)
class PenaltyFacts:
    """A penalty with what the events around it say: the cause and the points before it."""

    penalty: Penalty
    cause: str  # a key of CAUSES
    before: tuple[int, int, int, int]  # every seat's points just before the penalty
    sticks_back: tuple[int, int, int, int]  # sticks of the voided hand going back
    rules_name: str
    own_stick_stays: int = 0  # the chombo player's riichi sticks left on the table


def _index(events: Sequence[Event], penalty: Penalty) -> int:
    return next((i for i, e in enumerate(events) if e is penalty),
                next((i for i, e in enumerate(events) if e == penalty), len(events)))


def facts(events: Sequence[Event], penalty: Penalty) -> PenaltyFacts:
    """The cause of ``penalty`` (one of ``events``) and the state just before it."""
    idx = _index(events, penalty)
    first = events[0] if events else None
    name = first.ruleset.name if isinstance(first, GameStarted) else ""
    seat = penalty.seat
    try:
        st = fold(events[:idx])
    except Exception:  # noqa: BLE001 - words must not fail on an odd record
        cause = "call" if penalty.kind == "false_call" else "ron"
        return PenaltyFacts(penalty, cause, (0, 0, 0, 0), (0, 0, 0, 0), name)
    if penalty.kind != "chombo":
        cause = "call"
    elif st.phase == "turn" and st.turn == seat:
        cause = "tsumo"
    elif st.seats[seat].riichi and st.live_remaining <= 0 and not flow.tenpai_of(st, seat):
        cause = "noten_riichi"
    else:
        cause = "ron"
    back = (0, 0, 0, 0)
    stays = 0
    if penalty.kind == "chombo":
        back = flow.chombo_sticks_back(st, seat)
        if st.rules.chombo_sticks_returned and st.rules.chombo_own_stick_stays:
            stays = st.riichi_sticks_this_hand[seat]  # makura 31), 35)
    s = st.scores
    return PenaltyFacts(penalty, cause, (s[0], s[1], s[2], s[3]), back, name, stays)


def _verb(subject: str, verb: str) -> str:
    """'You pay' but 'Bot S pays'."""
    if subject == "You":
        return f"You {verb}"
    irregular = {"have": "has"}
    return f"{subject} {irregular.get(verb, verb + 's')}"


def title(penalty: Penalty) -> str:
    """'Chombo' or 'False call'."""
    return "Chombo (錯和)" if penalty.kind == "chombo" else "False call"


def sentences(f: PenaltyFacts, names: Sequence[str]) -> list[str]:
    """What happened and what it costs, one sentence a line."""
    pen = f.penalty
    who = names[pen.seat] if pen.seat < len(names) else f"Seat {pen.seat}"
    whose = "Your" if who == "You" else f"{who}'s"
    name, deed = CAUSES[f.cause]
    subject = who
    if who == "You":
        subject, deed = "you", deed.replace("was found", "were found")
    if pen.kind == "chombo":
        out = [f"Chombo: {name} — {subject} {deed}."]
    else:
        out = [f"{name[0].upper()}{name[1:]}: {subject} {deed}."]
    rules = f" ({f.rules_name} rules)" if f.rules_name else ""
    paid = [p for p in pen.payments if p.payer == pen.seat]
    costs: list[str] = []
    if paid and len(paid) == 3 and len({p.amount for p in paid}) == 1:
        costs.append(f"{_verb(who, 'pay')} {paid[0].amount:,} to each player")
    elif paid:
        parts = ", ".join(f"{p.amount:,} to {names[p.payee]}" for p in paid)
        costs.append(f"{_verb(who, 'pay')} {parts}")
    if pen.to_table:
        costs.append(f"{_verb(who, 'put')} {pen.to_table:,} on the table "
                     "(the next winner takes it)")
    lost = -pen.deltas[pen.seat] - sum(p.amount for p in paid) - pen.to_table
    if lost > 0:
        costs.append(f"{_verb(who, 'lose')} {lost:,} to nobody")
    if costs:
        out.append("; ".join(costs) + f"{rules}.")
    elif pen.kind == "false_call" and not pen.dead_hand:
        out.append(f"There is no penalty{rules}.")
    if pen.dead_hand:
        out.append(f"{whose} hand is dead (アガリ放棄) until the hand ends: no win, no call.")
    if pen.kind == "chombo":
        out.append("The hand is replayed." if pen.replay_hand else "The hand is over.")
        back = [names[s] for s in range(4) if f.sticks_back[s]]
        if back:
            out.append("The sticks put down this hand go back to " + ", ".join(back) + ".")
        if f.own_stick_stays:
            out.append(f"{whose} own riichi stick stays on the table for the next winner.")
    else:
        out.append("The call is not made; play goes on.")
    return out


def short(penalty: Penalty, names: Sequence[str]) -> str:
    """One line for the event log: 'You: chombo (4,000 to each other player)'."""
    who = names[penalty.seat] if penalty.seat < len(names) else f"seat {penalty.seat}"
    what = penalty.reason.split(": ", 1)
    detail = f" ({what[1]})" if len(what) == 2 else ""
    return f"{who}: {penalty.kind.replace('_', ' ')}{detail}"


def dead_seats(events: Sequence[Event]) -> frozenset[int]:
    """Seats whose hand is dead (アガリ放棄) after a false call in the current hand."""
    dead: set[int] = set()
    for ev in reversed(events):
        if isinstance(ev, HandStarted):
            break
        if isinstance(ev, Penalty) and ev.dead_hand:
            dead.add(ev.seat)
    return frozenset(dead)
