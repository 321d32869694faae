"""Settings, stats, advice and event words: the TUI's small pure parts."""

from __future__ import annotations

from pathlib import Path

from engine.events import (
    Called,
    Discarded,
    GameStarted,
    HandStarted,
    Meld,
    RiichiDeclared,
    WinResult,
    Won,
)
from engine.tiles import counts_of, parse_tiles
from engine.waits import waits
from rulesets.schema import Ruleset
from tests.kit.tui_sample import mid_hand_view
from tui.analysis import advise
from tui.event_words import describe
from tui.settings import Settings, load_settings, save_settings
from tui.stats import score_history, seat_stats


def test_settings_round_trip_and_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert load_settings(path) == Settings()
    st = Settings().toggled("auto_win").next_faces()
    save_settings(path, st)
    assert load_settings(path) == st
    path.write_text("{not json", encoding="utf-8")
    assert load_settings(path) == Settings()
    path.write_text('{"faces": "pictures", "auto_win": "yes", "tsumogiri": true}')
    got = load_settings(path)
    assert got.faces == "letters" and got.auto_win is False and got.tsumogiri is True


def test_stats_and_history_from_events() -> None:
    rules = Ruleset()
    pon = tuple(parse_tiles("777z"))
    win = WinResult(seat=0, from_seat=2, tile=1, hand=(), melds=(), han=1, fu=30, yaku=(),
                    fu_parts=(), limit=None, yakuman_count=0, points=1000)
    events = [
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
    from engine.shanten import shanten

    assert advice.shanten == shanten(counts)
    if advice.shanten == 0:
        assert list(advice.waits) == waits(counts)
    assert advice.words()


def test_describe_never_names_a_drawn_tile() -> None:
    from engine.events import Drew

    names = ("You", "B", "C", "D")
    assert describe(Drew(1, 77), names, 1) == "B draws"
    assert describe(Discarded(2, 16), names, 1) == "C discards 0m"


def test_describe_speaks_to_the_player() -> None:
    from engine.events import Drew

    names = ("You", "B", "C", "D")
    assert describe(Drew(0, 77), names, 1) == "You draw"
    assert describe(RiichiDeclared(0), names, 1) == "You declare riichi"


def test_actions_map_to_one_key_each() -> None:
    from engine.actions import (
        AddedKan,
        Chi,
        ClosedKan,
        Discard,
        EndGame,
        NineTerminals,
        OpenKan,
        Pass,
        Pon,
        Ron,
        ShowHand,
        Tsumo,
    )
    from tui.render import ACTION_KEYS, action_group, action_words

    cases = {
        Chi((0, 4)): "chi", Pon((0, 1)): "pon", OpenKan((0, 1, 2)): "kan",
        ClosedKan((0, 1, 2, 3)): "kan", AddedKan(3): "kan", Tsumo(): "tsumo", Ron(): "ron",
        NineTerminals(): "nine", Pass(): "pass", ShowHand(True): "show", ShowHand(False): "noten",
        EndGame(True): "stop", EndGame(False): "continue", Discard(5, riichi=True): "riichi",
        Discard(5, riichi=True, open=True): "open_riichi", Discard(5): None,
    }
    for action, group in cases.items():
        assert action_group(action) == group
        if group is not None:
            assert group in ACTION_KEYS
    assert action_words(Chi((4, 8)), 1) == "Chi 23m"
    assert action_words(ClosedKan((16, 17, 18, 19)), 1) == "Kan 0555m"
    assert action_words(Discard(16, riichi=True), 1) == "Riichi with 0m"
    # what a hint says when strong would show its riichi (makura 18)
    assert action_words(Discard(16, riichi=True, open=True), 1) == "Open riichi with 0m"


def test_best_discards_follow_the_hand_analysis() -> None:
    from engine.tiles import kind_name
    from engine.waits import discard_options
    from tui.analysis import best_discards

    view = mid_hand_view(drawn=True)
    words = best_discards(view, 3)
    best = discard_options(counts_of(view.concealed(), physical=True))[0]
    assert words.startswith(f"Best discards: {kind_name(best.kind)} ")
    assert words.count("·") == 2
    assert best_discards(mid_hand_view(drawn=False)) == ""  # nothing to discard
