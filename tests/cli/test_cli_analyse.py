"""``hanchan analyse`` (issue 38): a typed hand's choices against the engine and xiangting,
the bot's choice first, the JSON keys of docs/cli.md, and bad input as one sentence."""

from __future__ import annotations

import json

import pytest
import xiangting
from hypothesis import event, given, settings
from hypothesis import strategies as st

from hanchan.ai.club import ClubBot
from hanchan.cli.main import main
from hanchan.coach.position import PositionError, build_position
from hanchan.engine.actions import Discard
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import (
    counts_of,
    format_kinds,
    format_tiles,
    kind_name,
    kind_of,
    parse_kinds,
)
from hanchan.engine.waits import waits

TOP = {"seat_wind", "hand", "drawn", "melds", "dora_indicators", "tiles_left", "best", "reason",
       "choices"}
CHOICE = {"choice", "discard", "riichi", "shanten", "acceptance", "improving", "waits", "win",
          "value", "danger", "score"}


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["analyse", *argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_json_keys_and_every_choice_against_the_engine_and_xiangting(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("24m3406p12789s55z", "6s", "--river", "E:1z9p", "--river", "S:9m8p*",
            "--river", "W:2z", "--river", "N:3z", "--seat-wind", "W", "--dora", "4p")
    data = _json(capsys, *argv)
    assert set(data) == TOP
    assert (data["seat_wind"], data["drawn"], data["dora_indicators"]) == ("W", "6s", "4p")
    assert data["tiles_left"] == 70 - 7  # six river tiles and the own draw
    choices = data["choices"]
    assert isinstance(choices, list)
    assert choices[0]["choice"] == data["best"]
    # what the analysis shows is what the engine and the outside oracle say
    pos = build_position("24m3406p12789s55z", "6s", rivers={"E": "1z9p", "S": "9m8p*", "W": "2z",
                                                          "N": "3z"},
                         seat_wind="W", dora="4p")
    seen = pos.view.visible_counts()
    assert sum(seen) == 14 + 6 + 1
    assert [len(s.river) for s in pos.view.seats] == [2, 2, 1, 1]
    assert pos.view.seats[1].riichi and pos.view.seats[1].river[1].riichi
    counts = counts_of(pos.view.concealed(), physical=True)
    kinds_shown = set()
    for c in choices:
        assert set(c) == CHOICE
        kind = parse_kinds(c["discard"])[0]
        kinds_shown.add(kind)
        left = list(counts)
        left[kind] -= 1
        rn, necessary = xiangting.calculate_necessary_tiles(left, xiangting.PlayerCount.FOUR)
        improving = [j for j in range(34) if necessary >> j & 1]
        assert c["shanten"] == shanten(left, 0) == rn - 1
        assert c["acceptance"] == sum(4 - seen[j] for j in improving)
        shown = parse_kinds(c["waits"] or c["improving"])
        assert sorted(shown) == improving
        if c["shanten"] == 0:
            assert shown == waits(left, 0)
        assert 0.0 <= c["win"] <= 1.0 and c["danger"] >= 0.0
    assert kinds_shown == {kind_of(t) for t in pos.view.concealed()}
    # against South's riichi the danger is read: not every discard is as safe
    assert len({c["danger"] for c in choices}) > 1
    # the best is strong's own choice for the same view
    chosen = ClubBot("strong", seed=0).choose(pos.view, pos.legal)
    assert isinstance(chosen, Discard)
    assert choices[0]["discard"] == format_tiles([chosen.tile], 1)
    assert choices[0]["riichi"] == chosen.riichi


def test_a_tenpai_hand_lists_riichi_beside_dama(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "123m456p789s1122z3z")
    choices = data["choices"]
    assert isinstance(choices, list)
    riichi = [c for c in choices if c["riichi"]]
    assert [c["discard"] for c in riichi] == ["3z"]
    dama = next(c for c in choices if c["discard"] == "3z" and not c["riichi"])
    assert riichi[0]["waits"] == dama["waits"] == "12z"
    # no yaku on the waits: dama wins by tsumo only, riichi also by ron
    assert riichi[0]["win"] > dama["win"]
    assert data["best"] == "Riichi with 3z" and choices[0] == riichi[0]


def test_the_text_marks_the_best_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "123m456p789s1122z", "3z"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("123m456p789s1122z + 3z   seat E, round E, dora indicator ")
    assert "(chosen; set it with --dora)" in out[0]
    assert out[1].split() == ["choice", "hand", "after", "tiles", "win", "value", "danger",
                              "score"]
    assert out[2].startswith("▶ Riichi with 3z tenpai     4 (12z)")
    assert sum(line.startswith("▶") for line in out) == 1
    assert len(out) == 2 + 13 + 1  # twelve kinds and the riichi of one
    assert out[-1].startswith("strong: riichi: 2-sided wait on 1z 2z")


def test_a_hand_with_a_meld_is_measured_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("13m78p456s77z44z", "--melds", "pon:555z", "--river", "S:9m1s",
            "--river", "E:1z8s", "--river", "W:2z3z", "--river", "N:3z2p", "--seat-wind", "S",
            "--dora", "1p")
    data = _json(capsys, *argv)
    assert data["melds"] == ["555z"] and data["drawn"] == "4z"
    pos = build_position("13m78p456s77z44z", melds=["pon:555z"],
                         rivers={"S": "9m1s", "E": "1z8s", "W": "2z3z", "N": "3z2p"},
                         seat_wind="S", dora="1p")
    view = pos.view
    # the pon was called on East's first discard, then South threw its 9m
    east = view.seats[0].river
    assert [r.called_by for r in east] == [1, None, None] and kind_of(east[0].tile) == 31
    assert view.seats[1].river[0].tsumogiri is False and len(view.me.melds) == 1
    seen = view.visible_counts()
    counts = counts_of(view.concealed(), physical=True)
    choices = data["choices"]
    assert isinstance(choices, list)
    for c in choices:
        left = list(counts)
        left[parse_kinds(c["discard"])[0]] -= 1
        rn, necessary = xiangting.calculate_necessary_tiles(left, xiangting.PlayerCount.FOUR)
        assert c["shanten"] == shanten(left, 1) == rn - 1
        assert c["acceptance"] == sum(4 - seen[j] for j in range(34) if necessary >> j & 1)
    chosen = ClubBot("strong", seed=0).choose(view, pos.legal)
    assert isinstance(chosen, Discard) and choices[0]["discard"] == format_tiles([chosen.tile])


def test_the_rules_number_of_indicators_is_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --dora the indicators are chosen, as many as the rules show (ako: two), and
    none of them is a tile in sight."""
    data = _json(capsys, "123m456p789s1122z3z", "--rules", "ako")
    shown = parse_kinds(str(data["dora_indicators"]))
    assert len(shown) == 2 and not set(shown) & set(parse_kinds("123m456p789s1122z3z"))


BASE = "123m456p789s1122z3z"
BAD = [
    (["123m456p789s112z"], "the hand has 12 tiles: give 14"),
    ([BASE + "4m"], "the hand has 15 tiles"),
    (["123m456p789s11z", "2z", "2z"], "unrecognized arguments"),
    (["11111m456p789s112z"], "5 copies of 1m in the hand, melds, rivers and dora indicators"),
    (["1111m456p789s1122z", "--river", "E:1m"], "5 copies of 1m"),
    (["123m456p789s1122z3x"], "'x' at position"),
    (["123m456p789s1122z8z"], "honours are 1z to 7z, not 8z"),
    ([BASE, "--seat-wind", "X"], "the seat wind 'X' is not a wind"),
    ([BASE, "--round-wind", "SS"], "the round wind 'SS' is not a wind"),
    ([BASE, "--river", "19m"], "give the seat wind and its discards"),
    ([BASE, "--river", "E:1z", "--river", "e:2z"], "river twice"),
    ([BASE, "--river", "Q:1z"], "a river's seat 'Q' is not a wind"),
    ([BASE, "--seat-wind", "S"], "East's river holds 0 tiles but"),
    ([BASE, "--turn", "3"], "East's river holds 0 tiles but"),
    ([BASE, "--turn", "0"], "the first own draw is turn 1"),
    ([BASE, "--river", "E:1z*"], "the seat in view is in riichi"),
    ([BASE, "--river", "S:1z**"], "marks riichi twice"),
    ([BASE, "--river", "S:*1z"], "'*' comes after the riichi tile"),
    ([BASE, "--dora", "1p2p"], "2 dora indicators: these rules show 1"),
    ([BASE, "--dora", "1p", "--rules", "ako"], "1 dora indicator: these rules show 2"),
    ([BASE, "--dora", "1q"], "the dora indicators: '1q' is not tile notation"),
    (["123m456p789s0000z"], "honours are 1z to 7z, not 0z"),
    ([BASE, "--melds", "pon:555z"], "the hand has 14 tiles beside 1 meld: give 11"),
    (["13m78p456s77z44z", "--melds", "kan:5555z"], "analyse takes chi and pon"),
    (["13m78p456s77z44z", "--melds", "ankan:5555z"], "analyse takes chi and pon"),
    (["13m78p456s77z44z", "--melds", "pon:556z"], "a pon is 3 identical tiles"),
    (["13m78p456s77z44z", "--melds", "chi:135m"], "a chi is three consecutive tiles"),
    (["13m78p456s77z44z", "--melds", "pon:555z", "--seat-wind", "S", "--river", "E:1z"],
     "1 meld called before this turn: the South seat's river needs at least 1 tiles"),
    (["13m78p456s77z44z", "--melds", "pon:777z"], "5 copies of 7z in the hand, melds"),
    (["123m456p789s1122z", "0m", "--rules", "gpc"], "no red fives"),
]


@pytest.mark.parametrize("argv, words", BAD, ids=[b[1][:24] for b in BAD])
def test_bad_input_is_one_sentence(argv: list[str], words: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["analyse", *argv])
    except SystemExit as exc:  # argparse's own refusal
        status = int(exc.code or 0)
    err = capsys.readouterr().err
    assert status in (1, 2)
    assert words in err, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2  # argparse prints its usage line first


def test_bad_rules_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "123m456p789s11z2z", "--rules", "nosuch"]) == 2
    assert "cannot use the rules 'nosuch'" in capsys.readouterr().err


_TEXT = st.text(alphabet="0123456789mpszx*:ESWN ", max_size=24)


@settings(max_examples=300, deadline=None)
@given(hand=_TEXT, drawn=st.one_of(st.none(), _TEXT),
       rivers=st.dictionaries(st.sampled_from("ESWNQe"), _TEXT, max_size=4),
       dora=st.one_of(st.none(), _TEXT), melds=st.lists(_TEXT, max_size=2),
       wind=st.sampled_from(["E", "S", "W", "N", "x", ""]),
       turn=st.one_of(st.none(), st.integers(-2, 30)))
def test_any_typed_text_is_a_position_or_one_sentence(
        hand: str, drawn: str | None, rivers: dict[str, str], dora: str | None,
        melds: list[str], wind: str, turn: int | None) -> None:
    """Hostile input: whatever is typed, a position the engine folds or a PositionError."""
    try:
        pos = build_position(hand, drawn, melds=melds, rivers=rivers, dora=dora,
                             seat_wind=wind, turn=turn)
    except PositionError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert pos.legal and len(pos.view.concealed()) + 3 * len(pos.view.me.melds) == 14


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_typed_positions_near_valid_ones_fold_or_refuse(data: st.DataObject) -> None:
    """Hostile but plausible input: random kinds for the hand, rivers of random lengths,
    a random meld: the engine folds the position (the hand as typed, the rivers as typed)
    or one sentence says why not."""
    deck = data.draw(st.permutations([k for k in range(34) for _ in range(4)]))
    n_melds = data.draw(st.integers(0, 1))
    size = 14 - 3 * n_melds
    hand = deck[:size]
    wind = data.draw(st.sampled_from("ESWN"))
    me = "ESWN".index(wind)
    lengths = data.draw(st.lists(st.integers(0, 3), min_size=4, max_size=4))
    if data.draw(st.booleans()):  # rivers that fit the turn order (and the meld's call)
        n = data.draw(st.integers(n_melds + (me == 0) * n_melds, 3))
        lengths = [n + 1 if s < me else n for s in range(4)]
        lengths[(me + 3) % 4] -= n_melds
    rest = iter(deck[size:])
    rivers = {w: format_kinds([next(rest) for _ in range(n)])
              for w, n in zip("ESWN", lengths, strict=True) if n}
    melds = [f"pon:{format_kinds([deck[-1]] * 3)}"] if n_melds else []
    text = "".join(kind_name(k) for k in hand)
    try:
        pos = build_position(text, melds=melds, rivers=rivers, seat_wind=wind,
                             dora=data.draw(st.sampled_from([None, kind_name(deck[-2])])))
    except PositionError as exc:
        assert str(exc) and "\n" not in str(exc)
        event("refused")
        return
    event("folded")
    view = pos.view
    assert sorted(kind_of(t) for t in view.concealed()) == sorted(hand)
    assert view.drawn is not None and kind_of(view.drawn) == hand[-1]
    for s in view.seats:
        typed = parse_kinds(rivers.get("ESWN"[s.seat], ""))
        assert [kind_of(r.tile) for r in s.river if r.called_by is None] == typed
    assert pos.legal
