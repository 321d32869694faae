"""Help for the player, computed from the view only: shanten, acceptance, waits, furiten.

These are facts about the player's own tiles (via ``engine.shanten`` and
``engine.waits``), never rules of the game: whether an action is legal is
always the engine's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.shanten import shanten
from engine.tiles import counts_of, format_kinds, kind_name, kind_of
from engine.view import PlayerView
from engine.waits import discard_options, ukeire, waits


@dataclass(frozen=True)
class Advice:
    """What the help line says about the hand (and the selected discard)."""

    shanten: int | None = None  # after the selected discard (or of the 13-tile hand)
    acceptance: tuple[int, ...] = ()  # kinds that improve it
    acceptance_count: int = 0  # unseen tiles of them
    waits: tuple[int, ...] = ()  # when tenpai
    furiten: bool = False

    def words(self) -> str:
        """One line of plain words."""
        if self.shanten is None:
            return ""
        if self.shanten < 0:
            return "Complete hand."
        if self.shanten == 0:
            text = f"Tenpai, waiting on {format_kinds(self.waits) or 'nothing'}"
            text += f" ({self.acceptance_count} left)"
            if self.furiten:
                text += " — FURITEN"
            return text
        return (
            f"{self.shanten}-shanten; improves with {format_kinds(self.acceptance)} "
            f"({self.acceptance_count} tiles)"
        )


def _visible_others(view: PlayerView) -> list[int]:
    seen = view.visible_counts()
    own = counts_of(view.concealed(), physical=True)
    return [max(0, s - o) for s, o in zip(seen, own, strict=True)]


def advise(view: PlayerView, discard: int | None) -> Advice:
    """Advice for the hand after discarding physical tile ``discard`` (or as it is).

    Works on 13-tile (3n+1) hands; a 14-tile hand needs the ``discard``.
    """
    tiles = list(view.concealed())
    if discard is not None and discard in tiles:
        tiles.remove(discard)
    if len(tiles) % 3 != 1:
        return Advice()
    counts = counts_of(tiles, physical=True)
    melds = len(view.me.melds)
    try:
        sh = shanten(counts, melds)
        visible = _visible_others(view)
        if discard is not None:
            visible[kind_of(discard)] += 1
        kinds, count = ukeire(counts, melds, visible)
        ws: tuple[int, ...] = tuple(waits(counts, melds)) if sh == 0 else ()
    except (ValueError, IndexError):
        return Advice()
    furiten = False
    if ws:
        river_kinds = {kind_of(r.tile) for r in view.me.river}
        if discard is not None:
            river_kinds.add(kind_of(discard))
        furiten = bool(river_kinds & set(ws)) or (discard is None and view.furiten)
    return Advice(sh, tuple(kinds), count, ws, furiten)


def best_discards(view: PlayerView, n: int = 5) -> str:
    """The ``n`` discards that leave the lowest shanten and most acceptance, in words.

    Empty when the hand is not waiting to discard (3n+2 tiles).
    """
    tiles = view.concealed()
    if len(tiles) % 3 != 2:
        return ""
    counts = counts_of(tiles, physical=True)
    try:
        options = discard_options(counts, len(view.me.melds), _visible_others(view))
    except (ValueError, IndexError):
        return ""
    parts = []
    for o in options[:n]:
        state = "tenpai" if o.shanten == 0 else f"{o.shanten}-sh" if o.shanten > 0 else "win"
        parts.append(f"{kind_name(o.kind)} {state} {o.ukeire_count}")
    return "Best discards: " + " · ".join(parts)
