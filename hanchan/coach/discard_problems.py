""""What do you discard" problems from the player's own saved games, answered by ``strong``.

The review (:func:`ai.review.review_game`) measures every decision of the player's
seat against the ``strong`` bot; a discard it calls a mistake (a cost of at least
:data:`ai.review.MISTAKE_POINTS` in expected points) where the bot throws another
tile becomes a problem: the player's view at that moment, the tile to find (the
bot's), and the review's measure of both choices to explain the answer.

>>> from hanchan.ai.review import MISTAKE_POINTS
>>> MISTAKE_POINTS  # expected points a choice gives up to be a mistake
300.0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from hanchan.ai.decision import Judged
from hanchan.ai.review import Choice, DecisionReview, review_game, tied
from hanchan.coach.score_call import said_kind
from hanchan.engine.actions import Discard
from hanchan.engine.events import Event
from hanchan.engine.tiles import dora_of, format_tiles, kind_name, kind_of, tile_name
from hanchan.engine.view import PlayerView
from hanchan.saves.folder import list_games
from hanchan.saves.reader import SaveError
from hanchan.saves.verify import load_checked
from hanchan.words.names import WIND_NAMES, shanten_words


@dataclass(frozen=True)
class DiscardProblem:
    """One costly discard of a saved game, as the review measured it."""

    source: str
    """The game and hand, e.g. ``2026-11-25-2130.jsonl E2-1``."""
    review: DecisionReview
    view: PlayerView

    @property
    def played(self) -> int:
        """The tile the player discarded."""
        a = self.review.played.action
        assert isinstance(a, Discard)
        return a.tile

    @property
    def best(self) -> int:
        """The tile ``strong`` discards."""
        a = self.review.best.action
        assert isinstance(a, Discard)
        return a.tile

    def lines(self) -> list[str]:
        """The problem as the player saw it."""
        v = self.view
        rf = v.ruleset.red_fives
        tiles = sorted(v.hand)
        hand = format_tiles(tiles, rf)
        if v.drawn is not None:
            hand += f"   drew {tile_name(v.drawn, rf)}"
        made = len(v.me.river)
        out = [f"From {self.source}: {WIND_NAMES[v.round_wind]} round, "
               f"{WIND_NAMES[(v.seat - v.dealer) % 4]} seat, "
               f"{made} discard{'' if made == 1 else 's'} made, {v.wall_remaining} tiles left.",
               f"Hand: {hand}"]
        if v.me.melds:
            out.append("Calls: " + ", ".join(
                f"{m.kind} {format_tiles(sorted(m.tiles), rf)}" for m in v.me.melds))
        dora = " ".join(kind_name(dora_of(kind_of(t))) for t in v.dora_indicators)
        out.append(f"Dora: {dora}.")
        out.extend(river_lines(v))
        return out

    def check(self, text: str) -> tuple[bool, list[str]]:
        """Judge a typed tile (``5m``; ``0m`` is the red five)."""
        k = said_kind(text, {kind_of(t) for t in self.view.concealed()})
        r = self.review
        said = _row(r, k)
        best_row = _row(r, kind_of(self.best))
        tie = (k != kind_of(self.best) and said is not None and best_row is not None
               and tied(best_row, said, self.view))
        right = k == kind_of(self.best) or tie
        head = "Right" if right else "Wrong"
        if tie:
            head += f": {kind_name(k)} is as good by strong's measures, which cannot tell " \
                    f"it from {kind_name(kind_of(self.best))}; strong discards " \
                    f"{kind_name(kind_of(self.best))} ({r.reason})."
        else:
            head += f": strong discards {kind_name(kind_of(self.best))} ({r.reason})."
        lines = [head, f"strong: {_measure(r.best)}"]
        if not right and said is not None:
            lines.append(f"{kind_name(k)}: {_row_measure(said)}; "
                         f"{_why_not(said, best_row)}.")
        lines.append(f"you in the game: {_measure(r.played)}; " + (
            "as good by strong's measures." if r.tie else
            f"it gave up about {r.cost:,.0f} points of expected value."))
        if r.rule_note:
            lines.append(f"Under these rules: {r.rule_note}.")
        return right, lines


def river_lines(v: PlayerView) -> list[str]:
    """Every seat's river in turn order from East, the seat's own marked, with each
    seat's riichi or open melds: what a defence problem is read from.  ``*`` marks a
    riichi tile, parentheses a tile another seat called.

    >>> from hanchan.coach.position import build_position
    >>> p = build_position("123m456p789s1122z", "3z", rivers={"E": "1z", "S": "9m*"},
    ...                    seat_wind="W", dora="1z")
    >>> river_lines(p.view)[:2]
    ['East: river 1z.', 'South, in riichi: river 9m* (* riichi tile).']
    """
    rf = v.ruleset.red_fives
    out = []
    for s in sorted(v.seats, key=lambda x: x.wind):
        who = WIND_NAMES[s.wind] + (" (you)" if s.seat == v.seat else "")
        river = " ".join(
            (f"({tile_name(r.tile, rf)})" if r.called_by is not None else
             tile_name(r.tile, rf)) + ("*" if r.riichi else "") for r in s.river) or "-"
        state = ", in riichi" if s.riichi else ", open (" + ", ".join(
            format_tiles(sorted(m.tiles), rf) for m in s.melds) + ")" if s.melds else ""
        out.append(f"{who}{state}: river {river}" + (" (* riichi tile)." if s.riichi else "."))
    return out


def _row(r: DecisionReview, kind: int) -> Judged | None:
    """The judge's row of the plain discard of ``kind`` at the decision of ``r``."""
    return next((j for j in r.judged if isinstance(j.action, Discard) and not j.action.riichi
                 and kind_of(j.action.tile) == kind), None)


def _row_measure(j: Judged | Choice) -> str:
    """The measures of a judged row or a reviewed choice: shape, win chance, risk."""
    parts = []
    if j.shanten is not None:
        parts.append(shanten_words(j.shanten))
    if j.ukeire is not None:
        parts.append(f"{j.ukeire} tiles")
    if j.win is not None:
        parts.append(f"win {j.win:.0%}")
    if j.danger:
        parts.append(f"deal-in risk {j.danger:,.0f} points")
    return ", ".join(parts)


def _why_not(said: Judged, best: Judged | None) -> str:
    """Why strong's discard is better, from the two rows: shape, value or safety."""
    if best is None or said.shanten is None or best.shanten is None:
        return "strong's discard is worth more by its measures"
    if said.shanten != best.shanten:
        return f"strong's keeps the hand {shanten_words(best.shanten)}"
    if (said.danger or 0.0) - (best.danger or 0.0) >= 200:
        return "strong's is safer"
    if (best.ukeire or 0) > (said.ukeire or 0):
        return f"strong's keeps {(best.ukeire or 0) - (said.ukeire or 0)} more tiles " \
               "that improve the hand"
    if (best.value or 0.0) > (said.value or 0.0):
        return "strong's keeps a more valuable hand"
    return "strong's discard is worth more by its measures"


def _measure(c: Choice) -> str:
    """A reviewed choice in words and its measures."""
    return ", ".join(p for p in (c.text, _row_measure(c)) if p)


def problems_in_game(events: Sequence[Event], seat: int, source: str) -> list[DiscardProblem]:
    """The discards of ``seat`` the review calls mistakes, where ``strong`` throws
    another tile, in the order played."""
    out: list[DiscardProblem] = []
    for d in review_game(events, seat).decisions:
        p, b = d.played.action, d.best.action
        if (d.mistake and d.view is not None and isinstance(p, Discard)
                and isinstance(b, Discard) and kind_of(p.tile) != kind_of(b.tile)):
            out.append(DiscardProblem(f"{source} {d.hand}", d, d.view))
    return out


def pick(found: Iterable[DiscardProblem], count: int, seed: int) -> list[DiscardProblem]:
    """``count`` problems drawn from the costliest ``2 * count``."""
    ranked = sorted(found, key=lambda p: p.review.cost, reverse=True)
    top = ranked[:count * 2]
    random.Random(seed).shuffle(top)
    return top[:count]


MAX_GAMES = 200
"""Saved games read at most (newest first)."""


@dataclass(frozen=True)
class Found:
    """The problems drawn from saved games, and the games left out because ``hanchan
    verify`` refuses them (each as its refusal: the file, the line and why)."""

    problems: list[DiscardProblem]
    skipped: list[str]

    @property
    def note(self) -> str:
        """One sentence on the games left out ("" when none was)."""
        if not self.skipped:
            return ""
        n = len(self.skipped)
        return (f"{n} saved game{' was' if n == 1 else 's were'} left out as damaged "
                f"({'' if n == 1 else 'the first: '}{self.skipped[0]}).")


def saved_games(folder: Path) -> list[Path]:
    """The game files of a save folder, newest first (those that cannot be read last),
    without the empty ones (a header only: a game never started)."""
    return [g.path for g in list_games(folder) if g.status != "empty"][:MAX_GAMES]


def find_problems(paths: Sequence[Path], count: int, seed: int, *, strict: bool = True
                  ) -> Found:
    """``count`` problems from the games of ``paths`` (each game's human seat, else East).

    Each game is read through the referee (``saves.verify.load_checked``), so a damaged
    or impossible game gives no problem.  ``strict``: such a game raises
    :class:`saves.reader.SaveError` naming the line; otherwise it is left out (in
    :attr:`Found.skipped`), and reading stops once four times ``count`` problems are found.
    """
    found: list[DiscardProblem] = []
    skipped: list[str] = []
    for path in paths:
        try:
            game = load_checked(path)
        except SaveError as exc:
            if strict:
                raise
            text = str(exc)  # the path as given, shortened to the file's name
            skipped.append(path.name + text[len(str(path)):] if text.startswith(str(path))
                           else text)
            continue
        if len(game.events) < 2:
            continue
        seat = next((i for i, s in enumerate(game.header.seats) if s.bot is None), 0)
        found += problems_in_game(game.events, seat, path.name)
        if not strict and len(found) >= count * 4:
            break
    return Found(pick(found, count, seed), skipped)
