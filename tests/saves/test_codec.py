"""The line codec: every event survives a round trip; bad lines give plain messages."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.events import EVENT_TYPES, Event, GameStarted, Meld, Payment, WinResult, Won
from rulesets.schema import Ruleset
from saves.codec import (
    FORMAT_VERSION,
    Header,
    LineError,
    SeatInfo,
    _check_values,
    _decode_checked,
    _fine,
    decode_event,
    decode_header,
    encode_event,
    encode_header,
    parse_json,
    ruleset_from_dict,
)
from tests.kit.saved_games import played_game


def roundtrip(event: Event) -> Event:
    return decode_event(parse_json(encode_event(event)))


def test_every_event_of_a_game_round_trips() -> None:
    events = played_game(1)
    kinds = {type(e).__name__ for e in events}
    assert {"GameStarted", "HandStarted", "Drew", "Discarded", "Won", "GameEnded"} <= kinds
    for ev in events:
        assert roundtrip(ev) == ev


def test_lines_are_one_json_object_with_type_first() -> None:
    line = encode_event(played_game(1)[1])
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    obj = json.loads(line)
    assert next(iter(obj)) == "type" and obj["type"] == "HandStarted"
    assert set(EVENT_TYPES) >= {obj["type"]}


tiles = st.integers(0, 135)
seats = st.integers(0, 3)
melds = st.builds(Meld, kind=st.sampled_from(["chi", "pon", "minkan", "ankan", "kakan"]),
                  tiles=st.lists(tiles, min_size=3, max_size=4, unique=True).map(tuple),
                  called=st.none() | tiles, from_seat=st.none() | seats,
                  added=st.none() | tiles)
wins = st.builds(
    WinResult, seat=seats, from_seat=st.none() | seats, tile=tiles,
    hand=st.lists(tiles, max_size=14).map(tuple), melds=st.lists(melds, max_size=4).map(tuple),
    han=st.integers(0, 130), fu=st.integers(0, 130),
    yaku=st.lists(st.tuples(st.sampled_from(["riichi", "dora", "kokushi"]),
                            st.integers(0, 26)), max_size=5).map(tuple),
    fu_parts=st.just(()), limit=st.none() | st.sampled_from(["mangan", "yakuman"]),
    yakuman_count=st.integers(0, 6), points=st.integers(0, 200000),
    payments=st.lists(st.builds(Payment, payer=st.none() | seats, payee=seats,
                                amount=st.integers(0, 100000), reason=st.just("hand")),
                      max_size=4).map(tuple),
)


@given(st.lists(wins, min_size=1, max_size=3),
       st.tuples(*[st.integers(-200000, 200000)] * 4), st.integers(0, 20))
def test_won_events_round_trip(ws: list[WinResult], deltas: tuple[int, int, int, int],
                               sticks: int) -> None:
    ev = Won(tuple(ws), deltas, sticks)
    assert roundtrip(ev) == ev


def test_header_round_trips() -> None:
    h = Header(app_version="0.1.0", created="2026-01-01T00:00:00Z",
               ruleset=Ruleset().to_dict(),
               seats=(SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "normal"),
                      SeatInfo("Bot 3", "strong")), seed=12345678901234)
    got, rules = decode_header(parse_json(encode_header(h)))
    assert got == h and rules == Ruleset()


def test_newer_version_says_so() -> None:
    obj = json.loads(encode_header(Header()))
    obj["version"] = FORMAT_VERSION + 1
    with pytest.raises(LineError, match="newer hanchan .*format version 2"):
        decode_header(obj)


def test_ruleset_missing_options_take_defaults() -> None:
    assert ruleset_from_dict({"name": "x", "oka": 0}) == Ruleset(
        name="x", oka=0, extension_dealer_keeps="target_ends", chombo_excused_by_win=False)


def test_a_save_older_than_an_option_keeps_the_game_it_played() -> None:
    # A Tenhou save written before extension_dealer_keeps existed ended the West round
    # as soon as anybody had the target; read back, it must replay that game.
    old = Ruleset().to_dict()
    del old["extension_dealer_keeps"]
    assert ruleset_from_dict(old) == Ruleset(extension_dealer_keeps="target_ends")
    assert ruleset_from_dict(Ruleset().to_dict()) == Ruleset()  # today's saves: as written


def test_ruleset_unknown_option_is_named() -> None:
    with pytest.raises(LineError, match="unknown rule option 'flying_pigs'"):
        ruleset_from_dict({"flying_pigs": True})


def test_ruleset_bad_value_names_the_path() -> None:
    with pytest.raises(LineError, match=r"\$\.ruleset\.rounding"):
        ruleset_from_dict({"rounding": "sometimes"})
    with pytest.raises(LineError, match="'red_fives' = 9 is outside 0..2"):
        ruleset_from_dict({"red_fives": 9})


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"type": "Drew", "seat": 0, "tile": "5m"}, r"expected `int`, got `str` at `\$\.tile`"),
        ({"type": "Drew", "seat": 7, "tile": 5}, "seat 7 out of range"),
        ({"type": "Drew", "seat": 0, "tile": 136}, "tile 136 out of range"),
        ({"type": "Drew", "seat": 0, "tile": 10**40}, "tile 1000.* out of range"),
        ({"type": "Won", "wins": [], "deltas": [10**40, 0, 0, 0]},
         r"number 1000.* is too large at `\$\.deltas\[0\]`"),
        ({"type": "Exploded", "seat": 0}, "unknown event type 'Exploded'"),
        ({"seat": 0}, "no event `type`"),
        ([1, 2], "not a JSON object"),
        ({"type": "Drew", "seat": 0, "tile": 1, "colour": "red"}, "unknown field 'colour'"),
        ({"type": "Discarded", "seat": 0}, "missing required field `tile`"),
        ({"type": "HandStarted", "round_wind": 0, "hand_number": 0, "honba": 0, "sticks": 0,
          "dealer": 0, "scores": [1, 2, 3, 4], "dice": [1, 1], "wall": list(range(135)) + [0]},
         "wall is not the 136 tiles"),
        ({"type": "Won", "deltas": [0, 0, 0], "wins": []}, r"at `\$\.deltas`"),
    ],
)
def test_bad_lines_give_plain_messages(obj: object, message: str) -> None:
    with pytest.raises(LineError, match=message):
        decode_event(obj)


def test_garbage_is_not_json() -> None:
    with pytest.raises(LineError, match="not valid JSON"):
        parse_json(b"{\"type\": \"Drew\", \"seat\": 0, \"ti")


def test_game_started_ruleset_decodes_from_its_dict() -> None:
    rules = Ruleset(name="makura", oka=20, uma=(20, 10, -10, -20))
    ev = GameStarted(rules, ("a", "b", "c", "d"), 5)
    obj = json.loads(encode_event(ev))
    assert isinstance(obj["ruleset"], dict)
    del obj["ruleset"]["kiriage_mangan"]  # an older file without a newer option
    assert decode_event(obj) == ev
    assert msgspec.json.decode(encode_event(ev))["ruleset"]["uma"] == [20, 10, -10, -20]


def _walk_passes(obj: object) -> bool:
    try:
        _check_values(obj, "$", 0)
    except LineError:
        return False
    return True


# Numbers at and around every bound (tiles 0..135, seats 0..3, seeds below 2**64, any other
# number within 10**9), and the other kinds of value a tampered line could hold.
_EDGES = [0, 3, 4, 135, 136, -1, 10**9, 10**9 + 1, -10**9, -10**9 - 1, 2**64 - 1, 2**64,
          1 - 2**64, -(2**64), 0.5, float("nan"), float("inf"), 1e10, True, False, None, "x"]
_SPECIAL = ["tile", "called", "tiles", "wall", "seat", "payer", "seed", "points"]


@pytest.mark.parametrize("key", _SPECIAL)
def test_the_quick_value_check_passes_exactly_what_the_naming_walk_passes(key: str) -> None:
    # check_values runs the quick test and names the bad value only when it fails: the two
    # must agree, or a bad number slips through (or a good line is refused)
    for v in _EDGES:
        for obj in ({key: v}, {key: [v, 1]}, {"x": {key: v}}, {key: [[v]]}, {key: {"tile": v}},
                    {"x": [{key: v}]}):
            assert _fine(obj, 0) == _walk_passes(obj), obj


_KEYS = st.sampled_from(_SPECIAL)
_VALUES = st.recursive(st.sampled_from(_EDGES) | st.integers() | st.floats(),
                       lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(_KEYS, inner, max_size=3), max_leaves=8)


@given(st.dictionaries(_KEYS, _VALUES, max_size=3))
def test_the_quick_value_check_agrees_on_any_shape(obj: object) -> None:
    assert _fine(obj, 0) == _walk_passes(obj), obj


@pytest.mark.parametrize("inner", [1, {"tiles": [1]}, {"tiles": [[1]]}, [2, [3]]])
def test_the_quick_value_check_passes_no_line_nested_too_deeply(inner: object) -> None:
    # near the depth limit the quick test may refuse what the walk accepts (the walk then
    # decides), never the other way round
    for levels in range(10, 20):
        obj: object = inner
        for _ in range(levels):
            obj = {"x": obj}
        assert _walk_passes(obj) or not _fine(obj, 0), levels


def _outcome(decode: Callable[[Any], Event], obj: object) -> object:
    try:
        return decode(obj)
    except LineError as exc:
        return str(exc)


_TURN_VALUES = [0, 1, 3, 4, 135, 136, -1, True, False, None, 1.0, "1", [1]]


def test_a_draw_or_discard_read_the_short_way_is_what_the_long_way_reads() -> None:
    # decode_event reads a well-formed Drew or Discarded line without the general checks:
    # the same event, and anything else falls through to the same refusal
    for name in ("Drew", "Discarded", "RiichiAccepted"):
        for flag in ("rinshan", "tsumogiri", "x"):
            for seat, tile, value in itertools.product(_TURN_VALUES, repeat=3):
                obj = {"type": name, "seat": seat, "tile": tile, flag: value}
                for variant in (obj, {**obj, "colour": 1}, {"type": name, "tile": tile,
                                                            flag: value}):
                    assert _outcome(decode_event, variant) == _outcome(_decode_checked,
                                                                       variant), variant


@given(st.sampled_from(["Drew", "Discarded", 7, None]),
       st.dictionaries(st.sampled_from(["seat", "tile", "rinshan", "tsumogiri", "type"]),
                       st.sampled_from(_TURN_VALUES), max_size=4))
def test_any_near_miss_reads_as_the_long_way_reads(name: object,
                                                   fields: dict[str, object]) -> None:
    obj = {"type": name, **fields}
    assert _outcome(decode_event, obj) == _outcome(_decode_checked, obj), obj


def test_every_draw_and_discard_of_a_game_reads_as_the_long_way_reads() -> None:
    events = played_game(3)
    lines = [parse_json(encode_event(ev)) for ev in events]
    assert sum(type(obj) is dict and obj["type"] in ("Drew", "Discarded") for obj in lines) > 500
    assert [decode_event(obj) for obj in lines] == [_decode_checked(obj) for obj in lines] == list(
        events)
