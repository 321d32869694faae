""""What do you discard" problems from the player's own saved games, answered by ``strong``.

Every discard the player made is replayed: at that moment the ``strong`` bot
(:class:`ai.club.ClubBot`, the hint key's bot) is asked what it would discard
from the same :class:`~engine.view.PlayerView`.  A moment becomes a problem when
the bot's discard differs and the player's choice cost something measurable: a
higher shanten, or at least :data:`MIN_TILES_LOST` fewer tiles that improve the
hand (unseen copies counted from the player's view).  The answer checked is the
bot's discard (the same kind of tile).

>>> MIN_TILES_LOST
4
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ai.club import ClubBot
from engine.actions import Discard
from engine.events import Discarded, Event, HandStarted, RiichiDeclared
from engine.legal import legal_actions
from engine.state import GameState, apply
from engine.tiles import (
    TileError,
    counts_of,
    dora_of,
    format_tiles,
    kind_name,
    kind_of,
    parse_kinds,
    tile_name,
)
from engine.view import PlayerView
from engine.visibility import view
from engine.waits import DiscardOption, discard_options
from saves.replay import hand_name
from text.score_call import AnswerError

MIN_TILES_LOST = 4
"""Fewer improving tiles than the bot's discard keeps, at the same shanten, that
make a choice costly (fewer is noise between near-equal discards)."""
WIND_WORDS = ("East", "South", "West", "North")


@dataclass(frozen=True)
class DiscardProblem:
    """One moment of a saved game: the view, what was discarded, what ``strong`` discards."""

    source: str
    """The game and hand, e.g. ``2026-11-25-2130.jsonl E2-1``."""
    view: PlayerView
    played: int
    """The tile the player discarded."""
    best: int
    """The tile the bot discards."""
    reason: str
    """The bot's reason, in words."""
    played_option: DiscardOption
    best_option: DiscardOption

    @property
    def cost(self) -> tuple[int, int]:
        """(shanten lost, improving tiles lost) of the player's choice."""
        p, b = self.played_option, self.best_option
        return p.shanten - b.shanten, b.ukeire_count - p.ukeire_count

    def lines(self) -> list[str]:
        """The problem as the player saw it."""
        v = self.view
        rf = v.ruleset.red_fives
        tiles = sorted(v.concealed())
        drawn = v.drawn
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        hand = format_tiles(tiles, rf)
        if drawn is not None:
            hand += f"   drew {tile_name(drawn, rf)}"
        out = [f"From {self.source}: {WIND_WORDS[v.round_wind]} round, "
               f"{WIND_WORDS[(v.seat - v.dealer) % 4]} seat, "
               f"{len(v.me.river)} discards made.",
               f"Hand: {hand}"]
        if v.me.melds:
            out.append("Calls: " + ", ".join(
                f"{m.kind} {format_tiles(sorted(m.tiles), rf)}" for m in v.me.melds))
        dora = " ".join(kind_name(dora_of(kind_of(t))) for t in v.dora_indicators)
        out.append(f"Dora: {dora}.")
        for s in v.seats:
            if s.seat != v.seat and s.riichi:
                river = format_tiles([r.tile for r in s.river], rf)
                out.append(f"{WIND_WORDS[s.wind]} is in riichi; river {river}.")
        return out

    def check(self, text: str) -> tuple[bool, list[str]]:
        """Judge a typed tile (``5m``, ``0p`` for a red five)."""
        t = text.strip().lower()
        try:
            kinds = parse_kinds(t)
        except TileError:
            kinds = []
        if len(kinds) != 1:
            raise AnswerError(f"'{text.strip()}' is not one tile: write it as 5m, 3p, 7s or 1z")
        k = kinds[0]
        hand_kinds = {kind_of(x) for x in self.view.concealed()}
        if k not in hand_kinds:
            raise AnswerError(f"{kind_name(k)} is not in the hand")
        right = k == kind_of(self.best)
        opts = _options(self.view)
        said = opts.get(k)
        best = self.best_option
        lines = [("Right" if right else "Wrong") + f": strong discards "
                 f"{kind_name(kind_of(self.best))} ({self.reason})."]
        if said is not None and not right:
            lines.append(f"{kind_name(k)} leaves {_shape(said)}; "
                         f"{kind_name(kind_of(self.best))} leaves {_shape(best)}.")
        lines.append(f"In the game you discarded {kind_name(kind_of(self.played))} "
                     f"({_shape(self.played_option)}).")
        return right, lines


def _shape(o: DiscardOption) -> str:
    sh = "tenpai" if o.shanten == 0 else f"{o.shanten}-shanten"
    return f"{sh}, {o.ukeire_count} tiles improve it"


def _options(v: PlayerView) -> dict[int, DiscardOption]:
    tiles = v.concealed()
    seen = v.visible_counts()
    own = counts_of(tiles, physical=True)
    visible = [max(0, s - o) for s, o in zip(seen, own, strict=True)]
    return {o.kind: o for o in discard_options(own, len(v.me.melds), visible)}


def problems_in_game(events: Sequence[Event], seat: int, source: str,
                     bot: ClubBot | None = None) -> list[DiscardProblem]:
    """The costly discards of ``seat`` in one game's events, in the order played."""
    bot = bot or ClubBot("strong", seed=0)
    out: list[DiscardProblem] = []
    state: GameState | None = None
    name = ""
    riichi_now = False
    for ev in events:
        if state is not None and isinstance(ev, Discarded) and ev.seat == seat and not riichi_now:
            v = view(state, seat)
            if not v.me.riichi:
                p = _problem(state, v, ev.tile, seat, f"{source} {name}", bot)
                if p is not None:
                    out.append(p)
        riichi_now = isinstance(ev, RiichiDeclared) and ev.seat == seat
        state = apply(state, ev)
        if isinstance(ev, HandStarted):
            name = hand_name(ev)
    return out


def _problem(state: GameState, v: PlayerView, played: int, seat: int, source: str,
             bot: ClubBot) -> DiscardProblem | None:
    legal = legal_actions(state, seat)
    if len(v.concealed()) % 3 != 2:
        return None
    bot.observe(v)
    decision = bot.decide(v, legal)
    action = decision.action
    if not isinstance(action, Discard) or kind_of(action.tile) == kind_of(played):
        return None
    opts = _options(v)
    mine, best = opts.get(kind_of(played)), opts.get(kind_of(action.tile))
    if mine is None or best is None:
        return None
    if not (mine.shanten > best.shanten
            or (mine.shanten == best.shanten
                and best.ukeire_count - mine.ukeire_count >= MIN_TILES_LOST)):
        return None
    return DiscardProblem(source, v, played, action.tile, decision.reason, mine, best)


def pick(found: Iterable[DiscardProblem], count: int, seed: int) -> list[DiscardProblem]:
    """``count`` problems, the costliest first among an even draw of the rest."""
    ranked = sorted(found, key=lambda p: p.cost, reverse=True)
    rng = random.Random(seed)
    top = ranked[:count * 2]
    rng.shuffle(top)
    return top[:count]
