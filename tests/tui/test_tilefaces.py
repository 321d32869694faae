"""Tile faces: every tile has a face of its mode's width; suits and red fives are coloured."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from hanchan.engine.tiles import is_red, kind_of, tile_name
from hanchan.tui.tilefaces import (
    FACE_MODES,
    FaceMode,
    back,
    backs,
    cell_width,
    face,
    strip,
    tile_style,
)


@pytest.mark.parametrize("mode", FACE_MODES)
def test_every_face_has_the_width_of_its_mode(mode: FaceMode) -> None:
    widths = {cell_len(face(t, mode)) for t in range(136)}
    assert widths == {cell_width(mode)}
    assert cell_len(back(mode)) == cell_width(mode)


def test_letters_are_mpsz_without_the_red_zero() -> None:
    for t in range(136):
        name = tile_name(t, 1)
        expected = name.replace("0", "5")
        assert face(t, "letters") == expected


def test_kanji_and_glyph_faces() -> None:
    assert face(0, "kanji") == "一萬"
    assert face(9 * 4 + 8 * 4, "kanji") == "九筒"
    assert face(18 * 4, "kanji") == "一索"
    assert face(27 * 4, "kanji").strip() == "東"
    assert face(33 * 4, "kanji").strip() == "中"
    assert face(0, "glyphs").strip() == "\U0001F007"  # 1m
    assert face(9 * 4, "glyphs").strip() == "\U0001F019"  # 1p
    assert face(18 * 4, "glyphs").strip() == "\U0001F010"  # 1s
    assert face(31 * 4, "glyphs").strip() == "\U0001F006"  # white dragon
    assert face(33 * 4, "glyphs").strip() == "\U0001F004"  # red dragon


@given(st.integers(0, 135), st.integers(0, 2))
def test_red_fives_stand_out_and_others_follow_their_suit(tile: int, red_fives: int) -> None:
    style = tile_style(tile, red_fives)
    if is_red(tile, red_fives):
        assert style.bgcolor is not None and style.bgcolor.name == "#c4161c"
    else:
        assert style.bgcolor is not None and style.bgcolor.name != "#c4161c"
        same_suit = tile_style(kind_of(tile) * 4 + 3, red_fives)  # a never-red copy
        assert style.color == same_suit.color


def test_strip_and_backs() -> None:
    text = strip([0, 4, 8], "letters", 1)
    assert text.plain == "1m 2m 3m"
    assert backs(13, "letters").plain == "▮" * 13
