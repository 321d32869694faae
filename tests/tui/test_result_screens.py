"""Result screens drawn from hand-made events: a double ron with pao, a draw with nagashi."""

from __future__ import annotations

from rich.cells import cell_len

from hanchan.engine.events import (
    Event,
    GameStarted,
    HandDrawn,
    HandStarted,
    Payment,
    WinResult,
    Won,
)
from hanchan.engine.tiles import parse_tiles
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.screens.hand_result import HandResultScreen, sticks_line, win_text
from hanchan.words.hand_facts import hand_facts
from tests.kit.one_screen import OneScreen
from tests.kit.screen_text import screen_text

NAMES = ("You", "Bot S", "Bot W", "Bot N")


def _events(result: Won | HandDrawn) -> list[Event]:
    return [
        GameStarted(Ruleset(), NAMES, 1),
        HandStarted(1, 2, 3, 1, 2, (31000, 24000, 22000, 23000), (3, 4), tuple(range(136))),
        result,
    ]


async def _show(result: Won | HandDrawn) -> str:
    events = _events(result)

    app = OneScreen(HandResultScreen(hand_facts(events, result), 0, NAMES))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        return screen_text(app)


async def test_double_ron_with_pao_and_payments() -> None:
    hand_a = tuple(parse_tiles("123m456p789s11z555z"))
    hand_b = tuple(parse_tiles("234m", used=hand_a)) + tuple(parse_tiles("22z", used=hand_a))
    a = WinResult(0, 2, hand_a[-1], hand_a, (), 13, 40, (("daisangen", 13),), (),
                  "yakuman", 1, 32000, pao_seat=3,
                  payments=(Payment(2, 0, 16000, "hand"), Payment(3, 0, 16000, "pao")))
    b = WinResult(1, 2, hand_b[0], hand_b, (), 2, 30, (("riichi", 1), ("dora", 1)),
                  (("base", 20), ("closed_ron", 10)), None, 0, 2000,
                  ura_indicators=tuple(parse_tiles("9s", used=hand_a + hand_b)),
                  payments=(Payment(2, 1, 2000, "hand"), Payment(None, 1, 1000, "sticks")))
    text = await _show(Won((a, b), (32000, 3000, -18000, -16000), 1))
    assert "South 3 (S3-3) — win" in text
    assert "You win — Ron from Bot W" in text and "Bot S wins — Ron from Bot W" in text
    assert "yakuman — 32,000 points" in text
    assert "Pao: Bot N is liable" in text
    assert "Bot N → You: 16,000 (pao)" in text
    assert "2 han 30 fu — 2,000 points" in text and "Fu: base 20, closed ron 10" in text
    assert "the table → Bot S: 1,000 (riichi sticks)" in text
    assert "Ura 1s (indicator 9s)" in text  # the ura dora, then its indicator
    assert "+32,000" in text and "63,000" in text  # You: 31,000 + 32,000


async def test_draw_with_nagashi_and_noten_payments() -> None:
    hands = (tuple(parse_tiles("123m456p789s1122z")[:13]), (), (), ())
    result = HandDrawn(
        "exhaustive", (True, False, False, False), hands, nagashi=(3,),
        payments=(Payment(1, 0, 1000, "noten"), Payment(2, 0, 1000, "noten"),
                  Payment(0, 3, 4000, "nagashi")),
        deltas=(-1000, -1000, -1000, 3000),
    )
    text = await _show(result)
    assert "Exhaustive draw" in text
    assert "tenpai 1m 2m 3m" in text
    assert text.count("noten") >= 3
    assert "Nagashi mangan: Bot N" in text
    assert "You → Bot N: 4,000 (nagashi mangan)" in text


async def test_han_values_line_up_by_display_width_and_fu_parts_are_words() -> None:
    # issue 40: the han column shifted with the Japanese names' double-width characters;
    # "open triplet terminal" was said of an honour pon
    hand = tuple(parse_tiles("234m456p789s22z555z"))
    w = WinResult(0, 2, hand[0], hand, (), 3, 40,
                  (("riichi", 1), ("yakuhai_haku", 1), ("dora", 1)),
                  (("base", 20), ("open_triplet_terminal", 4), ("closed_ron", 10)), None, 0,
                  5200, payments=(Payment(2, 0, 5200, "hand"),))
    lines = win_text(w, NAMES, 1, "letters", ()).plain.splitlines()
    rows = [ln for ln in lines if ln.endswith(" han")]
    assert len(rows) == 3 and any(cell_len(r) != len(r) for r in rows)  # a CJK name among them
    assert len({cell_len(r) for r in rows}) == 1
    text = await _show(Won((w,), (5200, 0, -5200, 0), 0))
    assert "open triplet of terminals/honours 4" in " ".join(text.split())


def test_one_stick_stays() -> None:
    assert sticks_line(1) == "1 stick (1,000) stays on the table."
    assert sticks_line(2) == "2 sticks (2,000) stay on the table."
