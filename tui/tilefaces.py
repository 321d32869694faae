"""How a tile looks on screen: its face in one of three modes, its colours, and strips of tiles.

The three face modes (a setting) are:

* ``letters``: mpsz, ``5m`` (``0m`` is never shown: a red five reads ``5m`` in red);
* ``kanji``: ``五萬``, ``五筒``, ``五索``, ``東``, ``白`` ... (four cells wide);
* ``glyphs``: the Unicode mahjong tiles ``🀇`` ... (two cells wide), for terminals with the font.

Every face in one mode has the same width, so rows of tiles line up.  Colours
follow the suits (man maroon, pin blue, sou green, dragons in their own colours),
and a red five is drawn white on red so it is seen at a glance.

>>> face(16, "letters"), face(16, "kanji"), cell_width("kanji")
('5m', '五萬', 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from hanchan.engine.tiles import Tile, dora_of, is_honour, is_red, kind_of, number_of, suit_of
from hanchan.tui import palette

FaceMode = Literal["letters", "kanji", "glyphs"]
FACE_MODES: tuple[FaceMode, ...] = ("letters", "kanji", "glyphs")

_KANJI_NUM = "一二三四五六七八九"
_KANJI_SUIT = "萬筒索"
_KANJI_HONOUR = "東南西北白發中"
_GLYPH_SUIT_BASE = (0x1F007, 0x1F019, 0x1F010)  # 1m, 1p, 1s
_GLYPH_HONOUR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
GLYPH_BACK = "\U0001F02B"

_WIDTH = {"letters": 2, "kanji": 4, "glyphs": 2}

SUIT_COLOURS = (palette.MAN, palette.PIN, palette.SOU)
HONOUR_COLOURS = (palette.TILE_INK,) * 4 + (palette.WHITE_DRAGON, palette.SOU, palette.RED)

RED_FIVE = Style(color=palette.WHITE, bgcolor=palette.RED, bold=True)
BACK_STYLE = Style(bgcolor=palette.BACK)  # a tile's back in a hand or a closed kan


def cell_width(mode: FaceMode) -> int:
    """Terminal cells that one tile face takes in ``mode``."""
    return _WIDTH[mode]


def _pad(s: str, width: int) -> str:
    n = cell_len(s)
    if n >= width:
        return s
    left = (width - n) // 2
    return " " * left + s + " " * (width - n - left)


def face(tile: Tile, mode: FaceMode = "letters") -> str:
    """The face of physical tile ``tile`` (``0..135``), padded to the mode's width."""
    kind = kind_of(tile)
    suit, num = suit_of(kind), number_of(kind) - 1
    if mode == "letters":
        return f"{num + 1}{'mpsz'[suit]}"
    if mode == "kanji":
        if not is_honour(kind):
            return _KANJI_NUM[num] + _KANJI_SUIT[suit]
        return _pad(_KANJI_HONOUR[num], 4)
    if not is_honour(kind):
        glyph = chr(_GLYPH_SUIT_BASE[suit] + num)
    else:
        glyph = chr(_GLYPH_HONOUR[num])
    return _pad(glyph, 2)


_MPSZ = re.compile(r"(?<![\w.])((?:[0-9]+[mpsz])+)(?!\w)")
_GROUP = re.compile(r"([0-9]+)([mpsz])")


def in_faces(text: str, mode: FaceMode) -> str:
    """``text`` with its mpsz tile groups written in the faces of ``mode``, for the help
    and hint lines (honours in kanji without their padding; ``0`` is a red five).

    >>> in_faces("Discard 7z: improves with 36m1p (8 tiles), 5-shanten", "kanji")
    'Discard 中: improves with 三萬六萬一筒 (8 tiles), 5-shanten'
    """
    if mode == "letters":
        return text

    def faces(m: re.Match[str]) -> str:
        out = []
        for digits, letter in _GROUP.findall(m.group(0)):
            suit = "mpsz".index(letter)
            for d in digits:
                num = 5 if d == "0" else int(d)
                if suit == 3 and not 1 <= num <= 7:
                    return m.group(0)  # not tiles: leave the words as they are
                out.append(face((suit * 9 + num - 1) * 4, mode).strip())
        return "".join(out)

    return _MPSZ.sub(faces, text)


def back(mode: FaceMode = "letters") -> str:
    """A tile's back, as wide as a face."""
    if mode == "glyphs":
        return _pad(GLYPH_BACK, 2)
    return " " * _WIDTH[mode]


def tile_style(tile: Tile, red_fives: int) -> Style:
    """Colours of a tile's face: suit colour on ivory, or white on red for a red five."""
    if is_red(tile, red_fives):
        return RED_FIVE
    kind = kind_of(tile)
    honour = is_honour(kind)
    colour = HONOUR_COLOURS[number_of(kind) - 1] if honour else SUIT_COLOURS[suit_of(kind)]
    return Style(color=colour, bgcolor=palette.IVORY, bold=honour)


def tile_text(
    tile: int,
    mode: FaceMode,
    red_fives: int,
    *,
    extra: Style | None = None,
) -> Text:
    """One tile face as styled text; ``extra`` is laid over the tile's own style."""
    style = tile_style(tile, red_fives)
    if extra is not None:
        style = style + extra
    return Text(face(tile, mode), style=style)


def strip(
    tiles: Iterable[int],
    mode: FaceMode,
    red_fives: int,
    *,
    sep: str = " ",
) -> Text:
    """Tiles side by side, separated by ``sep``."""
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(tile_text(t, mode, red_fives))
    return out


def dora_tiles(indicators: Iterable[Tile]) -> tuple[Tile, ...]:
    """A tile of the dora kind each indicator shows, for drawing (draw it with no red fives).

    >>> [face(t) for t in dora_tiles([12, 32, 132])]  # 4m, 9m, Red -> 5m, 1m, White
    ['5m', '1m', '5z']
    """
    return tuple(4 * dora_of(kind_of(t)) for t in indicators)


def backs(count: int, mode: FaceMode) -> Text:
    """``count`` tile backs in a compact row (one cell each, or glyphs)."""
    if mode == "glyphs":
        return Text(GLYPH_BACK * count, style=Style(color=palette.BACK))
    return Text("▮" * count, style=Style(color=palette.BACK))
