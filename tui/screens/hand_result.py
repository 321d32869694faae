"""``HandResultScreen``: the end of a hand.

After a win: each winner's hand with the winning tile set apart, every yaku with
its han, the fu breakdown, dora and ura indicators, the points and every
payment.  After a draw: the kind of draw, the tenpai hands shown, nagashi mangan
and the payments.  After a practice-mode penalty: the mistake and its cost in plain
words.  All end with every seat's points before and after.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hanchan.coach.score_call import fu_part_words
from hanchan.engine.events import HandDrawn, Payment, Penalty, WinResult, Won
from hanchan.tui import palette
from hanchan.tui.render import melds_text
from hanchan.tui.tilefaces import FaceMode, dora_tiles, strip, tile_text
from hanchan.words.hand_facts import HandFacts
from hanchan.words.ledger import LedgerRow, hand_ledger
from hanchan.words.names import hand_label, hand_name, points, signed
from hanchan.words.penalties import facts, sentences
from hanchan.words.penalties import title as penalty_title
from hanchan.words.yaku import yaku_name

DRAW_NAMES = {
    "exhaustive": "Exhaustive draw (荒牌流局)",
    "nine_terminals": "Nine terminals (九種九牌)",
    "four_winds": "Four winds (四風子連打)",
    "four_riichi": "Four riichi (四家立直)",
    "four_kans": "Four kans (四開槓)",
    "triple_ron": "Triple ron (三家和)",
}
YAKU_COLUMN = 34  # display cells for a yaku's name before its han
PAY_REASONS = {
    "hand": "hand",
    "honba": "honba",
    "sticks": "riichi sticks",
    "pao": "pao",
    "noten": "noten",
    "nagashi": "nagashi mangan",
    "chombo": "chombo",
}


def _payments(payments: Sequence[Payment], names: Sequence[str]) -> Text:
    out = Text()
    for p in payments:
        payer = "the table" if p.payer is None else names[p.payer]
        reason = PAY_REASONS.get(p.reason, p.reason)
        out.append(f"  {payer} → {names[p.payee]}: {points(p.amount)} ({reason})\n")
    return out


def win_text(w: WinResult, names: Sequence[str], red_fives: int, mode: FaceMode,
             dora: tuple[int, ...]) -> Text:
    """One winner's breakdown as text."""
    out = Text()
    how = "Tsumo" if w.from_seat is None else f"Ron from {names[w.from_seat]}"
    verb = "win" if names[w.seat] == "You" else "wins"
    out.append(f"{names[w.seat]} {verb} — {how}\n", style=f"bold {palette.GOLD}")
    concealed = list(w.hand)
    if w.tile in concealed:
        concealed.remove(w.tile)
    out.append_text(strip(sorted(concealed), mode, red_fives))
    out.append("  ")
    out.append_text(tile_text(w.tile, mode, red_fives))
    if w.melds:
        out.append("  ")
        out.append_text(melds_text(w.melds, w.seat, mode, red_fives))
    out.append("\n")
    out.append("Dora ")
    out.append_text(strip(dora_tiles(dora), mode, 0))
    out.append(" (indicator ")
    out.append_text(strip(dora, mode, red_fives))
    out.append(")")
    if w.ura_indicators:
        out.append("   Ura ")
        out.append_text(strip(dora_tiles(w.ura_indicators), mode, 0))
        out.append(" (indicator ")
        out.append_text(strip(w.ura_indicators, mode, red_fives))
        out.append(")")
    out.append("\n\n")
    for yid, han in w.yaku:
        value = "yakuman" if han >= 13 and w.yakuman_count else f"{han} han"
        name = yaku_name(yid)  # padded by display width: a CJK character takes two cells
        out.append(f"  {name}{' ' * max(1, YAKU_COLUMN - cell_len(name))}{value:>8}\n")
    if w.yakuman_count:
        total = f"{'double ' if w.yakuman_count == 2 else ''}yakuman"
    else:
        total = f"{w.han} han {w.fu} fu"
        if w.limit:
            total += f"  {w.limit.replace('_', ' ')}"
    if w.fu_parts and not w.yakuman_count:
        out.append("  Fu: " + ", ".join(f"{fu_part_words(fid)} {fu}" for fid, fu in w.fu_parts)
                   + "\n", style=palette.SKY)
    out.append(f"\n  {total} — {points(w.points)} points\n", style="bold")
    if w.pao_seat is not None:
        # every pao player pays a "pao" line (two of them: ako 8-08-06)
        liable = list(dict.fromkeys([w.pao_seat] + [p.payer for p in w.payments
                                                     if p.reason == "pao" and p.payer is not None]))
        who = " and ".join(names[s] for s in liable)
        out.append(f"  Pao: {who} {'is' if len(liable) == 1 else 'are'} liable\n",
                   style=palette.ORANGE)
    out.append_text(_payments(w.payments, names))
    return out


def deltas_table(rows: Sequence[LedgerRow], names: Sequence[str], human: int) -> Table:
    """Every seat's points before the hand, the sticks it put down, the change, and after."""
    t = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
    t.add_column("Seat")
    t.add_column("Before", justify="right")
    t.add_column("Sticks", justify="right")
    t.add_column("Change", justify="right")
    t.add_column("After", justify="right")
    for r in rows:
        style = "bold" if r.seat == human else ""
        colour = palette.GAIN if r.change > 0 else palette.REFUSAL if r.change < 0 else ""
        t.add_row(Text(names[r.seat], style=style), points(r.before),
                  signed(r.sticks) if r.sticks else "",
                  Text(signed(r.change), style=colour), points(r.after))
    return t


def sticks_line(sticks: int) -> str:
    """What stays on the table for the next winner."""
    if not sticks:
        return "No sticks on the table."
    if sticks == 1:
        return f"1 stick ({points(1000)}) stays on the table."
    return f"{sticks} sticks ({points(1000 * sticks)}) stay on the table."


class HandResultScreen(ModalScreen[None]):
    """A win, a draw or a penalty, in full; Enter or Space continues."""

    DEFAULT_CSS = """
    HandResultScreen { align: center middle; }
    HandResultScreen > VerticalScroll {
        width: 84; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 2;
    }
    HandResultScreen .hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("enter", "close", "Continue"),
        Binding("space", "close", "Continue", show=False),
        Binding("escape", "close", "Continue", show=False),
    ]

    def __init__(self, hand: HandFacts, human: int, names: Sequence[str],
                 mode: FaceMode = "letters", *, tried: tuple[str, str] | None = None) -> None:
        """``hand``: the result and its hand (:func:`hanchan.words.hand_facts.hand_facts`);
        ``tried``: a false call's words and the engine's reason it was not legal."""
        super().__init__()
        self.tried = tried
        self.hand = hand
        self.result = hand.result
        self.human = human
        self.names = list(names)
        self.mode = mode

    def compose(self) -> ComposeResult:
        start, dora, red_fives = self.hand.start, self.hand.dora, self.hand.rules.red_fives
        title = hand_label(start.round_wind, start.hand_number, start.honba)
        wind = hand_name(start.round_wind, start.hand_number)
        with VerticalScroll():
            if isinstance(self.result, Penalty):
                yield from self._penalty(wind, title)
                return
            if isinstance(self.result, Won):
                yield Static(Text(f"{wind} ({title}) — win", style="bold"), id="title")
                for w in self.result.wins:
                    yield Static(win_text(w, self.names, red_fives, self.mode, dora),
                                 classes="win")
            else:
                kind = DRAW_NAMES.get(self.result.kind, self.result.kind)
                yield Static(Text(f"{wind} ({title}) — {kind}", style="bold"), id="title")
                yield Static(self._draw_text(red_fives), classes="draw")
            yield from self._ledger()

    def _penalty(self, wind: str, title: str) -> ComposeResult:
        pen = self.result
        assert isinstance(pen, Penalty)
        f = facts(self.hand)
        heading = Text(f"{wind} ({title}) — {penalty_title(pen)}", style=f"bold {palette.REFUSAL}")
        yield Static(heading, id="title")
        words = Text()
        for line in sentences(f, self.names, self.tried):
            words.append(f"  {line}\n")
        if pen.payments:
            words.append("\n")
            words.append_text(_payments(pen.payments, self.names))
        yield Static(words, classes="penalty")
        yield from self._ledger()

    def _ledger(self) -> ComposeResult:
        yield Static(deltas_table(hand_ledger(self.hand), self.names, self.human), id="ledger")
        yield Static(sticks_line(self.hand.sticks_after), id="sticks")
        yield Static("Enter: continue", classes="hint")

    def _draw_text(self, red_fives: int) -> Text:
        r = self.result
        assert isinstance(r, HandDrawn)
        out = Text()
        if r.kind == "exhaustive":
            for s in range(4):
                state = "tenpai" if r.tenpai[s] else "noten"
                out.append(f"  {self.names[s]:<18} {state:<7}",
                           style=f"bold {palette.GAIN}" if r.tenpai[s] else "")
                if s < len(r.hands) and r.hands[s]:
                    out.append_text(strip(sorted(r.hands[s]), self.mode, red_fives))
                out.append("\n")
        for s in r.nagashi:
            out.append(f"  Nagashi mangan: {self.names[s]}\n", style=f"bold {palette.GOLD}")
        if r.payments:
            out.append("\n")
            out.append_text(_payments(r.payments, self.names))
        return out

    def action_close(self) -> None:
        self.dismiss(None)
