"""``TableScreen``: playing a hanchan.

The screen draws the human's ``PlayerView`` and offers exactly the actions the
engine lists for the human; the decisions behind the keys live in
:mod:`tui.table` (the choice of discard, practice mode's mistakes, the toggles
that play for the human, the bots' pace).  Its state is in reactives whose
``watch_`` methods draw the table and move the game on: ``choice`` (the view,
the legal actions, the selection), ``settings``, ``moves`` (a move was made
here), ``busy`` (the bots' worker runs), ``modal`` (a chooser or result is open).
Results (a win, a draw, a penalty, the end of the game) open their own screens.

``h`` shows strong's hint (:class:`ai.hints.Hinter`) and, when the player gave an outside
mjai bot for hints (``hanchan play --hint-by``, or typed after ``H``), that bot's choice on
a line under it (:class:`ai.hint_bot.HintBot`).  Both are asked in worker threads; the bot's
command is kept in memory only, and the bot ends when the screen does.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer

from hanchan.ai.base import DEFAULT_MJAI, MjaiOptions, typed_command
from hanchan.ai.hints import Hinter
from hanchan.coach.advice import advise, best_discards, reason_words
from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    OpenKan,
    Pon,
    TakeBack,
)
from hanchan.engine.events import Event, GameEnded, GameStarted, HandDrawn, Penalty, Won
from hanchan.engine.tiles import tile_name
from hanchan.engine.view import PlayerView
from hanchan.tui.messages import SettingsChanged
from hanchan.tui.screens.bot_command import BotCommandScreen
from hanchan.tui.screens.chooser import ChooserScreen
from hanchan.tui.screens.keys_help import KeysHelpScreen
from hanchan.tui.screens.score_call import ScoreCallScreen
from hanchan.tui.session import PlaySession
from hanchan.tui.settings import TOGGLES, Settings
from hanchan.tui.table.autoplay import auto_action, waits_on_pass
from hanchan.tui.table.choice import HandChoice, RiichiKind
from hanchan.tui.table.pacing import BotPacer, pass_wait
from hanchan.tui.table.practice import mistakes, refused_sample
from hanchan.tui.table.score_call import score_call
from hanchan.tui.tilefaces import in_faces, strip
from hanchan.tui.widgets.action_bar import ActionBar
from hanchan.tui.widgets.hand import DRAWN_KEY, HandView
from hanchan.tui.widgets.hand import KEYS as HAND_KEYS
from hanchan.tui.widgets.size_notice import SizeNotice
from hanchan.tui.widgets.table_layout import TableLayout
from hanchan.tui.widgets.table_view import TableExtras
from hanchan.words.actions import ACTION_TITLES, action_group, action_words
from hanchan.words.hand_facts import hand_facts

if TYPE_CHECKING:  # (imported where a hint bot starts: see _start_hint_bot)
    from hanchan.ai.hint_bot import BotHint, HintBot
from hanchan.words.penalties import dead_seats

# The result screens (hand result, game end) are imported when first shown: the first
# table needs neither (they and the review they load cost start-up time; see tui.app).


_KEY_NAMES = {"-": "minus", "=": "equals_sign", "\\": "backslash"}  # Textual's names
HINT_TITLE = "Hints: the command of an mjai bot"
HINT_HELP = ("Runs this program in your seat and asks it when you press h, beside strong. "
             "The command is kept in memory only, never written to a file. Enter starts "
             "it, Esc cancels.")


def bot_hint_words(hint: BotHint, red_fives: int) -> str:
    """An outside bot's hint line: ``Mortal: Discard 5p``, or why it gave none.

    >>> from hanchan.ai.asking import Answer
    >>> from hanchan.ai.hint_bot import BotHint
    >>> from hanchan.engine.actions import Pass
    >>> bot_hint_words(BotHint("Mortal", Answer(Pass())), 1)
    'Mortal: Pass'
    >>> bot_hint_words(BotHint("Mortal", Answer(None, riichi=True)), 1)
    'Mortal: riichi'
    """
    answer = hint.answer
    if answer is None:
        return hint.why or f"{hint.name} gave no hint."
    if answer.action is None:
        return f"{hint.name}: riichi"
    return f"{hint.name}: {action_words(answer.action, red_fives)}"


class TableScreen(Screen[None]):
    """The game table, driven by a :class:`PlaySession`."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen ActionBar { margin: 0 1; }
    TableScreen EventLog { display: none; width: 34; }
    TableScreen.-wide EventLog { display: block; }
    """
    WIDE = 130  # from this width on, the game's log stands beside the table
    TALL = 40  # from this height on, the best discards are listed under the hand

    BINDINGS = [
        Binding("left", "move(-1)", "◀▶ select", show=False),
        Binding("right", "move(1)", "select", show=False),
        *[Binding(_KEY_NAMES.get(k, k), f"pick({i})", show=False)
          for i, k in enumerate(HAND_KEYS)],
        Binding(DRAWN_KEY, "pick_drawn", "Drawn tile", show=False),
        Binding("enter", "discard", "Discard"),
        Binding("c", "group('chi')", "Chi", show=False),
        Binding("p", "group('pon')", "Pon", show=False),
        Binding("k", "group('kan')", "Kan", show=False),
        Binding("r", "group('riichi')", "Riichi", show=False),
        Binding("R", "group('open_riichi')", "Open riichi", show=False),
        Binding("t", "group('tsumo')", "Tsumo", show=False),
        Binding("o", "group('ron')", "Ron", show=False),
        Binding("n", "group('nine')", "Nine terminals", show=False),
        Binding("space", "group('pass')", "Pass", show=False),
        Binding("y", "group_yes", "Yes", show=False),
        Binding("x", "group_no", "No", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("h", "hint", "Hint"),
        Binding("H", "hint_bot", "Hint bot", show=False),
        Binding("a", "switch('auto_win')", "Auto-win"),
        Binding("s", "switch('skip_calls')", "Skip calls"),
        Binding("g", "switch('tsumogiri')", "Tsumogiri"),
        Binding("i", "switch('show_help')", "Help"),
        Binding("e", "switch('score_call')", "Score call", show=False),
        Binding("K", "switch('keep_toggles')", "Keep toggles", show=False),
        Binding("v", "faces", "Faces"),
        Binding("left_square_bracket", "delay(1)", "Slower", show=False),
        Binding("right_square_bracket", "delay(-1)", "Faster", show=False),
        Binding("question_mark,f1", "keys_help", "Keys"),
    ]

    choice: var[HandChoice | None] = var[HandChoice | None](None, init=False)
    settings: var[Settings] = var(Settings, init=False)
    moves: var[int] = var(0, init=False)  # moves made from this screen: the game moved on
    busy: var[bool] = var(False, init=False)  # the bots' worker is running
    modal: var[bool] = var(False, init=False)  # a chooser or a result is open over the table
    broken: var[str | None] = var[str | None](None, init=False)  # a bot failed: play stops

    def __init__(self, session: PlaySession, settings: Settings, *,
                 hint_by: str | None = None, mjai: MjaiOptions = DEFAULT_MJAI,
                 on_hint_by: Callable[[str], None] | None = None) -> None:
        """``hint_by``: the command of an mjai bot asked for hints too (from the player,
        never from a file); ``on_hint_by`` is told a command typed here (``H``)."""
        super().__init__()
        self.session = session
        self.set_reactive(TableScreen.settings, settings)
        self.pacer = BotPacer(session)
        self.hinter = Hinter()  # watches the human's views as the game goes on
        self.hint_by = hint_by  # memory only
        self.mjai = mjai
        self.on_hint_by = on_hint_by
        self.hint_bot: HintBot | None = None  # started on mount, ended on unmount
        self._hint_words: list[str | None] = [None, None]  # strong's hint, the bot's
        self._hint_for: tuple[object, tuple[Action, ...]] | None = None  # (press, legal)
        self._queue: deque[Event] = deque()  # events not shown yet
        self._false_call: tuple[str, str] | None = None  # a call sent as a mistake, and why

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        first = self.session.events[0]
        red = first.ruleset.red_fives if isinstance(first, GameStarted) else 1
        yield TableLayout(self.session.events, [p.name for p in self.session.players], red)
        yield ActionBar(id="actions")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        layout = self.query_one(TableLayout)
        self.table = layout.table
        self.info = layout.info
        self.log_view = layout.log_view
        self.actions = self.query_one(ActionBar)
        self.log_view.show(len(self.log_view.lines) - 1)
        self._fit(self.app.size.width, self.app.size.height)
        self.table.mode = self.settings.faces
        self._draw_banner()
        if self.hint_by is not None:
            self._start_hint_bot(self.hint_by)
        self.session.new_events()  # results before this moment were seen already
        self.moves += 1

    def on_unmount(self) -> None:
        """The game or the app is left: the hint bot ends now (a question to it too)."""
        if self.hint_bot is not None:
            self.hint_bot.stop()

    # ------------------------------------------------------------------ state

    @property
    def legal_now(self) -> tuple[Action, ...]:
        """The human's legal actions as last shown."""
        return self.choice.legal if self.choice is not None else ()

    @property
    def riichi_mode(self) -> bool:
        """The riichi (or open riichi) key is down."""
        return self.choice is not None and self.choice.riichi is not None

    @property
    def riichi_open(self) -> bool:
        """The key down is open riichi's."""
        return self.choice is not None and self.choice.open_riichi

    def groups(self) -> tuple[str, ...]:
        """The action groups offered now."""
        return self.choice.groups() if self.choice is not None else ()

    # ------------------------------------------------------------------ the loop

    def watch_moves(self) -> None:
        self.advance()

    def watch_modal(self, modal: bool) -> None:
        if not modal:
            self.advance()

    def watch_busy(self, busy: bool) -> None:
        if busy:
            self._run_bots()
        else:
            self.advance()

    def watch_broken(self, text: str | None) -> None:
        if text:
            self.info.say(text, "error")

    def watch_choice(self) -> None:
        self._draw()

    def watch_settings(self, old: Settings, new: Settings) -> None:
        self.post_message(SettingsChanged(new))
        if new.faces != old.faces:
            self.table.mode = new.faces
        self._draw()
        if any(getattr(old, name) != getattr(new, name) for name in TOGGLES):
            self.advance()

    def advance(self) -> None:
        """Show what happened, then wait for the human or let the bots act."""
        if self.modal:
            return
        fresh = self.session.new_events()
        self._queue.extend(fresh)
        self.log_view.extend(fresh)
        while self._queue:
            ev = self._queue.popleft()
            if isinstance(ev, (Won, HandDrawn, Penalty)):
                self._open_result(ev)
                return
            if isinstance(ev, GameEnded):
                self._open_end()
                return
        if self.session.over:
            self._open_end()
            return
        legal = self.session.legal()
        view = self.session.view()
        self.hinter.observe(view)
        if legal and not self.busy and self._auto(view, legal):
            return
        self.choice = (self.choice or HandChoice(view)).shown(view, legal)
        if self.broken is None and not self.busy and self.session.bot_turns():
            self.busy = True

    def _auto(self, view: PlayerView, legal: tuple[Action, ...]) -> bool:
        """Play for the human what the toggles (or the obvious case) choose; True if played."""
        session = self.session
        if waits_on_pass(self.settings, legal, practice=session.practice):
            mark = self.pacer.time_pass()
            if mark is not None:
                self.set_timer(pass_wait(self.settings.bot_delay), lambda: self._pass(mark))
            return False
        action = auto_action(self.settings, view, legal, practice=session.practice)
        if action is None:
            return False
        reason = session.act(session.human, action)
        if reason:
            self.info.say(reason, "error")
            return False
        if self.choice is not None:
            self.set_reactive(TableScreen.choice, self.choice.done())
        self.call_later(self._moved)
        return True

    def _moved(self) -> None:
        self.moves += 1

    def _pass(self, mark: int) -> None:
        """Practice mode: pass by itself when nobody pressed a key since ``mark``."""
        if not self.is_attached:
            return
        if self.modal:  # a chooser is open: the player is answering; ask again later
            self.set_timer(pass_wait(self.settings.bot_delay), lambda: self._pass(mark))
            return
        if self.pacer.pass_if_unanswered(mark):
            self.moves += 1

    @work(group="bots")
    async def _run_bots(self) -> None:
        """Bots' moves off the UI loop: all at once without a delay, else one per delay."""
        try:
            await self.pacer.play(self.settings.bot_delay)
        except Exception as exc:  # noqa: BLE001 - never a traceback; the game is saved
            self.broken = f"A bot could not move ({exc}). The game is saved: Ctrl+Q quits."
        finally:
            self.busy = False

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        """Draw the table, the help line and the action buttons from the choice."""
        choice = self.choice
        if choice is None:
            return
        marked, dimmed = choice.marks()
        self.table.hand.selected = choice.selected
        extras = TableExtras(players=self.session.players, dead=dead_seats(self.session.events))
        self.table.draw(choice.view, extras, marked=marked, dimmed=dimmed)
        self._draw_help(choice)
        self.actions.show(choice.groups(), choice.prompt())

    def _draw_banner(self) -> None:
        """The toggles playing for the player, highlighted; the toggles' keys and practice
        mode at the edge of the message line."""
        practice = self.session.practice
        self.info.set_banner(self.settings.banner(practice=practice))
        badges = self.settings.badges()
        self.info.set_toggles(f"practice · {badges}".strip(" ·") if practice else badges)

    def _draw_help(self, choice: HandChoice) -> None:
        self._draw_banner()
        if not self.settings.show_help:
            self.info.set_help("")
            self.info.set_extra("")
            return
        view = choice.view
        faces = self.settings.faces  # the help speaks in the faces the tiles are drawn in
        if self.info.has_class("-tall"):
            self.info.set_extra(in_faces(best_discards(view), faces) if choice.legal else "")
        discard = choice.selected_tile() if len(choice.tiles) % 3 == 2 else None
        words = advise(view, discard).words()
        if discard is not None and words:
            words = f"Discard {tile_name(discard, view.ruleset.red_fives)}: {words}"
        self.info.set_help(in_faces(words, faces))

    # ------------------------------------------------------------------ keys

    def action_move(self, step: int) -> None:
        if self.choice is not None:
            self.choice = self.choice.moved(step)

    def action_pick(self, index: int) -> None:
        """Pick the concealed tile at ``index``; the drawn tile has its own key."""
        choice = self.choice
        if choice is not None and index < len(choice.view.hand):
            self.choice = choice.picked(index)

    def action_pick_drawn(self) -> None:
        choice = self.choice
        if choice is None:
            return
        if choice.view.drawn is None or not choice.legal:
            self.info.say("You have no drawn tile now.", "error")
            return
        self.choice = choice.picked(len(choice.tiles) - 1)

    def action_discard(self) -> None:
        if self.choice is None:
            return
        tile = self.choice.selected_tile()
        if tile is not None:
            self.submit(self.choice.discard_of(tile))

    def submit(self, action: Action) -> None:
        """Send the human's action to the engine; show the reason if it is refused."""
        if isinstance(action, (Chi, Pon, OpenKan, ClosedKan)) and action not in self.legal_now:
            # practice mode: the engine penalises it; the result names what was wrong
            rf = self.session.rules.red_fives
            self._false_call = (action_words(action, rf), self.session.why_not(action))
        try:
            reason = self.session.act(self.session.human, action)
        except Exception as exc:  # noqa: BLE001 - a plain sentence, never a traceback
            reason = f"That could not be played ({exc}). The game is saved up to here."
        if reason is not None:
            self.info.say(reason, "error")
            self.app.bell()
            return
        self.info.say("")
        if self.choice is not None:
            self.set_reactive(TableScreen.choice, self.choice.done())
        self.moves += 1

    def action_group(self, group: str) -> None:
        choice = self.choice
        if choice is None:
            return
        if group in ("riichi", "open_riichi"):
            kind: RiichiKind = "open_riichi" if group == "open_riichi" else "riichi"
            if not choice.riichi_options(kind):
                self.info.say(self._refusal(group, choice), "error")
                return
            if choice.riichi == kind:
                self.action_cancel()
                return
            self.choice = choice.toggled_riichi(kind)
            if self._riichi_take_back_penalised():
                self.info.say("Riichi said: pick its discard. Taking it back (r or Esc) is "
                              "penalised under these rules.")
            return
        options = [a for a in choice.legal if action_group(a) == group]
        practice = False
        if not options and self.session.practice:
            tried = mistakes(group, choice.view, choice.legal)
            if isinstance(tried, str):
                self.info.say(tried, "error")
                return
            if tried is not None:
                options, practice = tried, True
        if not options:
            self.info.say(self._refusal(group, choice), "error")
            return
        if len(options) == 1:
            self.submit(options[0])
            return
        self._choose(group, options, practice=practice)

    def _refusal(self, group: str, choice: HandChoice) -> str:
        """Why the ``group`` key does nothing now: the engine's reason, else a plain refusal."""
        title = ACTION_TITLES.get(group, group)
        sample = refused_sample(group, choice.view)
        if sample is None:
            return f"{title} is not possible now."
        return self.session.why_not(sample)

    def action_group_yes(self) -> None:
        self.action_group("stop" if "stop" in self.groups() else "show")

    def action_group_no(self) -> None:
        self.action_group("continue" if "continue" in self.groups() else "noten")

    def _choose(self, group: str, options: list[Action], *, practice: bool = False) -> None:
        rf = self.session.rules.red_fives
        labels: list[Text] = []
        for a in options:
            label = Text(action_words(a, rf) + "  ")
            tiles: tuple[int, ...] = ()
            if isinstance(a, (Chi, Pon, OpenKan, ClosedKan)):
                tiles = tuple(sorted(a.tiles))
            elif isinstance(a, AddedKan):
                tiles = (a.tile,)
            label.append_text(strip(tiles, self.settings.faces, rf))
            labels.append(label)

        def done(index: int | None) -> None:
            if index is None:
                self.modal = False
                return
            self.set_reactive(TableScreen.modal, False)
            self.submit(options[index])

        self.modal = True
        title = f"Which {ACTION_TITLES[group].lower()}?"
        if practice:
            title += " (practice: none is legal)"
        self.app.push_screen(ChooserScreen(title, labels), done)

    def _riichi_take_back_penalised(self) -> bool:
        """Practice mode under rules that penalise a riichi taken back before its discard
        (``riichi_withdrawn``): the riichi key down is the riichi said."""
        return self.session.practice and self.session.rules.riichi_withdrawn != "none"

    def action_cancel(self) -> None:
        if self.choice is not None and self.choice.riichi is not None:
            if self._riichi_take_back_penalised():
                self.submit(TakeBack("riichi"))  # the engine's penalty; the key goes up
                return
            self.choice = self.choice.toggled_riichi(self.choice.riichi)

    def action_switch(self, name: str) -> None:
        toggle = next((t for t in TOGGLES if t == name), None)
        if toggle is None:
            return
        if toggle == "auto_win" and self.session.practice:
            self.info.say("Auto-win is off in practice mode: spotting the win is the practice.",
                          "error")
            return
        self.settings = self.settings.toggled(toggle)
        on = getattr(self.settings, toggle)
        if toggle == "keep_toggles":
            self.info.say("Toggles are kept between hands and games." if on else
                          "Skip calls and tsumogiri end with the hand, auto-win with the game.")
            return
        practice = toggle == "score_call" and self.session.practice
        always = " (always on in practice mode)" if practice else ""
        self.info.say(f"{toggle.replace('_', ' ')}: {'on' if on else 'off'}{always}")

    def action_faces(self) -> None:
        self.settings = self.settings.next_faces()

    def action_delay(self, step: int) -> None:
        """Bots slower (+1) or faster (-1), in steps of 0.2 s between 0 and 2 s."""
        self.settings = self.settings.paced(step)
        self.info.say(f"Bots wait {self.settings.bot_delay:.1f} s between moves.")

    def action_keys_help(self) -> None:
        self.app.push_screen(KeysHelpScreen())

    def action_hint(self) -> None:
        legal = self.session.legal()
        if not legal:
            self.info.say("Nothing to decide now.")
            return
        view = self.session.view()
        self.hinter.observe(view)
        press = object()
        self._hint_for = (press, legal)
        self._hint_words = [None, None]
        self.info.say("Thinking about a hint…", "quiet")
        self._hint(press, view, legal)
        bot = self.hint_bot
        if bot is not None:
            self._hint_words[1] = f"{bot.name}: thinking…"
            with self.session.lock:
                events = list(self.session.events)
            self._ask_hint_bot(press, bot, events, view, legal)

    def _hint_now(self, press: object, legal: tuple[Action, ...]) -> bool:
        """The hint asked by ``press`` is still the one to show: no other asked since,
        and the player has still the same choice to make."""
        return self._hint_for is not None and self._hint_for[0] is press \
            and self.session.legal() == legal

    @work(group="hint", exclusive=True)
    async def _hint(self, press: object, view: PlayerView, legal: tuple[Action, ...]
                    ) -> None:
        """Ask the bots' hint API in a thread; select the suggested tile."""
        hint = await asyncio.to_thread(self.hinter.hint, view, legal)
        if not self._hint_now(press, legal):
            return  # the moment has passed
        action = hint.action
        words = action_words(action, view.ruleset.red_fives)
        if isinstance(action, Discard) and self.choice is not None:
            tiles = view.concealed()
            if action.tile in tiles:  # said, so that a key pressed next is no surprise
                self.choice = self.choice.picked(tiles.index(action.tile))
                words += " (selected: Enter plays it)"
        self._hint_words[0] = f"Hint: {words} — {reason_words(hint)}"
        self._say_hint()

    @work(group="hint-bot", exclusive=True)
    async def _ask_hint_bot(self, press: object, bot: HintBot, events: list[Event],
                            view: PlayerView, legal: tuple[Action, ...]) -> None:
        """Ask the outside bot in a thread (it may take its whole timeout, or be ended when
        the screen is); its line goes under strong's hint."""
        hint = await asyncio.to_thread(bot.ask, events, view, legal)
        if self._hint_now(press, legal):
            self._hint_words[1] = bot_hint_words(hint, view.ruleset.red_fives)
            self._say_hint()

    def _say_hint(self) -> None:
        """Strong's hint, and the outside bot's line under it; once strong's is in."""
        strong, bot = self._hint_words
        if strong is not None:
            text = strong if bot is None else f"{strong}\n{bot}"
            self.info.say(in_faces(text, self.settings.faces), "hint")

    def action_hint_bot(self) -> None:
        """Ask for the command of an mjai bot to ask for hints too (memory only)."""
        def done(typed: str | None) -> None:
            if typed is not None:
                command, problem = typed_command(typed)
                if problem is not None:
                    self.info.say(problem, "error")
                else:
                    self._start_hint_bot(command)
                    if self.on_hint_by is not None:
                        self.on_hint_by(command)
            self.modal = False

        self.modal = True
        self.app.push_screen(BotCommandScreen(self.hint_by or "", heading=HINT_TITLE,
                                              words=HINT_HELP), done)

    def _start_hint_bot(self, command: str) -> None:
        """Start the bot of ``command`` for hints, in place of the one before."""
        if self.hint_bot is not None:
            self.hint_bot.stop()
        # The mjai bridge (subprocesses, threads, the protocol and the log models) is
        # imported here, where a hint bot starts: `hanchan play` without one loads none of
        # it (as ai.base.make_seat does for a seat; tests/cli/test_cli_imports.py)
        from hanchan.ai.hint_bot import HintBot  # noqa: PLC0415

        self.hint_by = command
        self.hint_bot = bot = HintBot(command, self.session.human, self.mjai)
        gone = bot.asker.seat.gone
        if gone is not None:
            self.info.say(f"The mjai bot {bot.name} {gone}; h shows strong's hint alone.",
                          "error")
        else:
            self.info.say(f"h asks {bot.name} too, beside strong.")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Use the room there is: the log beside the table, the best discards under it."""
        self.set_class(width >= self.WIDE, "-wide")
        self.info.set_class(height >= self.TALL, "-tall")

    # ------------------------------------------------------------------ mouse

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        if self.choice is None:
            return
        self.choice = choice = self.choice.picked(message.index)
        plain, riichi = choice.discards()
        tile = choice.selected_tile()
        if (plain or riichi) and tile is not None:
            self.submit(choice.discard_of(tile))

    def on_hand_view_tile_hovered(self, message: HandView.TileHovered) -> None:
        if self.choice is not None:
            self.choice = self.choice.picked(message.index)

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self.action_group(message.group)

    # ------------------------------------------------------------------ results

    def _open_result(self, event: Won | HandDrawn | Penalty) -> None:
        self.modal = True
        if not (isinstance(event, Penalty) and event.kind != "chombo"):
            self.settings = self.settings.for_new_hand()  # the hand is over (a chombo too)

        def done(_: None = None) -> None:
            self.modal = False

        tried = None
        if isinstance(event, Penalty) and event.kind in ("false_call", "false_kan") \
                and event.seat == self.session.human:
            tried, self._false_call = self._false_call, None

        def show(_: bool | None = None) -> None:
            from hanchan.tui.screens.hand_result import HandResultScreen  # noqa: PLC0415 - lazy

            self.app.push_screen(
                HandResultScreen(hand, self.session.human, self.session.names,
                                 self.settings.faces, tried=tried),
                done,
            )

        hand = hand_facts(self.session.events, event)
        call = score_call(hand, self.session.human, on=self.settings.score_call)
        if call is None:
            show()
            return
        self.app.push_screen(ScoreCallScreen(call, self.session.names,
                                             self.session.rules.red_fives,
                                             self.settings.faces), show)

    def _open_end(self) -> None:
        self.modal = True
        self.session.close()
        from hanchan.tui.screens.game_end import GameEndScreen  # noqa: PLC0415 - lazy: see the imports

        self.app.switch_screen(
            GameEndScreen(self.session.events, self.session.human, self.session.names,
                          players=self.session.players)
        )
