"""Settings and the keys of the actions: the TUI's small pure parts."""

from __future__ import annotations

from pathlib import Path

from hanchan.engine.actions import (
    Action,
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
from hanchan.tui.render import ACTION_KEYS
from hanchan.tui.settings import Settings, load_settings, save_settings
from hanchan.words.actions import action_group, action_words


def test_settings_round_trip_and_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert load_settings(path) == Settings()
    st = Settings().toggled("auto_win").next_faces()
    save_settings(path, st)
    assert load_settings(path) == Settings().next_faces()  # a toggle is not kept ...
    kept = st.toggled("keep_toggles")
    save_settings(path, kept)
    assert load_settings(path) == kept  # ... unless the player keeps the toggles (K)
    path.write_text("{not json", encoding="utf-8")
    assert load_settings(path) == Settings()
    path.write_text('{"faces": "pictures", "auto_win": "yes", "tsumogiri": true}')
    got = load_settings(path)  # an older version saved the toggles: none comes back
    assert got.faces == "letters" and got.auto_win is False and got.tsumogiri is False
    path.write_text('{"keep_toggles": true, "auto_win": "yes", "tsumogiri": true}')
    got = load_settings(path)
    assert got.auto_win is False and got.tsumogiri is True


def test_actions_map_to_one_key_each() -> None:
    cases: dict[Action, str | None] = {
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


