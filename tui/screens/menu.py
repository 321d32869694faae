"""The main menu and its pages: new game (preset, bots, seat), load, replay, rules reference."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static, Switch
from textual.widgets.option_list import Option

from hanchan.ai.base import LEVELS
from hanchan.engine.scoring.registry import yaku_table
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.folder import SavedGame
from hanchan.saves.labels import result_words, when
from hanchan.tui import palette
from hanchan.tui.messages import ContinueGame, StartGame
from hanchan.tui.savefiles import autosaved, continue_problem
from hanchan.tui.screens.drills import DrillsScreen, app_faces
from hanchan.tui.screens.saves import FilePickerScreen
from hanchan.tui.screens.stats import StatsScreen
from hanchan.tui.session import NewGame
from hanchan.tui.tilefaces import FaceMode, strip
from hanchan.tui.widgets.size_notice import SizeNotice
from hanchan.words.names import WIND_NAMES
from hanchan.words.rules import PresetInfo, key_rules, presets
from hanchan.words.yaku_examples import (
    NO_HAND,
    example,
    example_tiles,
    scored_parts,
    situation_words,
)

LOGO = "hanchan — riichi mahjong against three bots"


class MenuScreen(Screen[None]):
    """Continue, new game, load, replay, rules, quit."""

    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; }
    MenuScreen .logo { text-style: bold; margin: 0 0 1 0; }
    MenuScreen OptionList { height: auto; border: none; }
    """

    BINDINGS = [
        Binding("c", "choose('continue')", "Continue", show=False),
        Binding("n", "choose('new')", "New game", show=False),
        Binding("l", "choose('load')", "Load", show=False),
        Binding("r", "choose('replay')", "Replay", show=False),
        Binding("u", "choose('rules')", "Rules", show=False),
        Binding("d", "choose('drills')", "Practice drills", show=False),
        Binding("s", "choose('stats')", "Statistics", show=False),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.autosave: SavedGame | None = None
        self.problem: str | None = None  # why the autosaved game cannot be continued

    def compose(self) -> ComposeResult:
        if self.save_dir is not None:
            self.autosave = autosaved(self.save_dir)
        options = []
        if self.autosave is not None:
            options.append(Option(self._continue_prompt(), id="continue"))
        options += [
            Option("(n) New game", id="new"),
            Option("(l) Load a saved game", id="load"),
            Option("(r) Replay a game", id="replay"),
            Option("(u) Rules reference", id="rules"),
            Option("(d) Practice drills", id="drills"),
            Option("(s) Your statistics", id="stats"),
            Option("(q) Quit", id="quit"),
        ]
        with Vertical():
            yield Static(LOGO, classes="logo")
            yield OptionList(*options, id="menu")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        if self.autosave is not None:  # replayed through the engine off the screen's thread
            self.run_worker(self._check_autosave, thread=True, group="autosave")

    def _continue_prompt(self) -> Text:
        game = self.autosave
        assert game is not None
        info = game.info
        about = f"{result_words(game)} · {info.rules} · {when(info.created)}"
        if self.problem is None:
            out = Text("(c) Continue the autosaved game\n")
            out.append(f"    {about}", style=palette.QUIET)
            return out
        out = Text(f"Cannot continue the autosaved game\n    {about}\n", style=palette.QUIET)
        out.append(f"    {game.path.name}: {self.problem}", style=palette.REFUSAL)
        return out

    def _check_autosave(self) -> None:
        game = self.autosave
        if game is not None:
            problem = continue_problem(game.path)
            if problem is not None:
                self.app.call_from_thread(self._refuse_continue, problem)

    def _refuse_continue(self, problem: str) -> None:
        """Show why the autosaved game cannot be continued, and stop offering it."""
        self.problem = problem
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("continue", self._continue_prompt())
        menu.disable_option("continue")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "continue" and self.autosave is not None and self.problem is None:
            problem = continue_problem(self.autosave.path)  # checked first: nothing forked
            if problem is None:
                self.post_message(ContinueGame(self.autosave.path))
            else:
                self._refuse_continue(problem)
                self.notify(f"Cannot continue {self.autosave.path.name}: {problem}",
                            severity="error")
        elif what == "new":
            app.push_screen(NewGameScreen(self.save_dir))
        elif what in ("load", "replay"):
            app.push_screen(FilePickerScreen(self.save_dir, what))
        elif what == "rules":
            app.push_screen(RulesScreen())
        elif what == "drills":
            app.push_screen(DrillsScreen(self.save_dir))
        elif what == "stats":
            app.push_screen(StatsScreen(self.save_dir))
        elif what == "quit":
            app.exit(0)


def _head(info: PresetInfo) -> Text:
    """The preset's title and its club's rules cited."""
    head = Text()
    head.append(f"{info.title}\n", style="bold")
    if info.source:
        head.append("Rules: ", style=palette.QUIET)
        head.append(info.source, style=palette.QUIET)
    return head


def _key_rules(info: PresetInfo) -> Table:
    """The preset's key rules in words; the table wraps labels and values at word
    boundaries (and measures CJK text by its cells), so nothing is cut at any width."""
    t = Table(box=None, padding=(0, 1, 0, 0), show_header=False, expand=True)
    t.add_column("rule", style=palette.SKY, ratio=1, overflow="fold")
    t.add_column("value", ratio=1, overflow="fold")
    for label, value in key_rules(info.rules):
        t.add_row(label, value)
    return t


MJAI_SEATS = (("across", "across"), ("right", "right"), ("left", "left"),
              ("all three", "all"))
"""Where the outside mjai bot of the new-game screen sits, seen from the human."""
MJAI_OFFSETS = {"right": 1, "across": 2, "left": 3}
GAME_LENGTHS = {"preset": "Length: preset", "east_south": "Length: East+South",
                "east": "Length: East only"}
"""The game-length choice: the preset's own, or its ``length`` option changed (its extension
round and agariyame stay: ``hanchan rules show`` states both versions)."""


class NewGameScreen(Screen[None]):
    """Pick a preset (its key rules shown beside it), the game length, the bots' level, your
    seat, practice."""

    DEFAULT_CSS = """
    NewGameScreen { layout: vertical; }
    NewGameScreen #body { height: 1fr; }
    NewGameScreen #presets { width: 24; border: round $panel-lighten-2; }
    NewGameScreen #about { width: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    NewGameScreen #choices { height: 3; }
    NewGameScreen #outside { height: 3; }
    NewGameScreen #mjai { width: 1fr; }
    NewGameScreen Select { width: 26; }
    NewGameScreen Input { width: 20; }
    NewGameScreen #practice-label { width: auto; padding: 1 0 0 2; }
    NewGameScreen #practice-state { width: 4; padding: 1 0 0 0; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+p", "practice", "Practice mode"),
    ]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.infos = presets()
        self.current = next((i for i, p in enumerate(self.infos) if p.name == "tenhou"), 0)

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield OptionList(*[Option(Text(p.name), id=p.name) for p in self.infos], id="presets")
            with VerticalScroll(id="about"):
                yield Static(id="summary")
        with Horizontal(id="choices"):
            yield Select([(f"Bots: {lv}", lv) for lv in LEVELS], value="normal",
                         allow_blank=False, id="bots")
            yield Select([(f"Seat: {s}", i) for i, s in enumerate(WIND_NAMES)], value=0,
                         allow_blank=False, id="seat")
            yield Input(placeholder="seed (optional)", id="seed", type="integer")
            yield Static("Practice", id="practice-label")
            yield Switch(value=False, id="practice",
                         tooltip="Practice mode: you may make the mistakes the rules penalise")
            yield Static("off", id="practice-state")
        with Horizontal(id="outside"):
            yield Select([(label, key) for key, label in GAME_LENGTHS.items()],
                         value="preset", allow_blank=False, id="length")
            yield Select([(f"mjai bot: {label}", key) for label, key in MJAI_SEATS],
                         value="across", allow_blank=False, id="mjai-seats")
            yield Input(placeholder="mjai bot command (optional), e.g. ./mybot {seat}",
                        id="mjai")
        yield Static("Enter on a preset (or Ctrl+S) starts the game; Ctrl+P turns practice mode "
                     "on or off. An mjai bot command seats an outside bot (Mortal, akochan...).",
                     classes="hint")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        ol = self.query_one("#presets", OptionList)
        ol.highlighted = self.current
        ol.focus()
        self._show(self.current)

    def _show(self, index: int | None) -> None:
        if index is None or not self.infos:
            return
        self.current = index
        info = self.infos[index]
        info = replace(info, rules=self._with_length(info.rules))
        self.query_one("#summary", Static).update(Group(_head(info), Text(""), _key_rules(info)))

    def _with_length(self, rules: Ruleset) -> Ruleset:
        """``rules`` with the game length chosen below the presets."""
        length = str(self.query_one("#length", Select).value)
        return rules if length not in ("east", "east_south") else rules.replace(length=length)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "length":
            self._show(self.current)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._show(event.option_index)
        self.action_start()

    def action_start(self) -> None:
        if not self.infos:
            self.notify("No rule presets were found.", severity="error")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        bots = str(self.query_one("#bots", Select).value)
        seat = self.query_one("#seat", Select).value
        assert isinstance(seat, int)  # the select has no blank
        rules = self._with_length(self.infos[self.current].rules)
        if self.query_one("#practice", Switch).value:  # practice mode over the preset
            rules = rules.replace(practice_mode=True)
        command = self.query_one("#mjai", Input).value.strip()
        outside: tuple[tuple[int, str], ...] = ()
        if command:
            where = str(self.query_one("#mjai-seats", Select).value)
            offsets = (1, 2, 3) if where == "all" else (MJAI_OFFSETS[where],)
            outside = tuple(((seat + o) % 4, command) for o in offsets)
        spec = NewGame(rules, seed, bots, seat, self.save_dir, mjai=outside)
        self.post_message(StartGame(spec))

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id == "practice":  # the switch in words: on or off
            self.query_one("#practice-state", Static).update("on" if event.value else "off")

    def action_practice(self) -> None:
        """Turn practice mode on or off (the switch beside the seed)."""
        switch = self.query_one("#practice", Switch)
        switch.value = not switch.value

    def action_back(self) -> None:
        self.app.pop_screen()


def _examples(rules: Ruleset, mode: FaceMode) -> list[Text]:
    """An example hand under each yaku of ``rules``, drawn in ``mode``, scored by the engine
    under ``rules``, the yaku in reverse among the ones the hand scores."""
    out = [Text(f"Example hands, scored under {rules.name} (the yaku shown in reverse)",
                style="bold")]
    rf = rules.red_fives
    for y in yaku_table(rules):
        out.append(Text(y.name, style="bold"))
        ex = example(y.id, rules)
        if ex is None:
            out.append(Text("  " + NO_HAND.get(y.id, ""), style=palette.QUIET))
            continue
        tiles, win, melds = example_tiles(ex, rules)
        hand = Text("  ")
        hand.append_text(strip(tiles, mode, rf))
        for m in melds:
            hand.append("   ")
            hand.append_text(strip(sorted(m.tiles), mode, rf))
        hand.append("  + ")
        hand.append_text(strip([win], mode, rf))
        hand.append(f"  {situation_words(ex)}", style=palette.QUIET)
        scored = Text("  ")
        for i, (words, mark) in enumerate(scored_parts(ex)):
            scored.append(" · " if i and not words.startswith("=") else " " if i else "")
            scored.append(words, style="reverse bold" if mark else "")
        out += [hand, scored]
    return out


class RulesScreen(Screen[None]):
    """A preset's key rules and its yaku with their values."""

    DEFAULT_CSS = """
    RulesScreen #body { height: 1fr; }
    RulesScreen #presets { width: 24; border: round $panel-lighten-2; }
    RulesScreen #about { width: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self) -> None:
        super().__init__()
        self.infos = presets()

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield OptionList(*[Option(Text(p.name)) for p in self.infos], id="presets")
            with VerticalScroll(id="about"):
                yield Static(id="summary")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        if self.infos:
            self._show(0)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _show(self, index: int) -> None:
        info = self.infos[index]
        t = Table(box=None, padding=(0, 1), header_style="bold")
        t.add_column("Yaku")
        t.add_column("", style=palette.QUIET)
        t.add_column("Closed", justify="right")
        t.add_column("Open", justify="right")
        for y in yaku_table(info.rules):
            if y.yakuman:
                closed = "double yakuman" if y.yakuman == 2 else "yakuman"
                opened = closed if y.open_han is not None else "—"
            else:
                closed = f"{y.closed_han}"
                opened = "—" if y.open_han is None else f"{y.open_han}"
            t.add_row(y.name, y.ja, closed, opened)
        # the yaku first (this page is their reference), then the key rules, then examples
        self.query_one("#summary", Static).update(
            Group(_head(info), Text(""), t, Text(""), _key_rules(info), Text(""),
                  *_examples(info.rules, app_faces(self))))

    def action_back(self) -> None:
        self.app.pop_screen()
