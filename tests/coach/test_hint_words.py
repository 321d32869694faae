"""A hint's reason in words (issue 23, item 9): push, fold or shape, from the bot's facts.

Each view is made by hand; the words are checked against what the table shows (the
riichi player's river) and against the engine's own waits and acceptance, computed
apart from the bot.
"""

from __future__ import annotations

import re
from typing import TypedDict

from hanchan.ai.decision import Decision
from hanchan.ai.hints import hint
from hanchan.coach.advice import advise, reason_words
from hanchan.engine.actions import Discard, Pass
from hanchan.engine.tiles import counts_of, kind_name, kind_of
from hanchan.engine.view import PlayerView
from hanchan.engine.waits import waits
from tests.kit.botviews import make_view


class Threat(TypedDict):
    """The ``make_view`` arguments of a riichi on the table."""

    rivers: tuple[str, str, str, str]
    riichi: tuple[int, ...]
    riichi_turns: dict[int, int]
    wall_remaining: int


SOUTH_RIICHI: Threat = {"rivers": ("", "1z2z9m5p8s", "", ""), "riichi": (1,),
                        "riichi_turns": {1: 4}, "wall_remaining": 40}


def decide(view: PlayerView) -> tuple[int, Decision]:
    d = hint(view, [Discard(t) for t in view.concealed()])
    assert isinstance(d.action, Discard)
    return d.action.tile, d


def river_kinds(view: PlayerView, seat: int) -> set[int]:
    return {kind_of(r.tile) for r in view.seats[seat].river}


def test_a_fold_names_the_genbutsu_and_whose_riichi() -> None:
    view = make_view("1368m3478p24699s", drawn="5p", **SOUTH_RIICHI)
    tile, d = decide(view)
    assert kind_of(tile) in river_kinds(view, 1)  # the 5p South threw
    assert reason_words(d) == "folding: genbutsu against South's riichi"


def test_a_fold_on_suji_names_the_tile_that_makes_it_suji() -> None:
    view = make_view("1368m3478p24699s", drawn="2s", rivers=("", "1z2z3z5s6z", "", ""),
                     riichi=(1,), riichi_turns={1: 4}, wall_remaining=40)
    tile, d = decide(view)
    assert kind_name(kind_of(tile)) == "2s" and kind_of(tile) not in river_kinds(view, 1)
    assert reason_words(d) == "folding: suji of 5s against South's riichi"  # 5s in the river


def test_a_push_gives_the_wait_its_worth_and_the_wall() -> None:
    view = make_view("23456m234p567s88s", drawn="4z", **SOUTH_RIICHI)
    tile, d = decide(view)
    rest = list(view.concealed())
    rest.remove(tile)
    wait = waits(counts_of(rest, physical=True), 0)  # the engine's waits, not the bot's
    seen = view.visible_counts()
    left = sum(4 - seen[k] for k in wait)
    words = reason_words(d)
    names = " ".join(kind_name(k) for k in wait)
    assert re.fullmatch(rf"pushing: 3-sided wait on {names} \({left} tiles\) worth about "
                        rf"\d{{1,2}},\d00, 40 tiles left; 4z is not safe against South's riichi "
                        rf"\(about \d+% if tenpai\)", words), words


def test_without_a_threat_the_reason_is_shape_and_acceptance() -> None:
    view = make_view("123m456p78s1199s5z", drawn="3p")
    tile, d = decide(view)
    advice = advise(view, tile)  # hanchan.coach.advice's own count, through engine.waits.ukeire
    assert reason_words(d) == (f"keeps {advice.shanten}-shanten, "
                               f"{advice.acceptance_count} tiles accept")


def test_no_internal_numbers_in_any_reason() -> None:
    bare = Decision(Pass(), "discard 3p: 1-shanten, 24 tiles, danger 448")
    assert reason_words(bare) == "discard 3p: 1-shanten, 24 tiles"
    for hand, drawn in (("1368m3478p24699s", "5p"), ("23456m234p567s88s", "4z")):
        _, d = decide(make_view(hand, drawn=drawn, **SOUTH_RIICHI))
        assert "danger" not in reason_words(d)
