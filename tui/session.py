"""``PlaySession``: one human and three bots around an engine ``Game``, saved as it goes.

The session knows no rules: it asks the game what each seat may do
(``pending()``), lets bots choose from those actions, passes the human's choice
to ``act`` (which refuses an illegal one with a reason), and reports the events
that happened since the last look so the screens can show results.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from hanchan.ai.base import (
    DEFAULT_MJAI,
    LEVELS,
    MJAI,
    Bot,
    BotLevelError,
    MjaiOptions,
    WatchingBot,
    make_seat,
    seat_spec,
)
from hanchan.ai.mjai.options import bot_name, rules_notice
from hanchan.engine.actions import Action
from hanchan.engine.events import Event, GameEnded, GameStarted, HandDrawn, Penalty, Won
from hanchan.engine.game import Game, IllegalAction
from hanchan.engine.legal import why_illegal
from hanchan.engine.seats import four
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.seats import human_seat, outside_command, recorded_commands, shown_command
from hanchan.saves.writer import GameWriter
from hanchan.tui.players import Player
from hanchan.tui.savefiles import new_writer, resume_writer, summary
from hanchan.words.names import WIND_NAMES


@dataclass(frozen=True)
class NewGame:
    """What a new game needs: rules, seed, bot level, the human's seat, where to save.

    ``mjai``: seats played by outside mjai bots, as (seat, command) pairs; ``mjai_options``
    how they are spoken to.
    """

    rules: Ruleset
    seed: int | None = None
    bots: str = "normal"
    seat: int = 0
    save_dir: Path | None = None
    mjai: tuple[tuple[int, str], ...] = ()
    mjai_options: MjaiOptions = DEFAULT_MJAI

    def seat_specs(self) -> list[str | None]:
        """Each seat's player: None for the human, a level or ``mjai:COMMAND``."""
        outside = dict(self.mjai)
        return [None if s == self.seat else MJAI + outside[s] if s in outside else self.bots
                for s in range(4)]

    def commands(self) -> frozenset[str]:
        """The outside bots' commands the user gave for this game (trusted on Continue)."""
        return frozenset(command.strip() for _, command in self.mjai)


def file_commands(path: Path) -> list[tuple[int, str]]:
    """:func:`recorded_commands` of the game file at ``path``, from its header ([] when it
    cannot be read: continuing it fails, and starts nothing)."""
    return recorded_commands(_four([seat.bot for seat in summary(path).info.seats]))


def _four(bots: Sequence[str | None]) -> list[str | None]:
    """A header's seats as four (a header with fewer leaves the others to people)."""
    return (list(bots) + [None] * 4)[:4]


def not_started(seat: int, command: str) -> str:
    """The sentence said (and noted in the game) when a saved seat's program is not run.

    >>> not_started(2, "sh -c 'touch x'")
    "West's outside bot `sh -c 'touch x'` was not started: a game file never starts a \
program; the strong bot plays the seat instead."
    """
    return (f"{WIND_NAMES[seat]}'s outside bot `{shown_command(command)}` was not started: "
            "a game file never starts a program; the strong bot plays the seat instead.")


BOT_NAMES = ("Akane", "Botan", "Chika", "Daiki")  # by seat: no wind letter, so a name
# never reads as a seat ("S Bot W") once the seats' winds move round


Four = tuple[Player, Player, Player, Player]


def level_words(spec: str) -> str:
    """A seat's bot (a level or ``mjai:COMMAND``) as its name shows it: 'normal', 'mjai NAME'."""
    if spec.startswith(MJAI):
        return f"mjai {bot_name(spec[len(MJAI):])}"
    return spec


def players(human: int, bots: str | Sequence[str | None]) -> Four:
    """A new game's players by seat: 'You', and a named bot with its level for the others."""
    specs = [bots] * 4 if isinstance(bots, str) else list(bots)
    return four(Player("You") if s == human else Player(BOT_NAMES[s], level_words(specs[s] or ""))
                for s in range(4))


def player_names(human: int, bots: str | Sequence[str | None]) -> tuple[str, str, str, str]:
    """Names by seat: 'You' and 'Name (level)' (or 'Name (mjai name)' for an outside bot).

    >>> player_names(0, "normal")
    ('You', 'Botan (normal)', 'Chika (normal)', 'Daiki (normal)')
    """
    return four(p.full for p in players(human, bots))


def recorded_players(names: Sequence[str], bots: Sequence[str | None] = ()) -> Four:
    """The players of a recorded game from its names and its header's bots (a level or
    ``mjai:COMMAND`` by seat, None for a person): a bot's level is the header's, and the
    name is the recorded one less exactly that level's words, so a player named
    'Ann (club)' keeps the whole name.

    >>> recorded_players(["You", "Botan (normal)", "Ann (club)", "Daiki (easy)"],
    ...                  [None, "normal", None, "normal"])[1:]
    (Player(name='Botan', level='normal'), Player(name='Ann (club)', level=None), \
Player(name='Daiki (easy)', level=None))
    """
    def player(s: int) -> Player:
        spec = bots[s] if s < len(bots) else None
        return Player.read(names[s], level_words(spec) if spec else None)

    return four(player(s) for s in range(4))


class PlaySession:
    """A running game for one human seat."""

    def __init__(
        self,
        game: Game,
        human: int,
        bots: dict[int, Bot],
        *,
        save: GameWriter | None = None,
        players: Four | None = None,
    ) -> None:
        """``players``: the names' parts (None: each recorded name whole, no level)."""
        self.game = game
        self.human = human
        self.bots = bots
        self.save = save  # the game's file, once open_save made it (None: not saved)
        self.players = players or recorded_players(self.names)
        self._seen = len(game.events)
        self.lock = threading.RLock()  # the UI thread and the bots' thread share the game
        self._opener: Callable[[], None] | None = None  # creates the save file (open_save)
        self._open_lock = threading.Lock()
        self.closed = False  # set by close(): no more moves
        self.notices: list[str] = []  # what the player must be told on opening (resume)

    # ------------------------------------------------------------------ set-up

    @classmethod
    def new(cls, spec: NewGame) -> PlaySession:
        """Start a new game (saved in ``spec.save_dir`` when given)."""
        specs = spec.seat_specs()
        names = player_names(spec.seat, specs)
        seed = spec.seed if spec.seed is not None else random.randrange(2**31)
        buffer = _Buffer()
        bots = {s: make_seat(lv, s, seed * 4 + s + 1, spec.mjai_options)
                for s, lv in enumerate(specs) if lv is not None}
        watchers = [b.see for b in bots.values() if isinstance(b, WatchingBot)]
        game = Game(spec.rules, names, seed, [buffer, *watchers], practice_seats=(spec.seat,))
        notice = rules_notice(spec.rules) if watchers else None
        if notice:
            game.note(None, notice)
        session = cls(game, spec.seat, bots, players=players(spec.seat, specs))
        session.record_notes()
        if spec.save_dir is not None:
            save_dir = spec.save_dir

            def open_file() -> None:
                save = new_writer(save_dir, spec.rules, names, specs, spec.seat, seed)
                session.save = save
                buffer.connect(save.append)

            session._opener = open_file
        return session

    def open_save(self) -> None:
        """Create the game file (slow on some disks: call it off the UI loop).

        Events of the game so far are written at once; later ones as they happen.
        Calling it again does nothing.
        """
        with self._open_lock:
            opener, self._opener = self._opener, None
            if opener is not None:
                opener()

    @classmethod
    def resume(cls, path: Path, bots: str = "normal", copy: bool = False, *,
               trusted: Collection[str] = (), mjai: MjaiOptions = DEFAULT_MJAI
               ) -> PlaySession:
        """Continue the unfinished game saved in ``path``, appending to the same file (or to
        a copy of it: ``copy``).  ``saves.reader.SaveError`` when it cannot be continued,
        ``saves.writer.GameLocked`` when another window plays it.

        A game file never starts a program: a seat it gives an outside bot
        (``mjai:COMMAND``) gets that bot only when ``trusted`` holds the command (the user
        gave it on the command line or the new-game screen, or said yes when asked);
        otherwise the strong bot plays it, and :func:`not_started` is noted in the game and
        kept in :attr:`notices` for the player.
        """
        resumed = resume_writer(path, copy)
        save, events = resumed.save, resumed.events
        if not events or not isinstance(events[0], GameStarted):
            save.close()
            raise ValueError(f"{path.name} holds no game to continue")
        start = events[0]
        levels = _four(resumed.levels)
        human = human_seat(levels)
        level = next((lv for lv in levels if lv and outside_command(lv) is None), None) \
            or _level_of(start.players, human) or bots
        # practice mode (the header's ruleset) lets the human's seat, and only it, err
        game = Game.from_events(events, [save.append], practice_seats=(human,))
        seed = start.seed or 0
        allowed = {command.strip() for command in trusted}
        refused = {s: command for s, command in recorded_commands(levels)
                   if command not in allowed}
        specs = {s: "strong" if s in refused else levels[s] or level
                 for s in range(4) if s != human}
        try:
            for spec in specs.values():
                seat_spec(spec)  # every seat checked before any bot starts
        except BotLevelError:  # a seat the file gives no bot we know: the file stays free
            save.close()
            raise
        bots_ = {s: make_seat(spec, s, seed * 4 + s + 1 + len(events), mjai)
                 for s, spec in specs.items()}
        for bot in bots_.values():
            if isinstance(bot, WatchingBot):  # an outside bot is told the game so far
                for ev in events:
                    bot.see(ev)
                game.add_listener(bot.see)
        session = cls(game, human, bots_, save=save,
                      players=recorded_players(start.players, levels))
        for s, command in refused.items():
            session.notices.append(not_started(s, command))
            game.note(s, session.notices[-1])  # the file says what played from here on
        return session

    # ------------------------------------------------------------------ state

    @property
    def rules(self) -> Ruleset:
        """The game's rules."""
        return self.view().ruleset

    @property
    def practice(self) -> bool:
        """Practice mode: the human may make the mistakes the rules penalise."""
        return bool(self.rules.practice_mode)

    @property
    def names(self) -> tuple[str, str, str, str]:
        """Player names by seat."""
        start = self.game.events[0]
        assert isinstance(start, GameStarted)  # a game's first event, always
        return start.players

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.game.over

    def view(self, seat: int | None = None) -> PlayerView:
        """The human's view (or another seat's)."""
        with self.lock:
            return self.game.view(self.human if seat is None else seat)

    def legal(self) -> tuple[Action, ...]:
        """What the human may do now (empty when waiting for others)."""
        with self.lock:
            return tuple(self.game.pending().get(self.human, ()))

    def bot_turns(self) -> list[tuple[int, tuple[Action, ...]]]:
        """Bots that must act now, with their legal actions."""
        with self.lock:
            return [
                (s, tuple(acts))
                for s, acts in sorted(self.game.pending().items())
                if s != self.human and acts
            ]

    def why_not(self, action: Action) -> str:
        """The engine's reason why the human may not play ``action`` now."""
        with self.lock:
            return why_illegal(self.game.state, self.human, action)

    def act(self, seat: int, action: Action) -> str | None:
        """Play ``action`` for ``seat``; the engine's reason when it refuses."""
        with self.lock:
            if self.closed:
                return "The game is closed."
            try:
                self.game.act(seat, action)
            except IllegalAction as exc:
                return exc.reason
        return None

    def act_bot(self, seat: int, legal: tuple[Action, ...], action: Action) -> bool:
        """Play a bot's choice if the bot is still asked the same thing; False if not."""
        with self.lock:
            if self.closed or (seat, legal) not in self.bot_turns():
                return False
            if self.act(seat, action) is not None:  # a bot's mistake: take its first option
                self.act(seat, legal[0])
            return True

    def run_bots(self) -> int:
        """Let the bots play until the human must decide, a hand ends or a penalty; the moves.

        Meant for a worker thread: each bot thinks outside the lock, so the
        human can answer a claim meanwhile.
        """
        with self.lock:
            start = len(self.game.events)
        moves = 0
        while True:
            with self.lock:
                if self.closed:
                    return moves
                if any(isinstance(e, (Won, HandDrawn, Penalty, GameEnded))
                       for e in self.game.events[start:]):
                    return moves
                turns = self.bot_turns()
                if not turns:
                    return moves
                seat, legal = turns[0]
                view = self.game.view(seat)
            action = self.bots[seat].choose(view, legal)
            self.record_notes()
            if self.act_bot(seat, legal, action):
                moves += 1

    def record_notes(self) -> None:
        """Write the notes of outside bots (illegal or late replies) into the game."""
        with self.lock:
            for seat, bot in self.bots.items():
                if isinstance(bot, WatchingBot):
                    for text in bot.take_notes():
                        self.game.note(seat, text)

    def new_events(self) -> list[Event]:
        """Events since the last call."""
        with self.lock:
            events = self.game.events
            out = list(events[self._seen:])
            self._seen = len(events)
        return out

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far."""
        return self.game.events

    def final(self) -> GameEnded | None:
        """The ``GameEnded`` event once the game is over."""
        for ev in reversed(self.game.events):
            if isinstance(ev, GameEnded):
                return ev
        return None

    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (None: not saved, or the file is not made yet)."""
        return None if self.save is None else self.save.path

    @property
    def save_problem(self) -> str | None:
        """One sentence when the game file could not be written (a full or read-only disk:
        the game goes on, and every move retries the write), else None."""
        return None if self.save is None else self.save.problem

    def close(self) -> None:
        """Flush and close the save file (the game can be continued later)."""
        self.open_save()  # a very quick quit still leaves a file
        with self.lock:  # waits for a bot's move in progress; no move after this
            self.closed = True
            for bot in self.bots.values():
                if isinstance(bot, WatchingBot):
                    bot.close()
            if self.save is not None:
                self.save.close()  # idempotent


def _level_of(players: Sequence[str], human: int) -> str | None:
    """The bots' level in a save older than the header's levels, whose names were written
    as :attr:`Player.full` (``Bot 1 (easy)``): a name that is some name with a level's
    words after it.  Only a level is taken from a name, never an outside bot's command."""
    return next((level for s, n in enumerate(players) if s != human for level in LEVELS
                 if Player.read(n, level).level), None)


class _Buffer:
    """A game listener that keeps events until the save file exists, then passes them on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list[Event] = []
        self._target: Callable[[Event], None] | None = None

    def __call__(self, event: Event) -> None:
        with self._lock:
            if self._target is None:
                self._events.append(event)
                return
            target = self._target
        target(event)

    def connect(self, target: Callable[[Event], None]) -> None:
        """Write the kept events to ``target`` and send every later one there."""
        with self._lock:
            for ev in self._events:
                target(ev)
            self._events.clear()
            self._target = target
