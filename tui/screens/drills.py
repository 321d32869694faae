"""``DrillsScreen`` and ``DrillScreen``: the practice drills in the app (the menu's
"Practice drills"), the same questions and verdicts as ``hanchan drill``.

The first page picks the rules (a preset) and the drill; the second asks the questions
one at a time: the problem, an answer box, the verdict with its explanation and the
running score; Enter goes on to the next question, Esc back.  The discards drill reviews
the newest saved games in a worker thread first (a few seconds a game), each read
through the referee as ``hanchan verify`` reads it: a damaged game is left out, and one
line under the title says so.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from rulesets.schema import Ruleset
from text.drills import DRILL_TITLES, DrillItem, discard_items, question_items
from text.rules import presets
from text.score_call import AnswerError
from tui import palette
from tui.widgets.size_notice import SizeNotice

COUNT = 10


class DrillsScreen(Screen[None]):
    """Choose the rules and the drill."""

    DEFAULT_CSS = """
    DrillsScreen { align: center middle; }
    DrillsScreen > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; }
    DrillsScreen OptionList { height: auto; border: none; }
    DrillsScreen Select { margin: 0 0 1 0; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.infos = presets()

    def compose(self) -> ComposeResult:
        names = [(p.name, p.name) for p in self.infos]
        with Vertical():
            yield Static(Text("Practice drills", style="bold"))
            yield Static("Rules of the club to practise:")
            yield Select(names, value=names[0][1] if names else Select.BLANK, allow_blank=False,
                         id="rules")
            yield OptionList(*[Option(f"{title}", id=kind)
                               for kind, title in DRILL_TITLES.items()], id="drills")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#drills", OptionList).focus()

    def rules(self) -> Ruleset:
        """The chosen preset's rules."""
        name = self.query_one("#rules", Select).value
        info = next((p for p in self.infos if p.name == name), self.infos[0])
        return info.rules

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.push_screen(DrillScreen(event.option.id, self.rules(), self.save_dir))

    def action_back(self) -> None:
        self.app.pop_screen()


class DrillScreen(Screen[None]):
    """One drill: questions one at a time, with a running score."""

    DEFAULT_CSS = """
    DrillScreen > VerticalScroll { padding: 0 2; }
    DrillScreen #head { text-style: bold; margin: 1 0; }
    DrillScreen #verdict { margin: 1 0; }
    DrillScreen #skipped { display: none; margin: 0 0 1 0; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, kind: str, rules: Ruleset, save_dir: Path | None,
                 count: int = COUNT, seed: int | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.rules = rules
        self.save_dir = save_dir
        self.count = count
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self.items: list[DrillItem] = []
        self.index = 0
        self.right = 0
        self.asked = 0
        self.answered = False
        self.said = ""  # the words under the answer box
        self.skipped = ""  # the sentence on the saved games left out as damaged

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="head")
            yield Static("", id="skipped")
            yield Static("", id="problem")
            yield Input(id="answer")
            yield Static("", id="verdict")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        if self.kind == "discards":
            self._say(Text("Reviewing your saved games…", style=palette.QUIET))
            self.run_worker(self._load_discards, thread=True, group="drill")
        else:
            self._start(question_items(self.kind, self.rules, count=self.count, seed=self.seed))

    def _load_discards(self) -> None:
        items, skipped = (discard_items(self.save_dir, self.count, self.seed)
                          if self.save_dir else ([], ""))
        self.app.call_from_thread(self._start, items, skipped)

    def _start(self, items: list[DrillItem], skipped: str = "") -> None:
        """Ask the first item; ``skipped``: a sentence on the saved games left out."""
        self.items = items
        self.skipped = skipped
        if skipped:
            note = self.query_one("#skipped", Static)
            note.update(Text(skipped, style=palette.QUIET))
            note.display = True
        if not items:
            self._head()
            self._say(Text("No costly discard found in your saved games: play a few games "
                           "first. Esc: back.", style=palette.REFUSAL))
            self.query_one(Input).disabled = True
            return
        self._show()

    def _head(self) -> None:
        title = DRILL_TITLES.get(self.kind, self.kind)
        where = "" if self.kind == "discards" else f" — {self.rules.name}"
        n = f" — question {self.index + 1}/{len(self.items)}" if self.items else ""
        self.query_one("#head", Static).update(
            Text(f"{title}{where}{n} — {self.right}/{self.asked} right"))

    def _show(self) -> None:
        item = self.items[self.index]
        self._head()
        self.query_one("#problem", Static).update(Text("\n".join(item.lines)))
        box = self.query_one(Input)
        box.value = ""
        box.placeholder = item.prompt + "   (skip: show the answer)"
        box.focus()
        self.answered = False
        self._say(Text(""))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.items:
            return
        if self.answered:
            self._next()
            return
        item = self.items[self.index]
        said = event.value.strip()
        if said.lower() in ("skip", "?"):
            self.asked += 1
            self._done(Text("Skipped. " + " ".join(item.reveal)))
            return
        try:
            ok, words = item.check(said)
        except AnswerError as exc:
            self._say(Text(str(exc), style=palette.REFUSAL))
            return
        self.asked += 1
        self.right += ok
        out = Text()
        for i, w in enumerate(words):
            style = f"bold {palette.GAIN if ok else palette.REFUSAL}" if i == 0 else ""
            out.append(w + "\n", style=style)
        self._done(out)

    def _done(self, text: Text) -> None:
        self.answered = True
        last = self.index + 1 >= len(self.items)
        text.append("\nEnter: " + ("the score" if last else "next question"),
                    style=palette.QUIET)
        self._say(text)
        self._head()

    def _next(self) -> None:
        if self.index + 1 < len(self.items):
            self.index += 1
            self._show()
            return
        pct = 100 * self.right // max(1, self.asked)
        self._say(Text(f"Score: {self.right}/{self.asked} right ({pct}%). Esc: back.",
                       style="bold"))
        self.query_one(Input).disabled = True

    def _say(self, text: Text) -> None:
        self.said = text.plain
        self.query_one("#verdict", Static).update(text)

    def action_back(self) -> None:
        self.app.pop_screen()
