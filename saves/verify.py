"""``verify``: replay a game through the engine's own rules and compare every event.

A save is the record of what happened, so checking it means playing it again:
:func:`referee` runs an :class:`engine.game.Game` on the recorded walls and, at
every decision, gives each seat the choice its next recorded event shows (a
discard, riichi, a call, a kan, a win, a pass, a noten declaration, the last
dealer's stop or go on) -- which ``act`` refuses, with the engine's reason, if it
is not among ``pending()``'s actions.  Everything automatic (draws, dora, riichi
sticks, results with their hands, melds, ura indicators, fu parts, payments and
chips, the next hand, the final table with oka, uma and bonus) is made by the
engine and must equal the recorded event.  The first line that cannot follow is
named, with what the engine does there instead; nothing after it is trusted.

Only the order inside a set is free: meld tiles, the tiles of a hand and the
order of the yaku are compared as sets, so a log keeps its own order.

The referee has three helpers: :mod:`saves.choices` reads the choice each recorded
event shows, :mod:`saves.compare` says why a recorded event is not the engine's, and
:mod:`saves.verify_words` holds the words of their sentences.

Whatever reads a save for the player (review, drills, export) reads it through
:func:`load_checked`, and says what verify would say of a file it refuses
(:func:`refusal`), so none of them ever works on a game the engine cannot play.

A game may begin at a later hand only when it has no seed (an imported excerpt of
someone else's game); a game played here starts at East 1 with the starting
scores, and its seeded walls and dice are the ones its seed deals.

>>> from hanchan.engine.game import Game
>>> from hanchan.rulesets.schema import Ruleset
>>> g = Game(Ruleset(), seed=3)
>>> while not g.over:
...     for seat, acts in g.pending().items():
...         _ = g.act(seat, acts[-1] if seat != g.state.turn else acts[0])
>>> verify_events(g.events)
[]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import Action, Pass
from hanchan.engine.events import (
    DoraRevealed,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Note,
    Penalty,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.saves.choices import Stop, choices
from hanchan.saves.codec import Header, imported
from hanchan.saves.compare import differences
from hanchan.saves.reader import (
    LoadedGame,
    Problem,
    SaveError,
    line_start,
    load,
    loads,
    read_regular,
)
from hanchan.saves.verify_words import action_words, describe, hand_label_of, seat_words

Walls = list[tuple[tuple[int, ...], tuple[int, int]]]
"""Each hand's wall (136 tiles in draw order) and dice."""


@dataclass(frozen=True)
class Disagreement:
    """The first event that cannot follow in a game: its hand, line and why."""

    hand: str  # "E1-0", "start", or "end" for the final table
    message: str
    line: int | None = None  # the line of the event in the file, when known

    def __str__(self) -> str:
        where = self.hand if self.line is None else f"{self.hand}, line {self.line}"
        return f"{where}: {self.message}"


@dataclass
class Verdict:
    """What :func:`referee` found: the engine's game up to the end of the record (or up
    to the last event that could follow), the first problem, and the events checked."""

    game: Game | None
    problem: Disagreement | None
    checked: int  # recorded events that followed legally
    events: list[Event]  # the engine's events for the checked part (import: to write)


# ------------------------------------------------------------------ the start


def _excerpt(first: GameStarted, start: HandStarted) -> bool:
    """A record that begins later in a game (only an imported one, without a seed)."""
    whole = ((start.round_wind, start.hand_number, start.honba, start.sticks) == (0, 0, 0, 0)
             and tuple(start.scores) == (first.ruleset.start_points,) * 4)
    return not whole and first.seed is None


def _seeded_walls(seed: int | None, hands: int) -> Walls:
    """The walls and dice a seed deals, as ``Game`` makes them."""
    rng = random.Random(seed)
    return [wall_mod.dealt(rng) for _ in range(hands)]


def _start(first: GameStarted, rec: Sequence[Event], excerpt: bool, walls: Walls,
           practice_seats: Iterable[int]) -> Game:
    """The engine's game for the record: from its first hand when it is an excerpt (see
    :func:`_excerpt`), else from the start; ``walls``: each hand's wall and dice."""

    def source(index: int) -> tuple[tuple[int, ...], tuple[int, int]] | None:
        return walls[index] if index < len(walls) else None

    if not excerpt:
        return Game(first.ruleset, first.players, first.seed, wall_source=source,
                    practice_seats=practice_seats)
    s0 = rec[1]
    if not isinstance(s0, HandStarted):
        raise Stop(1, "the game's first event after GameStarted must be HandStarted")
    if s0.dealer != s0.hand_number:
        raise Stop(1, f"hand {hand_label_of(s0)} has dealer seat {s0.dealer}; the "
                      f"dealer of hand {s0.hand_number + 1} is seat {s0.hand_number}")
    return Game.from_events(rec[:2], wall_source=source, practice_seats=practice_seats)


# ------------------------------------------------------------------ the referee


class _Referee:
    """One replay of a record (see :func:`referee`): the engine's game, how far the
    record has followed it, and the hand being played."""

    def __init__(self, game: Game, first: GameStarted, rec: list[Event],
                 lines: list[int] | None, record: bool) -> None:
        self.game = game
        self.rec = rec
        self.lines = lines
        self.record = record
        self.red, self.dead_wall = first.ruleset.red_fives, first.ruleset.dead_wall
        self.i = 0  # the next recorded event to follow
        self.hand = "start"
        self.dealer = 0
        self.out: list[Event] = []

    def line_of(self, index: int) -> int | None:
        return self.lines[index] if self.lines is not None and index < len(self.lines) else None

    def judge(self) -> Verdict:
        """Follow the record to its end or its first event that cannot follow."""
        guard = 0
        try:
            while True:
                self.follow()
                if self.i >= len(self.rec) or not self.decide():
                    break
                guard += 1
                if guard > 4 * len(self.rec) + 16:
                    raise Stop(self.i, "the game does not advance here")
        except Stop as stop:
            problem = Disagreement(stop.hand or self.hand, stop.message, self.line_of(stop.index))
            return Verdict(self.game, problem, stop.index, self.out)
        return Verdict(self.game, None, len(self.rec), self.out)

    def follow(self) -> None:
        """Compare each event the engine has made since with the recorded one."""
        produced, rec, accept = self.game.events, self.rec, self.accept
        while self.i < len(produced) and self.i < len(rec):  # (rec grows by insert)
            accept(produced[self.i], rec[self.i])
            self.i += 1

    def accept(self, mine: Event, theirs: Event) -> None:
        """The recorded event ``theirs`` follows the engine's ``mine``, or :class:`Stop`."""
        if self.record and isinstance(mine, DoraRevealed) and not isinstance(
                theirs, DoraRevealed):
            theirs = self.insert(mine)
        why = differences(theirs, mine, self.dealer, self.red, record=self.record,
                          dead_wall=self.dead_wall)
        if why:
            name = "end" if isinstance(theirs, GameEnded) else (
                hand_label_of(theirs) if isinstance(theirs, HandStarted) and (
                    isinstance(mine, HandStarted)) else None)
            raise Stop(self.i, "; ".join(why), name)
        if isinstance(mine, HandStarted):
            self.hand, self.dealer = hand_label_of(mine), mine.dealer
        self.out.append(_kept(theirs, mine) if self.record else theirs)

    def insert(self, dora: DoraRevealed) -> Event:
        """A log without the kan dora the engine turns here: take the engine's."""
        i = self.i
        self.rec.insert(i, dora)
        if self.lines is not None:
            self.lines = [*self.lines[:i], self.lines[i - 1] if i else 0, *self.lines[i:]]
        return dora

    def decide(self) -> bool:
        """Give the seats the choices the record shows for the decision now (False: the
        record stops in the middle of a turn)."""
        game = self.game
        if game.over:
            raise Stop(self.i, f"{describe(self.rec[self.i], self.dealer, self.red)}, but the "
                               "game is over")
        asked = game.asked()
        listed = choices(game, self.rec, self.i)
        if not listed:
            return False
        st = game.state
        window = (st.window, st.phase, st.hands_started)
        for seat, action, j in listed:
            st = game.state
            if st.phase == "over" or (st.window, st.phase, st.hands_started) != window:
                break  # the decision is resolved; the rest of the list is moot
            self.play(seat, action, j, asked)
        return True

    def play(self, seat: int, action: Action, j: int, asked: Collection[int]) -> None:
        """Give ``seat`` its recorded choice; :class:`Stop` with the engine's reason if
        refused.  ``asked``: the seats that had to decide when the decision began."""
        game = self.game
        if seat not in asked and not isinstance(action, Pass):
            self.not_practice(j)
            turn = (f"; it is {seat_words(self.dealer, game.state.turn)}'s turn"
                    if game.state.phase == "turn" else "")
            raise Stop(j, f"{seat_words(self.dealer, seat)} cannot "
                          f"{action_words(action, self.red)}: it has nothing to decide "
                          f"here{turn}")
        if seat not in game.asked():
            return  # already answered (a pass to a seat the record does not name)
        try:
            game.act(seat, action)
        except IllegalAction as exc:
            self.not_practice(j)
            raise Stop(j, f"{seat_words(self.dealer, seat)} cannot "
                          f"{action_words(action, self.red)}: {exc.reason}") from None

    def not_practice(self, j: int) -> None:
        """:class:`Stop` for a recorded penalty under rules without practice mode."""
        ev = self.rec[j]
        if isinstance(ev, Penalty) and not self.game.state.rules.practice_mode:
            raise Stop(j, f"{describe(ev, self.dealer, self.red)}, but these rules have no "
                          "practice mode")


def _kept(theirs: Event, mine: Event) -> Event:
    """The event to keep for a recorded event of a log that followed: a log's results
    are replaced by the engine's (with the log's order of the yaku)."""
    if isinstance(theirs, Won) and isinstance(mine, Won):
        by_seat = {w.seat: w for w in theirs.wins}
        wins = []
        for w in mine.wins:
            r = by_seat.get(w.seat)
            if r is not None and sorted(r.yaku) == sorted(w.yaku):
                w = msgspec.structs.replace(w, yaku=r.yaku)
            wins.append(w)
        return msgspec.structs.replace(mine, wins=tuple(wins))
    if isinstance(theirs, (HandDrawn, GameEnded)):
        return mine
    return theirs


def _without_notes(events: Sequence[Event],
                   lines: Sequence[int] | None) -> tuple[list[Event], list[int] | None]:
    """The events without their notes (a note changes nothing), and the lines of those."""
    keep = [k for k, e in enumerate(events) if not isinstance(e, Note)]
    if lines is None or len(keep) == len(events):
        return [events[k] for k in keep], None if lines is None else list(lines)
    return [events[k] for k in keep], [lines[k] for k in keep if k < len(lines)]


def referee(events: Sequence[Event], lines: Sequence[int] | None = None, *,
            practice_seats: Iterable[int] = (0, 1, 2, 3), record: bool = False,
            seeded_walls: bool = False) -> Verdict:
    """Replay ``events`` through the engine (see the module's docstring).

    ``lines``: each event's line in its file, for the messages.  ``practice_seats``: the
    seats that may make the mistakes practice mode penalises (the human seats).
    ``record``: the events come from another tool's log: results are compared on what
    such a log records and the engine's own results are kept in ``Verdict.events``; a kan
    dora the record does not show where the engine turns it is taken from the engine (the
    formats keep Tenhou's timing or none, the ruleset says when).
    ``seeded_walls``: the walls must be the ones the game's seed deals.
    """
    rec, kept_lines = _without_notes(events, lines)
    if not rec or not isinstance(rec[0], GameStarted):
        return Verdict(None, Disagreement("start", "the game does not start with GameStarted",
                                          kept_lines[0] if kept_lines else None), 0, [])
    first = rec[0]
    starts = [e for e in rec if isinstance(e, HandStarted)]
    if not starts:
        return Verdict(None, None, len(rec), list(rec))
    walls: Walls = [(h.wall, h.dice) for h in starts]
    if seeded_walls and first.seed is not None:  # (a seeded game is never an excerpt)
        walls = _seeded_walls(first.seed, len(starts))
    line_1 = kept_lines[1] if kept_lines is not None and len(kept_lines) > 1 else None
    try:
        game = _start(first, rec, _excerpt(first, starts[0]), walls, practice_seats)
    except Stop as stop:
        return Verdict(None, Disagreement("start", stop.message, line_1), 0, [])
    except (ValueError, IndexError, KeyError, TypeError, AssertionError):
        return Verdict(None, Disagreement("start", "the game cannot start from its first "
                                          "events (its players, rules or first hand)",
                                          line_1), 0, [])
    return _Referee(game, first, rec, kept_lines, record).judge()


def verify_events(events: Sequence[Event], lines: Sequence[int] | None = None, *,
                  practice_seats: Iterable[int] = (0, 1, 2, 3),
                  seeded_walls: bool = False) -> list[Disagreement]:
    """The first way the events cannot be the engine's game ([] when they are)."""
    verdict = referee(events, lines, practice_seats=practice_seats,
                      seeded_walls=seeded_walls)
    return [] if verdict.problem is None else [verdict.problem]


def practice_seats_of(header: Header) -> tuple[int, ...]:
    """The seats a file's header names as people (no bot level): only they may err in
    practice mode.  A header without seats leaves all four."""
    if len(header.seats) != 4:
        return (0, 1, 2, 3)
    return tuple(s for s, info in enumerate(header.seats) if info.bot is None)


def check_loaded(game: LoadedGame) -> Verdict:
    """:func:`referee` for a game read from a file: its header says which seats are people,
    and a game played here (with a seed) must have the walls its seed deals.  The header's
    seed must be the game's, and only an imported game may lack one: without a seed a
    game may begin at any hand with any scores and walls, which only a log of another
    program's game may do."""
    problem = header_problem(game)
    if problem is not None:
        return Verdict(None, problem, 0, [])
    return referee(game.events, game.lines, practice_seats=practice_seats_of(game.header),
                   seeded_walls=True)


def header_problem(game: LoadedGame) -> Disagreement | None:
    """Where the header and the game's ``GameStarted`` disagree on where the game comes
    from (see :func:`check_loaded`), or None."""
    if not game.events or not isinstance(game.events[0], GameStarted):
        return None
    first, line = game.events[0], game.lines[0] if game.lines else None
    seed = game.header.seed
    if seed != first.seed:
        return Disagreement("start", f"the header's seed {seed} is not the game's seed "
                                     f"{first.seed}", line)
    if first.seed is None and not imported(game.header):
        source = f"source {game.header.source!r}" if game.header.source else "no source"
        return Disagreement("start", f"the game has no seed, but its header ({source}) says it "
                                     "was played here, and a game played here records the seed "
                                     "of its walls (only an imported log may lack one)", line)
    return None


# ------------------------------------------------------------------ the good part


@dataclass
class GoodPart:
    """The part of a game file that can be trusted, and why the rest cannot."""

    game: LoadedGame
    """The file read up to its first line that cannot be read or cannot follow: the header,
    every event before that line (with their line numbers), ``good_bytes`` up to it, and
    that line in ``problems``."""
    problem: str | None
    """That line and what is wrong with it, in one sentence (None: the whole file is good)."""


def good_part(data: bytes, path: Path | None = None) -> GoodPart:
    """The longest prefix of a game file whose every event reads and follows
    (:func:`check_loaded`), ending at the last good event; :class:`saves.reader.SaveError`
    when the file cannot be a game at all.  A damaged or illegal line in hand 9 keeps
    hands 1 to 8 and hand 9 up to it, for the replay viewer and for Continue.

    >>> from hanchan.engine.events import Drew
    >>> from hanchan.saves.codec import encode_event, encode_header
    >>> from hanchan.saves.writer import make_header
    >>> from hanchan.rulesets.schema import Ruleset
    >>> g = Game(Ruleset(), seed=3)
    >>> first, start, draw = g.events[:3]
    >>> lines = [first, start, Drew(draw.seat, draw.tile ^ 1)]  # another copy drawn
    >>> data = encode_header(make_header({}, [], 3)) + b"".join(map(encode_event, lines))
    >>> part = good_part(data)
    >>> len(part.game.events), part.problem
    (2, 'E1-0, line 4: seat 0 (E) draws 2s (tile 78), but the wall gives 2s (tile 79)')
    """
    game = loads(data, path)
    problem = str(game.problems[0]) if game.problems else None
    verdict = check_loaded(game)
    keep = [k for k, e in enumerate(game.events) if not isinstance(e, Note)]
    if verdict.problem is not None and verdict.checked < len(keep):  # an event refused
        problem = str(verdict.problem)
        cut = keep[verdict.checked]
        if cut < len(game.events):
            line = game.lines[cut]
            game.good_bytes = line_start(data, line)
            game.problems = [Problem(line, verdict.problem.message)]
            del game.events[cut:], game.lines[cut:]
    return GoodPart(game, problem)


def load_good_part(path: str | Path) -> GoodPart:
    """:func:`good_part` of the game file at ``path``."""
    p = Path(path)
    return good_part(read_regular(p), p)


def refusal(game: LoadedGame) -> SaveError | None:
    """Why ``hanchan verify`` refuses a game read from a file, in its words: the first event
    that cannot follow (``FILE: E1-0, line 57: ...``), else the first damaged line
    (``FILE, line 12: ...``); None when the file is a legal game, whole or unfinished.
    ``SaveError.line`` is the line named (None when the game cannot start at all)."""
    problem = check_loaded(game).problem
    if problem is not None:
        error = SaveError(str(problem), path=game.path)
        error.line = problem.line
        return error
    if game.problems:
        return SaveError(game.problems[0].message, game.problems[0].line, game.path)
    return None


def load_checked(path: str | Path) -> LoadedGame:
    """A game file read and refereed as ``hanchan verify`` reads it: what reviews, drills or
    exports a save reads it this way, so it never meets a game the engine cannot play.
    :class:`SaveError` (one sentence naming the line) for a file verify refuses."""
    game = load(path)
    error = refusal(game)
    if error is not None:
        raise error
    return game
