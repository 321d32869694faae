"""Practice-mode penalties in plain words: what the mistake was and what it cost.

Every sentence is read from the events: the ``Penalty`` (who pays whom, what goes on
the table, a dead hand), the hand's ``RiichiAccepted`` and false-call sticks, and what
follows it, the next ``HandStarted`` (the sticks given back are the points it starts
with beyond those after the penalty; the deal, the honba and the sticks left on the
table are its own) or the ``GameEnded``.  Nothing is worked out again from the
rules, so the words cannot disagree with the game, and the game screen and the
replay viewer say the same thing about the same record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.engine.events import Event, HandStarted, Penalty
from hanchan.engine.seats import four
from hanchan.words.hand_facts import HandFacts, Mistake
from hanchan.words.names import hand_name, points

CAUSES: dict[Mistake, tuple[str, str]] = {  # what the mistake is called, and what the player did
    "tsumo": ("a false tsumo (誤ツモ)", "declared tsumo without a winning hand"),
    "ron": ("a false ron (誤ロン)", "declared ron without a winning hand"),
    "noten_riichi": ("riichi while noten (ノーテンリーチ)",
                     "declared riichi and was found noten at the exhaustive draw"),
    "call": ("a false call (空ポン・空チー・空カン)", "made a call the rules do not allow"),
    "meld": ("a meld made wrongly (誤フーロ)", "made a meld whose tiles make no set"),
    "kan": ("a false closed kan (暗槓の伏せ牌の誤り)",
            "made a closed kan whose hidden tiles are not four of a kind"),
    "tsumo_taken_back": ("a false tsumo taken back (誤ツモ、倒牌前)",
                         "declared tsumo without a winning hand and took it back before "
                         "showing the hand"),
    "ron_taken_back": ("a false ron taken back (誤ロン、倒牌前)",
                       "declared ron without a winning hand and took it back before "
                       "showing the hand"),
    "riichi_taken_back": ("riichi taken back (リーチ取り消し)",
                          "declared riichi and took it back before the discard"),
}
GOES_ON: dict[str, str] = {  # what follows a penalty that does not end the hand
    "false_call": "The call is not made; play goes on.",
    "false_kan": "The kan is not made; play goes on.",
    "false_meld": "The meld stands as it was made; play goes on.",
    "false_tsumo_withdrawn": "No hand was shown, so there is no chombo; play goes on.",
    "false_ron_withdrawn": "No hand was shown, so there is no chombo; play goes on.",
    "riichi_withdrawn": "No riichi is declared; play goes on.",
}


@dataclass(frozen=True)
class PenaltyFacts:
    """A penalty, its cause and the facts of its hand (what follows is read only for a
    chombo: any other penalty leaves the hand going on)."""

    penalty: Penalty
    cause: Mistake  # a key of CAUSES
    hand: HandFacts

    @property
    def sticks_back(self) -> tuple[int, int, int, int]:
        """Points given back to each seat between the chombo and the next hand."""
        nxt = self.hand.next_hand
        if nxt is None or self.penalty.kind != "chombo":
            return (0, 0, 0, 0)
        d = self.penalty.deltas
        return four(nxt.scores[s] - self.hand.pre[s] - d[s] for s in range(4))

    @property
    def own_stick_stays(self) -> int:
        """The chombo player's riichi sticks left on the table for the next winner."""
        if self.hand.next_hand is None:
            return 0
        seat = self.penalty.seat
        return max(0, self.hand.riichi_put[seat] - self.sticks_back[seat] // 1000)


def facts(hand: HandFacts) -> PenaltyFacts:
    """The penalty that ends ``hand`` and its cause (``ValueError`` for a win or a draw)."""
    pen = hand.result
    if not isinstance(pen, Penalty) or hand.mistake is None:
        raise ValueError(f"the hand ends in {type(pen).__name__}, not a penalty")
    return PenaltyFacts(pen, hand.mistake, hand)


def _verb(subject: str, verb: str) -> str:
    """'You pay' but 'Bot S pays'."""
    if subject == "You":
        return f"You {verb}"
    irregular = {"have": "has", "keep": "keeps"}
    return f"{subject} {irregular.get(verb, verb + 's')}"


def title(penalty: Penalty) -> str:
    """'Chombo', 'False call', 'Meld made wrongly' or 'Taken back'."""
    if penalty.kind == "chombo":
        return "Chombo (錯和)"
    if penalty.kind == "false_meld":
        return "Meld made wrongly (誤フーロ)"
    return "False call" if penalty.kind in ("false_call", "false_kan") else "Taken back"


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _next_hand(f: PenaltyFacts, names: Sequence[str]) -> list[str]:
    """What follows the chombo: the hand replayed or the next one, the deal, the honba."""
    hand, nxt, ended = f.hand.start, f.hand.next_hand, f.hand.ended
    if ended is not None:
        why = {"bust": "a player went below zero"}.get(ended.reason, ended.reason)
        return [f"The game ends here: {why}."]
    if nxt is None:
        return ["The hand is over."]
    dealer = names[nxt.dealer]
    honba = f"{nxt.honba} honba"
    if (nxt.round_wind, nxt.hand_number, nxt.honba) == (hand.round_wind, hand.hand_number,
                                                        hand.honba):
        return [f"The hand is replayed: {hand_name(nxt.round_wind, nxt.hand_number)} again, "
                f"{_verb(dealer, 'deal')}, {honba}."]
    label = f"{hand_name(nxt.round_wind, nxt.hand_number)}, {honba}"
    if nxt.dealer == hand.dealer:
        deal = f"{_verb(dealer, 'keep')} the deal"
    else:
        deal = f"the deal passes to {dealer}"
    return [f"The hand is over; {deal}: next is {label}."]


def _sticks(f: PenaltyFacts, names: Sequence[str]) -> list[str]:
    """Which sticks of the hand go back, to whom, and which stay on the table."""
    if f.hand.next_hand is None:
        return []
    out: list[str] = []
    back = f.sticks_back
    given = [f"{points(back[s])} to {names[s]}" for s in range(4) if back[s] > 0]
    if given:
        out.append(f"Sticks put down this hand go back: {_join(given)}.")
    who = names[f.penalty.seat]
    whose = "Your" if who == "You" else f"{who}'s"
    put: int = sum(f.hand.riichi_put)
    if not given and put > 1:
        out.append("The riichi sticks put down this hand stay on the table for the next winner.")
    elif f.own_stick_stays:
        out.append(f"{whose} own riichi stick stays on the table for the next winner.")
    elif not given and put:
        out.append("The riichi stick put down this hand stays on the table for the next winner.")
    return out


def sentences(f: PenaltyFacts, names: Sequence[str],
              tried: tuple[str, str] | None = None) -> list[str]:
    """What happened and what it costs, one sentence a line.

    ``tried``: for a false call, the call in words and the engine's reason it was not
    legal (the record holds neither: the table that sent it passes them).
    """
    pen = f.penalty
    who = names[pen.seat] if pen.seat < len(names) else f"Seat {pen.seat}"
    whose = "Your" if who == "You" else f"{who}'s"
    name, deed = CAUSES[f.cause]
    subject = who
    if who == "You":
        subject, deed = "you", deed.replace("was found", "were found")
    if pen.kind == "chombo":
        out = [f"Chombo: {name} — {subject} {deed}."]
    elif tried is not None:
        out = [f"{name[0].upper()}{name[1:]}: {subject} called {tried[0]}, "
               f"which the rules do not allow: {tried[1]}"]
    else:
        out = [f"{name[0].upper()}{name[1:]}: {subject} {deed}."]
    rules = f" ({f.hand.rules.name} rules)" if f.hand.rules.name else ""
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
    elif not pen.dead_hand:
        out.append(f"There is no penalty{rules}.")
    if pen.dead_hand:
        out.append(f"{whose} hand is dead (アガリ放棄) until the hand ends: no win, no call.")
    if pen.kind == "chombo":
        out += _next_hand(f, names)
        out += _sticks(f, names)
    else:
        out.append(GOES_ON.get(pen.kind, "Play goes on."))
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
