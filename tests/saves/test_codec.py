"""The line codec: every event survives a round trip; bad lines give plain messages."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import EVENT_TYPES, Event, GameStarted, Meld, Payment, WinResult, Won
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import (
    FORMAT_VERSION,
    Header,
    LineError,
    SeatInfo,
    decode_event,
    decode_header,
    decode_line,
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
        ({"type": "Drew", "seat": 7, "tile": 5}, r"expected `int` <= 3 at `\$\.seat`"),
        ({"type": "Drew", "seat": 0, "tile": 136}, r"expected `int` <= 135 at `\$\.tile`"),
        ({"type": "Drew", "seat": 0, "tile": 10**40}, r"<= 135 at `\$\.tile`"),
        ({"type": "Won", "wins": [], "deltas": [10**40, 0, 0, 0]},
         r"expected `int` <= 1000000000 at `\$\.deltas\[0\]`"),
        ({"type": "Exploded", "seat": 0}, "unknown event type 'Exploded'"),
        ({"seat": 0}, "no event `type`"),
        ([1, 2], "not a JSON object"),
        ({"type": "Drew", "seat": 0, "tile": 1, "colour": "red"}, "unknown field `colour`"),
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


# Numbers at and around every bound, and the other kinds of value a tampered line could hold.
_EDGES = [0, 3, 4, 135, 136, -1, 10**9, 10**9 + 1, -10**9, -10**9 - 1, 2**63 - 1, 2**63,
          -(2**63), -(2**63) - 1, 2**64, 0.5, 1e10, True, False, None, "x", [1], {"a": 1}]
_TILE, _SEAT, _ANY, _SEED = (0, 135), (0, 3), (-10**9, 10**9), (-(2**63), 2**63 - 1)


def _game_lines() -> dict[str, dict[str, Any]]:
    """A line of each type a played game has, as plain data."""
    out: dict[str, dict[str, Any]] = {}
    for ev in played_game(1):
        out.setdefault(type(ev).__name__, json.loads(encode_event(ev)))
    return out


_MELD = {"kind": "pon", "tiles": [0, 1, 2], "called": 2, "from_seat": 3, "added": None}
_PAYMENT = {"payer": 1, "payee": 0, "amount": 1000, "reason": "hand"}
# (event type, the path of one number, its bounds, and fields to set first)
_BOUNDED: list[tuple[str, tuple[Any, ...], tuple[int, int], dict[str, Any]]] = [
    ("Drew", ("tile",), _TILE, {}),
    ("Drew", ("seat",), _SEAT, {}),
    ("Discarded", ("tile",), _TILE, {}),
    ("DoraRevealed", ("indicator",), _TILE, {}),
    ("HandStarted", ("dealer",), _SEAT, {}),
    ("HandStarted", ("honba",), _ANY, {}),
    ("HandStarted", ("scores", 2), _ANY, {}),
    ("Called", ("meld", "called"), _TILE, {"type": "Called", "seat": 0, "meld": _MELD}),
    ("Called", ("meld", "from_seat"), _SEAT, {"type": "Called", "seat": 0, "meld": _MELD}),
    ("HandDrawn", ("nagashi", 0), _SEAT, {"type": "HandDrawn", "kind": "exhaustive",
                                          "nagashi": [0]}),
    ("HandDrawn", ("hands", 1, 0), _TILE, {"type": "HandDrawn", "kind": "exhaustive",
                                           "hands": [[], [5]]}),
    ("HandDrawn", ("payments", 0, "payer"), _SEAT, {"type": "HandDrawn",
                                                    "kind": "exhaustive",
                                                    "payments": [_PAYMENT]}),
    ("HandDrawn", ("payments", 0, "amount"), _ANY, {"type": "HandDrawn",
                                                    "kind": "exhaustive",
                                                    "payments": [_PAYMENT]}),
    ("GameStarted", ("seed",), _SEED, {}),
    ("GameEnded", ("table", 0, "points"), _ANY, {}),
    ("GameEnded", ("table", 0, "oka"), _ANY, {}),
]


@pytest.mark.parametrize(("name", "path", "bounds", "base"), _BOUNDED,
                         ids=[f"{n}.{'.'.join(map(str, p))}" for n, p, _, _ in _BOUNDED])
def test_every_number_of_a_line_is_bounded_by_its_type(
        name: str, path: tuple[Any, ...], bounds: tuple[int, int],
        base: dict[str, Any]) -> None:
    # a tile 0..135, a seat 0..3, a seed any signed 64-bit number, any other number within
    # 10**9: the typed decoder refuses the rest, naming the path of the value
    line = base or _game_lines()[name]
    floating = path[-1] == "oka"
    for v in _EDGES:
        obj = json.loads(json.dumps(line))
        where = obj
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = v
        number = type(v) is int or (floating and type(v) is float)
        fits = (number and bounds[0] <= v <= bounds[1]  # type: ignore[operator]
                or (v is None and path[-1] in ("called", "from_seat", "payer", "seed")))
        try:
            decode_line(json.dumps(obj).encode())
        except LineError as exc:
            assert not fits, (v, str(exc))
            if number:
                assert "$." + ".".join(str(k) for k in path[:1]) in str(exc), str(exc)
        else:
            assert fits, v


def test_a_line_read_from_bytes_is_the_line_read_from_its_json() -> None:
    # decode_line (the reader's) and decode_event (for data already parsed) agree
    events = played_game(3)
    lines = [encode_event(ev) for ev in events]
    assert [decode_line(line) for line in lines] == [
        decode_event(parse_json(line)) for line in lines] == list(events)
    with pytest.raises(LineError, match="not valid UTF-8"):
        decode_line(b'{"type": "Note", "seat": null, "text": "\xe2\x80"}')
    for obj in ({"type": "Drew", "seat": 9, "tile": 1}, {"type": "Nope"}, [1], {"x": 1}):
        line = json.dumps(obj).encode()
        with pytest.raises(LineError) as a:
            decode_line(line)
        with pytest.raises(LineError) as b:
            decode_event(obj)
        assert str(a.value) == str(b.value)


def test_a_line_is_encoded_as_its_fields_in_order_after_its_type() -> None:
    # the line a tagged struct writes: what the dataclasses of earlier versions wrote
    ev = Won((WinResult(0, None, 5, (5,), (), 1, 30, (("tsumo", 1),), (), None, 0, 1000),),
             (3000, -1000, -1000, -1000))
    assert encode_event(ev) == (
        b'{"type":"Won","wins":[{"seat":0,"from_seat":null,"tile":5,"hand":[5],"melds":[],'
        b'"han":1,"fu":30,"yaku":[["tsumo",1]],"fu_parts":[],"limit":null,"yakuman_count":0,'
        b'"points":1000,"ura_indicators":[],"pao_seat":null,"payments":[],"chips":[0,0,0,0]}],'
        b'"deltas":[3000,-1000,-1000,-1000],"sticks_taken":0}\n')
