"""Tiles and mpsz notation: round trips, red fives under each ruleset, clear errors; the wall."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine import wall as wall_mod
from hanchan.engine.tiles import (
    TileError,
    dora_of,
    format_kinds,
    format_tiles,
    is_red,
    kind_name,
    parse_kinds,
    parse_tiles,
    tile_name,
)


def tile_sets() -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 135), unique=True, max_size=20)


@pytest.mark.parametrize("red_fives", [0, 1, 2])
@given(data=st.data())
def test_parse_of_format_gives_the_same_tiles_up_to_copies(red_fives: int,
                                                           data: st.DataObject) -> None:
    tiles = data.draw(tile_sets())
    text = format_tiles(tiles, red_fives)
    back = parse_tiles(text, red_fives)
    # same kinds, same red fives: the copies of plain tiles are interchangeable
    assert sorted(t >> 2 for t in back) == sorted(t >> 2 for t in tiles)
    assert sum(is_red(t, red_fives) for t in back) == sum(is_red(t, red_fives) for t in tiles)
    assert format_tiles(back, red_fives) == text
    assert len(set(back)) == len(back)


@given(st.lists(st.integers(0, 33), max_size=14))
def test_parse_of_format_kinds_gives_the_sorted_kinds(kinds: list[int]) -> None:
    assert parse_kinds(format_kinds(kinds)) == sorted(kinds)


def test_notation_examples() -> None:
    assert parse_kinds("123m456p789s1122z") == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28]
    assert format_kinds([33, 0, 9, 18]) == "1m1p1s7z"
    assert parse_tiles("0m", 1) == [16]  # Tenhou's numbering: copy 0 is red
    assert parse_tiles("0p0p", 2) == [52, 53]
    assert parse_tiles("5s", 1) == [89]  # a plain five never takes the red copy
    assert tile_name(88, 1) == "0s" and tile_name(88, 0) == "5s"
    assert kind_name(31) == "5z"
    assert format_tiles(parse_tiles("5550m", 1), 1) == "0555m"


@pytest.mark.parametrize(("text", "red", "message"), [
    ("12x", 1, "'x' at position 3 is not a suit"),
    ("m", 1, "has no digits"),
    ("123", 1, "have no suit letter"),
    ("8z", 1, "honours are 1z to 7z"),
    ("11111m", 1, "more than four 1m"),
    ("0m", 0, "these rules have no red fives"),
    ("00m", 1, "more red 5m than these rules have (1)"),
    ("55555p", 0, "more than four 5p"),
    ("5555p", 1, "more than 3 plain 5p: these rules have 1 red 5p (write it as 0p)"),
])
def test_bad_notation_is_a_plain_sentence(text: str, red: int, message: str) -> None:
    with pytest.raises(TileError) as err:
        parse_tiles(text, red)
    assert message in str(err.value)


def test_red_fives_by_ruleset() -> None:
    reds = {n: [t for t in range(136) if is_red(t, n)] for n in (0, 1, 2)}
    assert reds == {0: [], 1: [16, 52, 88], 2: [16, 17, 52, 53, 88, 89]}


def test_dora_follows_its_indicator_within_its_group() -> None:
    nxt = {kind_name(k): kind_name(dora_of(k)) for k in range(34)}
    assert nxt["9m"] == "1m" and nxt["4m"] == "5m" and nxt["9s"] == "1s"
    assert nxt["4z"] == "1z" and nxt["1z"] == "2z"  # winds: N -> E
    assert nxt["7z"] == "5z" and nxt["5z"] == "6z"  # dragons: Red -> White


def test_the_deal_takes_four_four_four_one_from_the_dealer() -> None:
    hands = wall_mod.deal(tuple(range(136)), dealer=2)
    assert hands[2][:4] == (0, 1, 2, 3) and hands[3][:4] == (4, 5, 6, 7)
    assert hands[1][:4] == (12, 13, 14, 15) and hands[2][12] == 48 and hands[1][12] == 51
    dealt = sorted(t for h in hands for t in h)
    assert dealt == list(range(52))


def test_dead_wall_positions_do_not_overlap() -> None:
    rinshan = {wall_mod.rinshan_index(k) for k in range(4)}
    dora = {wall_mod.dora_index(i) for i in range(6)}
    ura = {wall_mod.ura_index(i) for i in range(6)}
    assert not (rinshan & dora) and not (rinshan & ura) and not (dora & ura)
    assert min(rinshan | dora | ura) == 136 - 16  # six indicators need a 16-tile dead wall
    assert min(rinshan | {wall_mod.dora_index(i) for i in range(5)}
               | {wall_mod.ura_index(i) for i in range(5)}) == 136 - 14
    assert wall_mod.live_tiles(14, 2, True) == 120 and wall_mod.live_tiles(16, 2, False) == 120
