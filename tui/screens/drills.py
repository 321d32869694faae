"""``DrillsScreen`` and ``DrillScreen``: the practice drills in the app (the menu's
"Practice drills"), the same questions and verdicts as ``hanchan drill``.

The first page picks the rules (a preset list that opens on the rules of the newest
saved game) and the drill; the second asks the questions one at a time: the hand drawn
as the table draws it (in the chosen tile faces), an answer box, the verdict with its
explanation and the running score (tiles named in the words are drawn in the faces
too, as the table's help line does); Enter goes on to the next question, Esc back.  When
the answer is a tile of the hand, it may be typed, or picked with ←/→ and Enter, or
clicked.  The discards drill reviews the newest saved games in a worker thread first (a
few seconds a game), each read through the referee as ``hanchan verify`` reads it: a
damaged game is left out, and one line under the title says so; with no problem in the
games (or no game), it asks about made-up hands, as ``hanchan drill discards`` does.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from hanchan.coach.drills import (
    DRILL_TITLES,
    DrillItem,
    discard_items,
    efficiency_items,
    question_items,
)
from hanchan.coach.score_call import AnswerError
from hanchan.engine.tiles import format_tiles
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.folder import list_games
from hanchan.tui import palette
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import FaceMode, in_faces
from hanchan.tui.widgets.hand import HandData, HandView
from hanchan.tui.widgets.size_notice import SizeNotice
from hanchan.words.rules import PresetInfo, presets

COUNT = 10


def last_played(folder: Path | None, infos: list[PresetInfo]) -> int:
    """The index in ``infos`` of the rules of the newest saved game that names a preset
    (else of ``tenhou``, the command line's default, else the first)."""
    names = [p.name for p in infos]
    games = list_games(folder) if folder is not None else []
    for name in [g.info.rules for g in games] + ["tenhou"]:
        if name in names:
            return names.index(name)
    return 0


def app_faces(screen: Screen[None]) -> FaceMode:
    """The tile faces of the app's settings (letters when the app keeps none)."""
    settings = getattr(screen.app, "settings", None)
    return settings.faces if isinstance(settings, Settings) else "letters"


class DrillsScreen(Screen[None]):
    """Choose the rules and the drill: two lists side by side; Tab moves between them,
    Enter on a preset goes to the drills, Enter on a drill starts it."""

    DEFAULT_CSS = """
    DrillsScreen { align: center middle; }
    DrillsScreen > Vertical { width: 84; height: auto; border: round $accent; padding: 1 2; }
    DrillsScreen Horizontal { height: auto; }
    DrillsScreen OptionList { height: auto; max-height: 16; }
    DrillsScreen #rules { width: 22; border: round $panel-lighten-2; }
    DrillsScreen #drills { width: 1fr; border: round $panel-lighten-2; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.infos = presets()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Practice drills", style="bold"))
            yield Static("The rules of the club to practise, and the drill "
                         "(Tab: from one list to the other):")
            with Horizontal():
                yield OptionList(*[Option(p.name, id=p.name) for p in self.infos], id="rules")
                yield OptionList(*[Option(f"{title}", id=kind)
                                   for kind, title in DRILL_TITLES.items()], id="drills")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        rules = self.query_one("#rules", OptionList)
        if self.infos:
            rules.highlighted = last_played(self.save_dir, self.infos)
        self.query_one("#drills", OptionList).focus()

    def rules(self) -> Ruleset:
        """The chosen preset's rules."""
        i = self.query_one("#rules", OptionList).highlighted
        return self.infos[i if i is not None and i < len(self.infos) else 0].rules

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "rules":  # chosen: on to the drills
            self.query_one("#drills", OptionList).focus()
        elif event.option.id:
            self.app.push_screen(DrillScreen(event.option.id, self.rules(), self.save_dir,
                                             faces=app_faces(self)))

    def action_back(self) -> None:
        self.app.pop_screen()


class DrillScreen(Screen[None]):
    """One drill: questions one at a time, with a running score."""

    DEFAULT_CSS = """
    DrillScreen > VerticalScroll { padding: 0 2; }
    DrillScreen #head { text-style: bold; margin: 1 0; }
    DrillScreen #tiles { display: none; margin: 0 0 1 0; }
    DrillScreen #verdict { margin: 1 0; }
    DrillScreen #skipped { display: none; margin: 0 0 1 0; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back"),
        # before the answer box's own cursor keys, only while a tile of the hand is the answer
        Binding("left", "pick(-1)", "Tile ←", priority=True),
        Binding("right", "pick(1)", "Tile →", priority=True),
    ]

    def __init__(self, kind: str, rules: Ruleset, save_dir: Path | None,
                 count: int = COUNT, seed: int | None = None,
                 faces: FaceMode = "letters") -> None:
        super().__init__()
        self.kind = kind
        self.rules = rules
        self.save_dir = save_dir
        self.count = count
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self.faces = faces
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
            yield HandView(id="tiles")
            yield Static("", id="problem")
            yield Input(id="answer")
            yield Static("", id="verdict")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one(HandView).mode = self.faces
        if self.kind == "discards":
            self._say(Text("Reviewing your saved games…", style=palette.QUIET))
            self.run_worker(self._load_discards, thread=True, group="drill")
        elif self.kind == "made_up":
            self._start(efficiency_items(self.count, self.seed))
        else:
            self._start(question_items(self.kind, self.rules, count=self.count, seed=self.seed))

    def _load_discards(self) -> None:
        items, skipped = (discard_items(self.save_dir, self.count, self.seed)
                          if self.save_dir else ([], ""))
        if not items:  # no game, or none with a costly discard: made-up hands, as the CLI
            skipped = " ".join(x for x in (skipped, "No costly discard found in your saved "
                                           "games (play a few games); made-up hands "
                                           "instead.") if x)
            items = efficiency_items(self.count, self.seed)
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
            self._say(Text("No question to ask. Esc: back.", style=palette.REFUSAL))
            self.query_one(Input).disabled = True
            return
        self._show()

    def _head(self) -> None:
        title = DRILL_TITLES.get(self.kind, self.kind)
        where = "" if self.kind in ("discards", "made_up") else f" — {self.rules.name}"
        n = f" — question {self.index + 1}/{len(self.items)}" if self.items else ""
        self.query_one("#head", Static).update(
            Text(f"{title}{where}{n} — {self.right}/{self.asked} right"))

    def _show(self) -> None:
        item = self.items[self.index]
        self._head()
        view = self.query_one(HandView)
        lines = list(item.lines)
        if item.hand is not None:
            h = item.hand
            view.show(HandData(h.tiles, h.apart, h.melds, h.owner, h.red_fives))
            view.selected = 0 if h.pick else None
            view.display = True
            lines = [*item.lines_beside_tiles(), *([h.apart_words] if h.apart_words else [])]
        else:
            view.display = False
        self.query_one("#problem", Static).update(Text(in_faces("\n".join(lines), self.faces)))
        box = self.query_one(Input)
        box.value = ""
        how = ("type a tile, or pick it with ←/→ and Enter (or click it); skip: show the "
               "answer" if self._picking() else "skip: show the answer")
        box.placeholder = f"{item.prompt}   ({how})"
        box.focus()
        self.answered = False
        self._say(Text(""))

    def _picking(self) -> bool:
        """Whether a tile of the hand is the answer now (and not yet given)."""
        if not self.items or self.answered:
            return False
        hand = self.items[self.index].hand
        return hand is not None and hand.pick

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":  # else the answer box's cursor keys, as ever
            return self._picking() and not self.query_one(Input).value
        return True

    def action_pick(self, step: int) -> None:
        view = self.query_one(HandView)
        n = len(view.tiles)
        if n:
            view.selected = ((view.selected or 0) + step) % n

    def on_hand_view_tile_clicked(self, event: HandView.TileClicked) -> None:
        if self._picking():
            view = self.query_one(HandView)
            view.selected = event.index
            self._answer(self._picked())

    def on_hand_view_tile_hovered(self, event: HandView.TileHovered) -> None:
        if self._picking():
            self.query_one(HandView).selected = event.index

    def _picked(self) -> str:
        """The selected tile of the hand, written as an answer is typed (``5m``)."""
        view = self.query_one(HandView)
        i = view.selected
        return format_tiles([view.tiles[i]], 0) if i is not None and i < len(view.tiles) else ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.items:
            return
        if self.answered:
            self._next()
            return
        said = event.value.strip()
        if not said and self._picking():
            said = self._picked()
        self._answer(said)

    def _answer(self, said: str) -> None:
        item = self.items[self.index]
        if said.lower() in ("skip", "?"):
            self.asked += 1
            self._done(Text(in_faces("Skipped. " + " ".join(item.reveal), self.faces)))
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
            out.append(in_faces(w, self.faces) + "\n", style=style)
        self._done(out)

    def _done(self, text: Text) -> None:
        self.answered = True
        last = self.index + 1 >= len(self.items)
        text.append("\nEnter: " + ("the score" if last else "next question"),
                    style=palette.QUIET)
        self._say(text)
        self._head()
        self.refresh_bindings()

    def _next(self) -> None:
        if self.index + 1 < len(self.items):
            self.index += 1
            self._show()
            self.refresh_bindings()
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
