"""A player's record over their saved games, in the figures ``simulate`` gives a bot level.

:func:`record` lists the save folder through its index (:func:`saves.folder.list_games`:
no game file is opened for that) and takes, for every finished game counted, the seat's
:class:`~ai.arena.SeatStats` from :func:`~ai.arena.stats_from_events` -- the very
record ``hanchan simulate`` sums per level, so one definition of each rate serves the
player and the bots, and a player compares with the levels.  Reading a game whole costs
a few milliseconds, so what it gives (all four seats) is kept in a cache beside the
index (:data:`CACHE`), keyed and signed as the index's entries are: a second look opens
no game file, and an entry this user's hanchan did not write is not believed.

The review's figures (agreement with ``strong``, mistakes per game) cost a second or two
a game (:func:`ai.review.review_game`), so they are computed only when asked
(:func:`review_games`) and then cached as well; :class:`Record` says how many games they
cover.

Whose games: by default the person's own, the games played in the app, where one seat has
no bot (the human's).  Imported logs and games between bots have no such seat and are
left out unless ``player`` names a seat: then every game with a seat of that name counts
that seat (each seat of the name, as ``simulate`` sums every seat of a level).

A file that cannot be counted -- unreadable, damaged past its end, with a final table
out of bounds -- is skipped and named in :attr:`Record.unreadable`; unfinished games are
not counted (no placement yet).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "junk.jsonl").write_bytes(b"[[[[")
>>> r = record(folder)
>>> r.total().games, [p.name for p, _ in r.unreadable]
(0, ['junk.jsonl'])
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from hanchan.ai.arena import SeatStats, stats_from_events
from hanchan.ai.review import review_game
from hanchan.engine.events import Event, GameEnded
from hanchan.saves.folder import SavedGame, file_key, list_games, read_cache, signature, write_cache
from hanchan.saves.reader import SaveError, load

CACHE = ".stats.json"
"""The per-game figures, beside the folder's index (a hidden file, not a game)."""
CACHE_VERSION = 1
"""Raised when :func:`~ai.arena.stats_from_events` changes what it counts (every game is
read again)."""
REVIEW_VERSION = 2
"""Raised when the review (:mod:`ai.review`) changes what it calls a mistake: the cached
reviews are then dropped (shown as not reviewed), the rest of the cache kept."""
MAX_CACHE_BYTES = 32 * 1024 * 1024
WINDOWS = (10, 50, 100)
"""The spans over time the record shows: the last 10, 50 and 100 games."""
TREND = 10
"""The trend's points: the average placement of each game's last ``TREND`` games."""


Progress = Callable[[int, int], None]
"""Told (games done, games to do) as a long read or review goes on."""


class ReviewFigures(msgspec.Struct, frozen=True):
    """One seat's review of one game: decisions asked, agreed with strong, mistakes."""

    decisions: int
    agreed: int
    mistakes: int


class _Entry(msgspec.Struct, frozen=True):
    key: tuple[int, int, int]  # the file's size, mtime (ns), inode (saves.folder.file_key)
    stats: tuple[SeatStats, ...] = ()  # by seat; none when the game cannot be counted
    problem: str = ""  # why not
    review: tuple[ReviewFigures | None, ...] = (None, None, None, None)  # by seat
    review_version: int = REVIEW_VERSION
    mac: str = ""


class _Cache(msgspec.Struct):
    version: int
    games: dict[str, _Entry]


_encode = msgspec.json.Encoder().encode


def _mac(name: str, entry: _Entry) -> str:
    return signature(name, _encode(msgspec.structs.replace(entry, mac="")))


def _read_cache(folder: Path) -> dict[str, _Entry]:
    cache = read_cache(folder, CACHE, MAX_CACHE_BYTES, _Cache)
    return cache.games if cache is not None and cache.version == CACHE_VERSION else {}


@dataclass(frozen=True)
class PlayerGame:
    """One counted seat of one game."""

    path: Path
    created: str  # the header's UTC time
    rules: str
    seat: int
    stats: SeatStats
    review: ReviewFigures | None  # None until reviewed

    @property
    def rank(self) -> int:
        """The seat's placement, 1..4."""
        return self.stats.ranks.index(1) + 1


@dataclass
class Record:
    """The counted games (oldest first) and the files that could not be counted."""

    player: str | None  # the seat name asked for; None: the human seat of own games
    games: list[PlayerGame] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    unfinished: int = 0

    def total(self, games: Sequence[PlayerGame] | None = None) -> SeatStats:
        """The sum of the games' records (all counted games by default)."""
        return _total(self.games if games is None else games)

    def last(self, n: int) -> list[PlayerGame]:
        """The newest ``n`` counted games."""
        return self.games[-n:] if n > 0 else []

    def by_rules(self) -> dict[str, list[PlayerGame]]:
        """The counted games by ruleset name, the most played first."""
        out: dict[str, list[PlayerGame]] = {}
        for g in self.games:
            out.setdefault(g.rules, []).append(g)
        return dict(sorted(out.items(), key=lambda kv: (-len(kv[1]), kv[0])))

    def trend(self, span: int = TREND) -> list[float]:
        """After each game, the average placement of the last ``span`` games (oldest first)."""
        ranks = [g.rank for g in self.games]
        return [sum(ranks[max(0, i + 1 - span):i + 1]) / min(span, i + 1)
                for i in range(len(ranks))]

    def unreviewed(self) -> list[PlayerGame]:
        """The counted games whose review is not cached yet."""
        return [g for g in self.games if g.review is None]


def _total(games: Iterable[PlayerGame]) -> SeatStats:
    """The sum of the records of ``games``."""
    out = SeatStats()
    for g in games:
        out.add(g.stats)
    return out


def review_summary(games: Iterable[PlayerGame]) -> dict[str, Any]:
    """Agreement with strong and mistakes per game over the reviewed ones of ``games``."""
    done = [g.review for g in games if g.review is not None]
    decisions = sum(r.decisions for r in done)
    return {
        "reviewed_games": len(done),
        "agreement": round(sum(r.agreed for r in done) / decisions, 4) if decisions else None,
        "mistakes_per_game": (round(sum(r.mistakes for r in done) / len(done), 3)
                              if done else None),
    }


def summary(games: Sequence[PlayerGame]) -> dict[str, Any]:
    """The figures of ``hanchan stats --json`` for some games: simulate's, then the review's."""
    return {**_total(games).summary(), **review_summary(games)}


def _seats(game: SavedGame, player: str | None) -> list[int]:
    """The seats of ``game`` counted for ``player`` (see the module's docstring)."""
    seats = game.info.seats
    if player is None:
        if game.info.source is not None:
            return []
        human = [s for s, info in enumerate(seats) if info.bot is None]
        return human[:1]
    want = player.casefold()
    return [s for s, info in enumerate(seats) if info.name.casefold() == want]


def _plausible(events: Sequence[Event]) -> str:
    """Why a game's record cannot be counted ("" when it can): it must end with a table
    of the four seats ranked 1..4 (the decoder bounds seats, not ranks)."""
    end = events[-1] if events else None
    if not isinstance(end, GameEnded):
        return "the game does not end where its last line says it does"
    if sorted(r.seat for r in end.table) != [0, 1, 2, 3] or any(
            not 1 <= r.rank <= 4 for r in end.table):
        return "its final table is not four seats ranked 1 to 4"
    return ""


def _figures(path: Path, key: tuple[int, int, int]) -> _Entry:
    """Read a game whole: every seat's record, or why it cannot be counted."""
    try:
        game = load(path)
    except SaveError as exc:
        return _Entry(key, problem=exc.reason)
    if game.problems:
        return _Entry(key, problem=str(game.problems[0]))
    why = _plausible(game.events)
    if why:
        return _Entry(key, problem=why)
    return _Entry(key, stats=tuple(stats_from_events(game.events)))


def _key(path: Path) -> tuple[int, int, int] | None:
    try:
        return file_key(os.lstat(path))
    except OSError:
        return None


def record(folder: Path, *, player: str | None = None, rules: str | None = None,
           last: int | None = None, progress: Progress | None = None) -> Record:
    """The player's record over the finished games of ``folder`` (see the module's
    docstring); ``rules`` keeps the games of that ruleset name, ``last`` the newest so many.

    Games read whole are added to the cache (:data:`CACHE`), which is rewritten then;
    ``progress`` is told (games read whole so far, games not in the cache) as they are.
    """
    out = Record(player)
    chosen = _chosen(folder, player, rules, last, out)
    cached = _read_cache(folder)
    fresh = dict(cached)
    found = _look_up(chosen, cached, out)
    misses = sum(1 for *_, entry in found if entry is None)
    read = 0
    for game, seats, key, hit in found:
        entry = hit
        if entry is None:
            if progress is not None:
                progress(read, misses)
            entry = _figures(game.path, key)
            entry = msgspec.structs.replace(entry, mac=_mac(game.path.name, entry))
            fresh[game.path.name] = entry
            read += 1
        _add(out, game, seats, entry)
    if progress is not None and misses:
        progress(misses, misses)
    if fresh != cached:
        present = {g.path.name for g, _ in chosen} | {n for n in cached if (folder / n).exists()}
        _write(folder, {n: e for n, e in fresh.items() if n in present})
    return out


def _chosen(folder: Path, player: str | None, rules: str | None, last: int | None,
            out: Record) -> list[tuple[SavedGame, list[int]]]:
    """The finished games of ``folder`` the record takes, oldest first, with the player's
    seats in each; unreadable and unfinished games are counted in ``out``."""
    chosen: list[tuple[SavedGame, list[int]]] = []
    for game in list_games(folder):
        if game.status == "unreadable":
            out.unreadable.append((game.path, game.reason))
            continue
        seats = _seats(game, player)
        if not seats or (rules is not None and game.info.rules.casefold() != rules.casefold()):
            continue
        if game.status != "finished":
            out.unfinished += 1
            continue
        chosen.append((game, seats))
    chosen.sort(key=lambda gs: (gs[0].info.created, gs[0].mtime, gs[0].path.name))
    if last is not None:
        chosen = chosen[-last:] if last > 0 else []
    return chosen


_Found = tuple[SavedGame, list[int], tuple[int, int, int], _Entry | None]
"""A game to count: its seats, its file's key and its cache entry (None: read it whole)."""


def _look_up(chosen: list[tuple[SavedGame, list[int]]], cached: dict[str, _Entry],
             out: Record) -> list[_Found]:
    """Each chosen game with its valid cache entry, if any (a file that is not a regular
    one is counted unreadable in ``out``)."""
    found: list[_Found] = []
    for game, seats in chosen:
        name = game.path.name
        key = _key(game.path)
        if key is None:
            out.unreadable.append((game.path, "not a regular file"))
            continue
        entry = cached.get(name)
        found.append((game, seats, key, entry if _valid(name, entry, key) else None))
    return found


def _valid(name: str, entry: _Entry | None, key: tuple[int, int, int] | None) -> bool:
    """Whether the cache's ``entry`` for file ``name`` is of the file as it is now (its
    ``key``) and signed by this user's hanchan."""
    return (entry is not None and key is not None and tuple(entry.key) == key
            and hmac.compare_digest(entry.mac, _mac(name, entry)))


def _add(out: Record, game: SavedGame, seats: list[int], entry: _Entry) -> None:
    """The player's seats of one game, from its figures, into ``out``."""
    if entry.problem or len(entry.stats) != 4:
        out.unreadable.append((game.path, entry.problem or "cannot be read"))
        return
    for s in seats:
        review = (entry.review[s] if s < len(entry.review)
                  and entry.review_version == REVIEW_VERSION else None)
        out.games.append(PlayerGame(game.path, game.info.created, game.info.rules, s,
                                    entry.stats[s], review))


def _write(folder: Path, games: dict[str, _Entry]) -> None:
    write_cache(folder, CACHE, _encode(_Cache(CACHE_VERSION, games)))


def review_games(folder: Path, games: Sequence[PlayerGame],
                 progress: Progress | None = None) -> list[PlayerGame]:
    """Review the seat of each game not reviewed yet (a second or two each), keep the
    figures in the cache, and return the games with their review."""
    cached = _read_cache(folder)
    out: list[PlayerGame] = []
    todo = [g for g in games if g.review is None]
    done = 0
    for g in games:
        if g.review is not None:
            out.append(g)
            continue
        if progress is not None:
            progress(done, len(todo))
        figures = _review_one(g)
        done += 1
        name = g.path.name
        entry = cached.get(name)
        key = _key(g.path)
        if figures is not None and entry is not None and _valid(name, entry, key):
            kept = list(entry.review) if entry.review_version == REVIEW_VERSION else []
            by_seat = (kept + [None] * 4)[:4]
            by_seat[g.seat] = figures
            entry = msgspec.structs.replace(entry, review=tuple(by_seat), mac="",
                                            review_version=REVIEW_VERSION)
            cached[name] = msgspec.structs.replace(entry, mac=_mac(name, entry))
            _write(folder, cached)  # after each game: a review stopped keeps what it did
        out.append(PlayerGame(g.path, g.created, g.rules, g.seat, g.stats, figures))
    if progress is not None:
        progress(done, len(todo))
    return out


def _review_one(game: PlayerGame) -> ReviewFigures | None:
    """The review's figures of one game's seat (None when the file changed and cannot
    be read any more)."""
    try:
        loaded = load(game.path)
    except SaveError:
        return None
    if loaded.problems or _plausible(loaded.events):
        return None
    review = review_game(loaded.events, game.seat)
    return ReviewFigures(len(review.decisions),
                         sum(1 for d in review.decisions if d.agrees),
                         sum(1 for d in review.decisions if d.mistake))
