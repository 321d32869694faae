"""``TableScreen``: playing a hanchan.

The screen draws the human's ``PlayerView`` and offers exactly the actions the
engine lists for the human; in practice mode (``Ruleset.practice_mode``) the
action keys also send mistakes (a false tsumo, ron or call, riichi on any
discard) for the engine to penalise, and a penalty opens its own result screen.
Bots act on timers, one at a time, with their
decision computed in a thread so the screen never freezes; passes are
immediate, other bot actions wait ``bot_delay`` so a person can follow.
Results (a win, a draw, the end of the game) open their own screens.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer

from engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from engine.events import Event, GameEnded, GameStarted, HandDrawn, Penalty, Won
from engine.tiles import is_red, tile_name
from engine.view import PlayerView
from text.actions import ACTION_TITLES, action_group, action_words
from text.advice import advise, best_discards
from text.penalties import dead_seats
from tui.session import PlaySession
from tui.settings import Settings
from tui.tilefaces import strip
from tui.widgets.action_bar import ActionBar
from tui.widgets.event_log import EventLog
from tui.widgets.info_panel import InfoPanel
from tui.widgets.size_notice import SizeNotice
from tui.widgets.table_view import TableExtras, TableView

CALLS = (Chi, Pon, OpenKan)
GROUP_ORDER = ("tsumo", "ron", "riichi", "open_riichi", "kan", "pon", "chi", "nine", "show",
               "noten", "stop", "continue", "pass")


def _same_tile(a: int, b: int, red_fives: int) -> bool:
    return a >> 2 == b >> 2 and is_red(a, red_fives) == is_red(b, red_fives)


def _near(a: int, b: int, dist: int) -> bool:
    """Kinds ``a`` and ``b`` are the same, or numbers of one suit at most ``dist`` apart."""
    if a == b:
        return True
    return a < 27 and b < 27 and a // 9 == b // 9 and abs(a - b) <= dist


def plausible_calls(group: str, hand: Sequence[int], discard: int, red_fives: int
                    ) -> list[Action]:
    """Practice mode: calls of the discard a person might try with tiles of ``hand``.

    Tiles close to the discard (pon: pairs of it or of a neighbour, or one copy and
    a neighbour; chi: two other numbers of its suit within two of it, a true run
    included, as a chi from the wrong seat is a false call too; kan: two copies and
    a neighbour, or three copies).  The engine decides whether each is a mistake.
    """
    from itertools import combinations

    k = discard >> 2
    size = 3 if group == "kan" else 2
    seen: set[tuple[tuple[int, bool], ...]] = set()
    found: list[tuple[int, tuple[int, ...]]] = []
    for combo in combinations(sorted(hand), size):
        kinds = [t >> 2 for t in combo]
        if group == "chi":
            ok = (k < 27 and len(set(kinds)) == 2 and k not in kinds
                  and all(_near(x, k, 2) for x in kinds))
        elif group == "pon":
            ok = all(_near(x, k, 1) for x in kinds) and (kinds[0] == kinds[1] or k in kinds)
        else:
            ok = all(_near(x, k, 1) for x in kinds) and kinds.count(k) >= 2
        key = tuple(sorted((t >> 2, is_red(t, red_fives)) for t in combo))
        if ok and key not in seen:
            seen.add(key)
            found.append((sum(abs(x - k) for x in kinds), combo))
    found.sort()
    make = {"chi": Chi, "pon": Pon, "kan": OpenKan}[group]
    return [make(c) for _, c in found[:9]]


class TableScreen(Screen[None]):
    """The game table, driven by a :class:`PlaySession`."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen ActionBar { margin: 0 1; }
    TableScreen #row { height: 1fr; }
    TableScreen EventLog { display: none; width: 34; }
    TableScreen.-wide EventLog { display: block; }
    """
    WIDE = 130  # from this width on, the game's log stands beside the table
    TALL = 40  # from this height on, the best discards are listed under the hand

    BINDINGS = [
        Binding("left", "move(-1)", "◀▶ select", show=False),
        Binding("right", "move(1)", "select", show=False),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate("1234567890")],
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
        Binding("a", "switch('auto_win')", "Auto-win"),
        Binding("s", "switch('skip_calls')", "Skip calls"),
        Binding("g", "switch('tsumogiri')", "Tsumogiri"),
        Binding("i", "switch('show_help')", "Help"),
        Binding("v", "faces", "Faces"),
        Binding("left_square_bracket", "delay(1)", "Slower", show=False),
        Binding("right_square_bracket", "delay(-1)", "Faster", show=False),
        Binding("question_mark,f1", "keys_help", "Keys"),
    ]

    def __init__(self, session: PlaySession, settings: Settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.selected: int | None = None
        self.riichi_mode = False
        self.riichi_open = False  # open riichi (R) rather than riichi (r)
        self.view: PlayerView | None = None
        self.legal_now: tuple[Action, ...] = ()
        self._modal_open = False
        self._busy = False  # the bots' worker is running
        self._broken: str | None = None  # a bot failed: the table stops, saved
        self._practice_mark: int | None = None  # events count when a practice pass was timed
        self._queue: deque[Event] = deque()  # events not shown yet
        self.hint_text = ""
        self._hinter: Any = None  # ai.hints.Hinter of this game, made at the first redraw

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="row"):
            yield TableView(id="table")
            first = self.session.events[0]
            red = first.ruleset.red_fives if isinstance(first, GameStarted) else 1
            yield EventLog(self.session.events, self.session.names, red, id="log")
        yield InfoPanel(id="info")
        yield ActionBar(id="actions")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.table = self.query_one(TableView)
        self.info = self.query_one(InfoPanel)
        self.actions = self.query_one(ActionBar)
        self.log_view = self.query_one(EventLog)
        self.log_view.show(len(self.log_view.lines) - 1)
        self._fit(self.app.size.width, self.app.size.height)
        self.table.set_mode(self.settings.faces)
        self.info.set_toggles(self._badges())
        self.session.new_events()  # results before this moment were seen already
        self.advance()

    # ------------------------------------------------------------------ the loop

    def advance(self) -> None:
        """Show what happened, then wait for the human or let the bots act."""
        if self._modal_open:
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
        if legal and not self._busy and self._auto(legal):
            self.call_later(self.advance)
            return
        self.legal_now = legal
        self.redraw()
        if self._broken is None and not self._busy and self.session.bot_turns():
            self._busy = True
            self._run_bots()

    def _auto(self, legal: tuple[Action, ...]) -> bool:
        """Tenhou's toggles and the obvious cases: act for the human without asking."""
        st = self.settings
        view = self.session.view()
        choice: Action | None = None
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        if st.auto_win and wins:
            choice = wins[0]
        elif all(isinstance(a, Pass) for a in legal):
            if self.session.practice and self.settings.bot_delay > 0:
                # Practice mode asks about every discard so a false ron or call can be
                # made: pass by itself after the bots' delay unless a key is pressed.
                self._practice_pass_later()
                return False
            choice = legal[0]
        elif st.skip_calls and not wins and all(isinstance(a, (Pass, *CALLS)) for a in legal):
            choice = next(a for a in legal if isinstance(a, Pass))
        else:
            discards = [a for a in legal if isinstance(a, Discard)]
            others = [a for a in legal if not isinstance(a, Discard)]
            drawn = view.drawn
            if drawn is not None and not others and discards:
                plain = [a for a in discards if not a.riichi]
                if view.me.riichi and len(plain) == 1:
                    choice = plain[0]
                elif st.tsumogiri and not any(a.riichi for a in discards):
                    choice = next((a for a in plain if a.tile == drawn), None)
        if choice is None:
            return False
        reason = self.session.act(self.session.human, choice)
        if reason:
            self.info.say(reason, "bold #ff6b6b")
            return False
        self.riichi_mode = False
        return True

    def _practice_pass_later(self) -> None:
        mark = len(self.session.events)
        if self._practice_mark == mark:
            return
        self._practice_mark = mark

        def pass_if_unanswered() -> None:
            if self.is_attached and len(self.session.events) == mark:
                legal = self.session.legal()
                if legal and all(isinstance(a, Pass) for a in legal):
                    self.session.act(self.session.human, legal[0])
                    self.advance()

        self.set_timer(max(0.8, self.settings.bot_delay * 2), pass_if_unanswered)

    @work(group="bots")
    async def _run_bots(self) -> None:
        """Bots' moves off the UI loop: all at once without a delay, else one per delay."""
        try:
            await self._bot_moves()
        except Exception as exc:  # noqa: BLE001 - never a traceback; the game is saved
            self._broken = f"A bot could not move ({exc}). The game is saved: Ctrl+Q quits."
            self.info.say(self._broken, "bold #ff6b6b")
            return
        finally:
            self._busy = False
        self.advance()

    async def _bot_moves(self) -> None:
        if self.settings.bot_delay <= 0:
            await asyncio.to_thread(self.session.run_bots)
            return
        turns = self.session.bot_turns()
        if turns:
            seat, legal = turns[0]
            view = self.session.view(seat)
            started = time.perf_counter()
            action = await asyncio.to_thread(self.session.bots[seat].choose, view, legal)
            if not isinstance(action, Pass):
                wait = self.settings.bot_delay - (time.perf_counter() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
            self.session.act_bot(seat, legal, action)

    # ------------------------------------------------------------------ drawing

    def _discards(self) -> tuple[list[Discard], list[Discard]]:
        plain = [a for a in self.legal_now if isinstance(a, Discard) and not a.riichi]
        riichi = [a for a in self.legal_now
                  if isinstance(a, Discard) and a.riichi and a.open == self.riichi_open]
        if self._practice_riichi(self.riichi_open):  # any discard, tenpai or not
            have = {a.tile for a in riichi}
            riichi += [Discard(a.tile, True, self.riichi_open) for a in plain
                       if a.tile not in have]
        return plain, riichi

    # ------------------------------------------------------------------ practice mode

    def _practice_riichi(self, want_open: bool) -> bool:
        """Practice mode: riichi may be declared with any discard (noten is a chombo)."""
        session = self.session
        if not session.practice or (want_open and not session.rules.open_riichi):
            return False
        view = self.view
        if view is not None and view.me.riichi:
            return False
        return any(isinstance(a, Discard) and not a.riichi for a in self.legal_now)

    def _mistakes(self, group: str) -> list[Action] | str:
        """Practice mode: what the ``group`` key sends when nothing of it is legal.

        A list of actions for the engine to judge (and penalise), or the reason
        there is nothing to send.
        """
        title = ACTION_TITLES.get(group, group)
        not_now = f"{title} is not possible now."
        legal = self.legal_now
        own_turn = any(isinstance(a, Discard) for a in legal)
        asked = any(isinstance(a, Pass) for a in legal)  # a discard or kan open to claims
        if group == "tsumo":
            return [Tsumo()] if own_turn else not_now
        if group == "ron":
            return [Ron()] if asked else not_now
        if group not in ("chi", "pon", "kan"):
            return not_now
        view = self.session.view()
        if not asked or view.last_discard is None:
            return not_now
        rf = view.ruleset.red_fives
        tile = view.last_discard[1]
        options = plausible_calls(group, view.concealed(), tile, rf)
        if not options:
            return f"{title}: no tiles in your hand go with {tile_name(tile, rf)}."
        return options

    def _index_ok(self, view: PlayerView, tiles: Sequence[int], options: list[Discard]) -> set[int]:
        rf = view.ruleset.red_fives
        return {i for i, t in enumerate(tiles) if any(_same_tile(a.tile, t, rf) for a in options)}

    def redraw(self) -> None:
        """Draw the table, the help line and the action buttons from the session."""
        view = self.session.view()
        self.view = view
        self._show_hinter(view)
        tiles = view.concealed()
        if self.selected is None or self.selected >= len(tiles):
            self.selected = len(tiles) - 1 if view.drawn is not None else None
        plain, riichi = self._discards()
        marked: frozenset[int] = frozenset()
        dimmed: frozenset[int] = frozenset()
        if self.riichi_mode and riichi:
            marked = frozenset(self._index_ok(view, tiles, riichi))
            dimmed = frozenset(range(len(tiles))) - marked
        elif plain:
            dimmed = frozenset(range(len(tiles))) - self._index_ok(view, tiles, plain)
        self.table.hand.selected = self.selected
        extras = TableExtras(names=self.session.names, dead=dead_seats(self.session.events))
        self.table.draw(view, extras, marked=marked, dimmed=dimmed)
        self._draw_help(view)
        groups = self._groups()
        if self.riichi_mode:
            word = "Open riichi" if self.riichi_open else "Riichi"
            prompt = f"{word}: pick a marked tile and press Enter (Esc cancels)"
        elif plain:
            prompt = "Your turn: pick a tile, Enter discards"
        elif groups:
            prompt = "Call?"
        else:
            prompt = "Waiting for the others…"
        self.actions.show(groups, prompt)

    def _badges(self) -> str:
        """The toggles that are on, and practice mode when it is."""
        badges = self.settings.badges()
        return f"practice · {badges}" if self.session.practice else badges

    def _draw_help(self, view: PlayerView) -> None:
        self.info.set_toggles(self._badges())
        if not self.settings.show_help:
            self.info.set_help("")
            self.info.set_extra("")
            return
        if self.info.has_class("-tall"):
            self.info.set_extra(best_discards(view) if self.legal_now else "")
        tiles = view.concealed()
        discard = None
        if len(tiles) % 3 == 2 and self.selected is not None and self.selected < len(tiles):
            discard = tiles[self.selected]
        advice = advise(view, discard)
        words = advice.words()
        if discard is not None and words:
            from engine.tiles import tile_name

            words = f"Discard {tile_name(discard, view.ruleset.red_fives)}: {words}"
        self.info.set_help(words)

    def _groups(self) -> tuple[str, ...]:
        seen: list[str] = []
        for a in self.legal_now:
            g = action_group(a)
            if g is not None and g not in seen:
                seen.append(g)
        return tuple(g for g in GROUP_ORDER if g in seen)

    # ------------------------------------------------------------------ keys

    def action_move(self, step: int) -> None:
        if self.view is None:
            return
        n = len(self.view.concealed())
        if not n:
            return
        self.selected = 0 if self.selected is None else (self.selected + step) % n
        self.redraw()

    def action_pick(self, index: int) -> None:
        if self.view is None or index >= len(self.view.concealed()):
            return
        self.selected = index
        self.redraw()

    def action_discard(self) -> None:
        if self.view is None or self.selected is None:
            return
        tiles = self.view.concealed()
        if self.selected >= len(tiles):
            return
        self.discard_tile(tiles[self.selected])

    def discard_tile(self, tile: int) -> None:
        """Discard ``tile`` (with riichi in riichi mode), or say why not."""
        plain, riichi = self._discards()
        rf = self.session.rules.red_fives
        options = riichi if self.riichi_mode else plain
        action: Action = next(
            (a for a in options if a.tile == tile),
            next((a for a in options if _same_tile(a.tile, tile, rf)),
                 Discard(tile, self.riichi_mode, self.riichi_mode and self.riichi_open)),
        )
        self.submit(action)

    def submit(self, action: Action) -> None:
        """Send the human's action to the engine; show the reason if it is refused."""
        try:
            reason = self.session.act(self.session.human, action)
        except Exception as exc:  # noqa: BLE001 - a plain sentence, never a traceback
            reason = f"That could not be played ({exc}). The game is saved up to here."
        if reason is not None:
            self.info.say(reason, "bold #ff6b6b")
            self.app.bell()
            return
        self.info.say("")
        self.hint_text = ""
        self.riichi_mode = False
        self.selected = None
        self.advance()

    def action_group(self, group: str) -> None:
        options = [a for a in self.legal_now if action_group(a) == group]
        if group in ("riichi", "open_riichi"):
            want_open = group == "open_riichi"
            options = [a for a in self.legal_now
                       if isinstance(a, Discard) and a.riichi and a.open == want_open]
            if not options and self._practice_riichi(want_open):
                options = [a for a in self.legal_now if isinstance(a, Discard)]
            if not options:
                word = "Open riichi" if want_open else "Riichi"
                self.info.say(f"{word} is not possible now.", "bold #ff6b6b")
                return
            self.riichi_mode = not self.riichi_mode or self.riichi_open != want_open
            self.riichi_open = want_open
            _, riichi = self._discards()
            if self.riichi_mode and self.view is not None:
                ok = sorted(self._index_ok(self.view, self.view.concealed(), riichi))
                if ok and self.selected not in ok:
                    self.selected = ok[-1]
            self.redraw()
            return
        practice = False
        if not options and self.session.practice:
            mistakes = self._mistakes(group)
            if isinstance(mistakes, str):
                self.info.say(mistakes, "bold #ff6b6b")
                return
            options, practice = mistakes, True
        if not options:
            self.info.say(f"{ACTION_TITLES.get(group, group)} is not possible now.",
                          "bold #ff6b6b")
            return
        if len(options) == 1:
            self.submit(options[0])
            return
        self._choose(group, options, practice=practice)

    def action_group_yes(self) -> None:
        groups = self._groups()
        self.action_group("stop" if "stop" in groups else "show")

    def action_group_no(self) -> None:
        groups = self._groups()
        self.action_group("continue" if "continue" in groups else "noten")

    def _choose(self, group: str, options: list[Action], *, practice: bool = False) -> None:
        from tui.screens.chooser import ChooserScreen

        view = self.session.view()
        rf = view.ruleset.red_fives
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
            self._modal_open = False
            if index is not None:
                self.submit(options[index])
            else:
                self.advance()

        self._modal_open = True
        title = f"Which {ACTION_TITLES[group].lower()}?"
        if practice:
            title += " (practice: none is legal)"
        self.app.push_screen(ChooserScreen(title, labels), done)

    def action_cancel(self) -> None:
        if self.riichi_mode:
            self.riichi_mode = False
            self.redraw()

    def action_switch(self, name: str) -> None:
        self.settings = self.settings.toggled(name)
        self.app.settings_changed(self.settings)  # type: ignore[attr-defined]
        state = "on" if getattr(self.settings, name) else "off"
        self.info.say(f"{name.replace('_', ' ')}: {state}")
        self.advance()

    def action_faces(self) -> None:
        self.settings = self.settings.next_faces()
        self.app.settings_changed(self.settings)  # type: ignore[attr-defined]
        self.table.set_mode(self.settings.faces)
        self.redraw()

    def action_delay(self, step: int) -> None:
        """Bots slower (+1) or faster (-1), in steps of 0.2 s between 0 and 2 s."""
        from dataclasses import replace

        delay = round(min(2.0, max(0.0, self.settings.bot_delay + 0.2 * step)), 1)
        self.settings = replace(self.settings, bot_delay=delay)
        self.app.settings_changed(self.settings)  # type: ignore[attr-defined]
        self.info.say(f"Bots wait {delay:.1f} s between moves.")

    def action_keys_help(self) -> None:
        from tui.screens.keys_help import KeysHelpScreen

        self.app.push_screen(KeysHelpScreen())

    def _show_hinter(self, view: PlayerView) -> Any:
        """Show the hint bot every view, so that it reads the others as the game goes on.

        Returns the game's :class:`ai.hints.Hinter`, or None in a build without bots.
        """
        if self._hinter is None:
            try:
                from ai.hints import Hinter
            except ImportError:
                return None
            self._hinter = Hinter()
        self._hinter.observe(view)
        return self._hinter

    def action_hint(self) -> None:
        legal = self.session.legal()
        if not legal:
            self.info.say("Nothing to decide now.")
            return
        view = self.session.view()
        hinter = self._show_hinter(view)
        if hinter is None:
            self.info.say("Hints are not available in this build.")
            return
        self.info.say("Thinking about a hint…", "#8a8170")
        self._hint(hinter.hint, view, legal)

    @work(group="hint", exclusive=True)
    async def _hint(self, hint: object, view: PlayerView, legal: tuple[Action, ...]) -> None:
        """Ask the bots' hint API in a thread; select the suggested tile."""
        h: Any = await asyncio.to_thread(hint, view, legal)  # type: ignore[arg-type]
        if self.session.legal() != legal:
            return  # the moment has passed
        action: Action = h.action
        words = action_words(action, view.ruleset.red_fives)
        if isinstance(action, Discard):
            tiles = view.concealed()
            if action.tile in tiles:
                self.selected = tiles.index(action.tile)
                self.redraw()
        self.info.say(f"Hint: {words} — {h.reason}", "#9fffb0")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Use the room there is: the log beside the table, the best discards under it."""
        self.set_class(width >= self.WIDE, "-wide")
        self.info.set_class(height >= self.TALL, "-tall")

    # ------------------------------------------------------------------ mouse

    def on_hand_view_tile_clicked(self, message: object) -> None:
        index: int = message.index  # type: ignore[attr-defined]
        if self.view is None:
            return
        self.selected = index
        plain, riichi = self._discards()
        if plain or riichi:
            self.discard_tile(self.view.concealed()[index])
        else:
            self.redraw()

    def on_hand_view_tile_hovered(self, message: object) -> None:
        self.selected = message.index  # type: ignore[attr-defined]
        self.redraw()

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self.action_group(message.group)

    # ------------------------------------------------------------------ results

    def _open_result(self, event: Won | HandDrawn | Penalty) -> None:
        from tui.screens.hand_result import HandResultScreen

        self._modal_open = True

        def done(_: object = None) -> None:
            self._modal_open = False
            self.advance()

        self.app.push_screen(
            HandResultScreen(event, self.session.events, self.session.human,
                             self.session.names, self.settings.faces),
            done,
        )

    def _open_end(self) -> None:
        from tui.screens.game_end import GameEndScreen

        self._modal_open = True
        self.session.close()
        self.app.switch_screen(
            GameEndScreen(self.session.events, self.session.human, self.session.names)
        )
