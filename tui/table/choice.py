"""``HandChoice``: the human's decision in progress, from the view and the legal actions.

Which tile is selected, whether the riichi key is down (and for open riichi),
which tiles may be discarded (the others are dimmed) or keep tenpai for riichi
(marked), the action groups offered (one key each) and the prompt.  Every change
makes a new value: the table screen keeps it in a reactive and draws it.

>>> from hanchan.engine.actions import Discard
>>> from hanchan.engine.game import Game
>>> from hanchan.rulesets.schema import Ruleset
>>> game = Game(Ruleset(), seed=1)
>>> choice = HandChoice(game.view(0), game.pending()[0]).fitted()
>>> choice.selected == 13, choice.prompt()  # the drawn tile, set apart, is selected
(True, 'Your turn: pick a tile, Enter discards')
>>> choice.moved(1).selected  # the selection wraps around the hand
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from hanchan.engine.actions import Action, Discard
from hanchan.engine.tiles import Tile, is_red, kind_of
from hanchan.engine.view import PlayerView
from hanchan.tui.table.practice import riichi_anywhere
from hanchan.words.actions import action_group

RiichiKind = Literal["riichi", "open_riichi"]
GROUP_ORDER = ("tsumo", "ron", "riichi", "open_riichi", "kan", "pon", "chi", "nine", "show",
               "noten", "stop", "continue", "pass")


def same_tile(a: Tile, b: Tile, red_fives: int) -> bool:
    """The same kind, both red fives or neither: one tile for the player."""
    return kind_of(a) == kind_of(b) and is_red(a, red_fives) == is_red(b, red_fives)


@dataclass(frozen=True)
class HandChoice:
    """The view, the legal actions, the selected tile and the riichi key's state."""

    view: PlayerView
    legal: tuple[Action, ...] = ()
    selected: int | None = None  # index into view.concealed(), the drawn tile last
    riichi: RiichiKind | None = None  # the riichi (or open riichi) key is down

    # ------------------------------------------------------------------ queries

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles in display order, the drawn tile last."""
        return self.view.concealed()

    @property
    def open_riichi(self) -> bool:
        """The riichi key down is open riichi's."""
        return self.riichi == "open_riichi"

    def discards(self) -> tuple[list[Discard], list[Discard]]:
        """Plain discards, and riichi discards of the kind (open or not) the key is for.

        In practice mode riichi may be tried with any discard.
        """
        want_open = self.open_riichi
        plain = [a for a in self.legal if isinstance(a, Discard) and not a.riichi]
        riichi = [a for a in self.legal
                  if isinstance(a, Discard) and a.riichi and a.open == want_open]
        if riichi_anywhere(self.view, self.legal, want_open):
            have = {a.tile for a in riichi}
            riichi += [Discard(a.tile, True, want_open) for a in plain if a.tile not in have]
        return plain, riichi

    def _indexes(self, options: Sequence[Discard]) -> frozenset[int]:
        rf = self.view.ruleset.red_fives
        return frozenset(i for i, t in enumerate(self.tiles)
                         if any(same_tile(a.tile, t, rf) for a in options))

    def marks(self) -> tuple[frozenset[int], frozenset[int]]:
        """Indexes marked (riichi keeps tenpai with them) and dimmed (may not be discarded)."""
        plain, riichi = self.discards()
        every = frozenset(range(len(self.tiles)))
        if self.riichi is not None and riichi:
            marked = self._indexes(riichi)
            return marked, every - marked
        if plain:
            return frozenset(), every - self._indexes(plain)
        return frozenset(), frozenset()

    def groups(self) -> tuple[str, ...]:
        """The action groups offered now, in the action bar's order."""
        seen = {g for a in self.legal if (g := action_group(a)) is not None}
        return tuple(g for g in GROUP_ORDER if g in seen)

    def prompt(self) -> str:
        """What the action bar says."""
        plain, _ = self.discards()
        if self.riichi is not None:
            word = "Open riichi" if self.open_riichi else "Riichi"
            return f"{word}: pick a marked tile and press Enter (Esc cancels)"
        if plain:
            return "Your turn: pick a tile, Enter discards"
        if self.groups():
            return "Call?"
        return "Waiting for the others…"

    def selected_tile(self) -> Tile | None:
        """The selected tile, if any."""
        if self.selected is None or self.selected >= len(self.tiles):
            return None
        return self.tiles[self.selected]

    def discard_of(self, tile: Tile) -> Action:
        """The discard of ``tile`` (with riichi when the key is down) to send to the engine.

        The legal action of that tile, or of the same tile (a twin of it), or else the
        discard as asked, for the engine to refuse with its reason.
        """
        plain, riichi = self.discards()
        options = riichi if self.riichi is not None else plain
        rf = self.view.ruleset.red_fives
        return next(
            (a for a in options if a.tile == tile),
            next((a for a in options if same_tile(a.tile, tile, rf)),
                 Discard(tile, self.riichi is not None, self.open_riichi)),
        )

    def riichi_options(self, kind: RiichiKind) -> list[Discard]:
        """The discards the riichi key of ``kind`` may send (any discard in practice mode)."""
        want_open = kind == "open_riichi"
        options = [a for a in self.legal
                   if isinstance(a, Discard) and a.riichi and a.open == want_open]
        if not options and riichi_anywhere(self.view, self.legal, want_open):
            options = [a for a in self.legal if isinstance(a, Discard)]
        return options

    # ------------------------------------------------------------------ changes

    def fitted(self) -> HandChoice:
        """The selection kept inside the hand: the drawn tile when it was outside."""
        n = len(self.tiles)
        if self.selected is None or self.selected >= n:
            return replace(self, selected=n - 1 if self.view.drawn is not None else None)
        return self

    def shown(self, view: PlayerView, legal: tuple[Action, ...]) -> HandChoice:
        """The same choice over a new view and new legal actions."""
        return replace(self, view=view, legal=legal).fitted()

    def moved(self, step: int) -> HandChoice:
        """The selection ``step`` tiles to the right (left when negative), wrapping."""
        n = len(self.tiles)
        if not n:
            return self
        return replace(self, selected=0 if self.selected is None else (self.selected + step) % n)

    def picked(self, index: int) -> HandChoice:
        """Tile ``index`` selected (no change past the end of the hand)."""
        return replace(self, selected=index) if index < len(self.tiles) else self

    def toggled_riichi(self, kind: RiichiKind) -> HandChoice:
        """The riichi key of ``kind`` pressed: down (selecting a marked tile) or up again."""
        down = self.riichi != kind
        new = replace(self, riichi=kind if down else None)
        if down:
            _, riichi = new.discards()
            ok = sorted(new._indexes(riichi))
            if ok and new.selected not in ok:
                new = replace(new, selected=ok[-1])
        return new

    def done(self) -> HandChoice:
        """After a move: nothing selected, the riichi key up."""
        return replace(self, selected=None, riichi=None)
