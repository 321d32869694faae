"""Saved games in words: when, which rules, who sat where, and how the game ended.

The app's save pickers and ``hanchan verify`` name a game by these words instead of
its bare file name.  The facts come from ``saves.folder``'s summary of a file's
header and last lines, so describing a thousand games reads no whole file.

>>> from hanchan.engine.events import FinalRow
>>> from hanchan.saves.codec import SeatInfo
>>> seats = (SeatInfo("You"),) + tuple(SeatInfo(f"Bot {i}", "normal") for i in range(3))
>>> seats_words(seats)
'you E, 3 normal bots'
>>> row = FinalRow(seat=0, points=31200, rank=2, oka=0.0, uma=10.0, bonus=0.0, result=11.2)
>>> placing(row, seats)
'you 2nd, 31,200 (+11.2)'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from hanchan.engine.events import FinalRow
from hanchan.engine.tiles import WIND_LETTERS
from hanchan.saves.codec import SeatInfo
from hanchan.saves.folder import SavedGame
from hanchan.words.names import nth

_NAME_WIDTH = 12


def when(created: str) -> str:
    """A header's UTC time as the local date and minute (``2026-11-26 10:07``)."""
    try:
        moment = datetime.fromisoformat(created.replace("Z", "+00:00"))
    except ValueError:
        return "date unknown"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def _name(seats: Sequence[SeatInfo], seat: int, imported: bool) -> str:
    """Who sat in ``seat``: "you", a bot's level, or (an imported log) the player's name."""
    if not 0 <= seat < len(seats):
        return WIND_LETTERS[seat % 4]
    info = seats[seat]
    if imported:
        name = " ".join(info.name.split())  # no line breaks from a foreign log
        return name[:_NAME_WIDTH] or WIND_LETTERS[seat]
    return "you" if info.bot is None else f"{info.bot} bot"


def seats_words(seats: Sequence[SeatInfo], imported: bool = False) -> str:
    """Who sat where, by starting seat (E is the first dealer): ``you E, 3 normal bots``."""
    if len(seats) != 4:
        return "seats unknown"
    if imported:
        return ", ".join(f"{WIND_LETTERS[s]} {_name(seats, s, True)}" for s in range(4))
    people = [s for s, info in enumerate(seats) if info.bot is None]
    levels = {info.bot for info in seats if info.bot is not None}
    if len(levels) == 1 and len(people) <= 1:
        level = next(iter(levels))
        bots = f"{4 - len(people)} {level} bots"
        return f"you {WIND_LETTERS[people[0]]}, {bots}" if people else bots
    return ", ".join(f"{WIND_LETTERS[s]} {'you' if info.bot is None else info.bot}"
                     for s, info in enumerate(seats))


def placing(row: FinalRow, seats: Sequence[SeatInfo], imported: bool = False) -> str:
    """One player's place in the final table: ``you 2nd, 31,200 (+11.2)``."""
    who = _name(seats, row.seat, imported) if imported or (
        0 <= row.seat < len(seats) and seats[row.seat].bot is None) else (
        f"{WIND_LETTERS[row.seat % 4]} ({_name(seats, row.seat, imported)})")
    rank = nth(row.rank) if 1 <= row.rank <= 4 else f"#{row.rank}"
    return f"{who} {rank}, {row.points:,} ({row.result:+.1f})"


def final_words(table: Sequence[FinalRow]) -> str:
    """The whole final table by rank, seats by starting wind: ``S 48,900 (+58.9), ...``."""
    return ", ".join(f"{WIND_LETTERS[r.seat % 4]} {r.points:,} ({r.result:+.1f})"
                     for r in sorted(table, key=lambda r: r.rank))


def result_words(game: SavedGame) -> str:
    """How the game stands: the player's place, the winner's, or where it stopped."""
    info = game.info
    imported = info.source is not None
    if game.status == "unreadable":
        return f"cannot be read: {game.reason}"
    if game.status == "empty":
        return "not started"
    if game.status == "unfinished":
        return f"unfinished, {info.hand}" if info.hand else "unfinished"
    people = [s for s, seat in enumerate(info.seats) if seat.bot is None]
    rows = {r.seat: r for r in info.table}
    mine = people[0] if len(people) == 1 and not imported else None
    row = rows.get(mine) if mine is not None else next(
        (r for r in info.table if r.rank == 1), None)
    if row is None:
        return "finished"
    ended = f" ({info.reason})" if info.reason not in ("", "complete") else ""
    return placing(row, info.seats, imported) + ended
