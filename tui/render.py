"""Styled pieces shared by the widgets: melds as tiles, and the keys of the actions.

Nothing here knows a rule: it turns view data into styled text.  The plain words
(seat and hand names, action titles) are in ``text``.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from hanchan.engine.events import Meld
from hanchan.tui import palette
from hanchan.tui.tilefaces import BACK_STYLE, FaceMode, back, tile_text
from hanchan.words.names import relative

# Arrow pointing at the seat a tile was called from, by its position relative to the caller.
FROM_ARROWS = {1: "→", 2: "↑", 3: "←"}

TURNED = Style(underline=True, bgcolor=palette.TURNED)
DIM = Style(dim=True)


def meld_text(meld: Meld, owner: int, mode: FaceMode, red_fives: int) -> Text:
    """One meld: its tiles with the called tile turned (marked) and an arrow to its giver.

    As on a real table the called tile sits on the side of the seat it came from:
    left for the left player, in the middle from across, right for the right player.
    A closed kan shows its two outer tiles face down.
    """
    out = Text()
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        for i, t in enumerate(sorted(tiles)):
            if i:
                out.append(" ")
            if i in (0, 3):
                out.append(back(mode), style=BACK_STYLE)
            else:
                out.append_text(tile_text(t, mode, red_fives))
        return out
    called = meld.called
    others = sorted(t for t in tiles if t != called and t != meld.added)
    pos = relative(meld.from_seat, owner) if meld.from_seat is not None else 3
    order: list[int | None] = [*others]
    slot = {3: 0, 2: 1, 1: len(others)}[pos]
    order.insert(slot, None)
    for i, cell in enumerate(order):
        if i:
            out.append(" ")
        if cell is None:
            assert called is not None
            out.append_text(tile_text(called, mode, red_fives, extra=TURNED))
        else:
            out.append_text(tile_text(cell, mode, red_fives))
    if meld.added is not None:
        out.append("+")
        out.append_text(tile_text(meld.added, mode, red_fives, extra=TURNED))
    out.append(FROM_ARROWS.get(pos, ""), style="bold")
    return out


def melds_text(melds: tuple[Meld, ...], owner: int, mode: FaceMode, red_fives: int) -> Text:
    """All of a seat's melds, two spaces apart."""
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        out.append_text(meld_text(m, owner, mode, red_fives))
    return out


# Keys of the one-key actions; a chooser opens when several options share a key.
ACTION_KEYS = {
    "chi": "c",
    "pon": "p",
    "kan": "k",
    "riichi": "r",
    "open_riichi": "R",
    "tsumo": "t",
    "ron": "o",
    "nine": "n",
    "pass": "space",
    "show": "y",
    "noten": "x",
    "stop": "y",
    "continue": "x",
}
