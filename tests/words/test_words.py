"""The plain-text layer: a game's statistics, the hand advice and events in words."""

from __future__ import annotations

from hanchan.coach.advice import advise, best_discards
from hanchan.engine.events import (
    Called,
    Discarded,
    Drew,
    Event,
    GameStarted,
    HandStarted,
    Meld,
    RiichiDeclared,
    WinResult,
    Won,
)
from hanchan.engine.scoring import EN_NAMES, NAMES, yaku_table
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import counts_of, kind_name, parse_tiles
from hanchan.engine.waits import discard_options, waits
from hanchan.rulesets.schema import Ruleset
from hanchan.words.events import describe
from hanchan.words.stats import score_history, seat_stats
from hanchan.words.yaku import yaku_name
from tests.kit.tui_sample import mid_hand_view


def test_stats_and_history_from_events() -> None:
    rules = Ruleset()
    pon = tuple(parse_tiles("777z"))
    win = WinResult(seat=0, from_seat=2, tile=1, hand=(), melds=(), han=1, fu=30, yaku=(),
                    fu_parts=(), limit=None, yakuman_count=0, points=1000)
    events: list[Event] = [
        GameStarted(rules, ("You", "B", "C", "D"), 1),
        HandStarted(0, 0, 0, 0, 0, (25000,) * 4, (1, 1), tuple(range(136))),
        RiichiDeclared(0),
        Discarded(0, 5),
        Called(0, Meld("pon", pon, pon[0], 2)),
        Won((win,), (1000, 0, -1000, 0)),
        HandStarted(0, 1, 0, 0, 1, (26000, 25000, 24000, 25000), (1, 1), tuple(range(136))),
    ]
    st = seat_stats(events, 0)
    assert (st.hands, st.wins, st.riichi, st.hands_with_calls, st.average_win) == (2, 1, 1, 1, 1000)
    assert seat_stats(events, 2).deal_ins == 1
    assert score_history(events) == [(25000,) * 4, (26000, 25000, 24000, 25000)]


def test_advice_matches_the_hand_analysis() -> None:
    view = mid_hand_view(drawn=False)  # 13 tiles: 234m067p34556s22z
    advice = advise(view, None)
    counts = counts_of(view.concealed(), physical=True)
    assert advice.shanten == shanten(counts)
    if advice.shanten == 0:
        assert list(advice.waits) == waits(counts)
    assert advice.words()


def test_describe_never_names_a_drawn_tile() -> None:
    names = ("You", "B", "C", "D")
    assert describe(Drew(1, 77), names, 1) == "B draws"
    assert describe(Discarded(2, 16), names, 1) == "C discards 0m"


def test_describe_speaks_to_the_player() -> None:
    names = ("You", "B", "C", "D")
    assert describe(Drew(0, 77), names, 1) == "You draw"
    assert describe(RiichiDeclared(0), names, 1) == "You declare riichi"


def test_best_discards_follow_the_hand_analysis() -> None:
    view = mid_hand_view(drawn=True)
    words = best_discards(view, 3)
    best = discard_options(counts_of(view.concealed(), physical=True))[0]
    assert words.startswith(f"Best discards: {kind_name(best.kind)} ")
    assert words.count("·") == 2
    assert best_discards(mid_hand_view(drawn=False)) == ""  # nothing to discard


def test_a_yakus_english_name_and_its_gloss_are_fields() -> None:
    """The short name is the registry's own field, not the full name cut at " (": the
    list on the rules screen and the result screen show it, ``hanchan rules yaku`` keeps
    the full English with the gloss."""
    rows = {y.id: y for y in yaku_table(Ruleset())}
    assert (rows["ippatsu"].name, rows["ippatsu"].gloss) == ("Ippatsu", "one-shot")
    assert rows["ippatsu"].en == "Ippatsu (one-shot)" == NAMES["ippatsu"][1]
    assert yaku_name("pinfu") == "Pinfu 平和" and EN_NAMES["riichi"] == rows["riichi"].en
    assert all(y.en.startswith(y.name) and "(" not in y.name for y in rows.values())
