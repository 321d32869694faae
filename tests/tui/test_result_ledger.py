"""The hand-result table's numbers are the engine's: After is the next hand's start.

The oracle is the game record itself: each hand's ``HandStarted.scores`` is what the
engine carries from the result before it, and the table on the screen must show those
numbers, riichi deposits included (issue 23, item 1: the deposits were left out, so a
declarer's After was 1,000 too high and the four added up to 101,000).
"""

from __future__ import annotations

import re

from textual.app import App

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.engine.events import Event, HandDrawn, HandStarted, Penalty, RiichiAccepted, Won
from hanchan.rulesets.loader import load_ruleset
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.words.hand_facts import hand_facts
from hanchan.words.ledger import hand_ledger
from tests.kit.screen_text import screen_text

NAMES = ("You", "Bot S", "Bot W", "Bot N")


def _game(preset: str, seed: int) -> list[Event]:
    bots = [make_bot("normal", seed * 4 + i) for i in range(4)]
    return play_game(load_ruleset(preset), bots, seed, names=NAMES)


def _results(events: list[Event]
             ) -> list[tuple[Won | HandDrawn | Penalty, HandStarted | None]]:
    """Each hand result with the next hand's start (None after the last hand)."""
    out: list[tuple[Won | HandDrawn | Penalty, HandStarted | None]] = []
    for i, ev in enumerate(events):
        if isinstance(ev, Won | HandDrawn | Penalty):
            nxt = next((e for e in events[i + 1:] if isinstance(e, HandStarted)), None)
            out.append((ev, nxt))
    return out


def test_after_is_the_next_hands_start_in_every_hand() -> None:
    deposits = 0
    for preset, seed in (("tenhou", 1), ("makura", 2), ("ako", 3), ("yokoyoko", 4)):
        events = _game(preset, seed)
        start_total = sum(next(e for e in events if isinstance(e, HandStarted)).scores)
        for result, nxt in _results(events):
            hand = hand_facts(events, result)
            rows, sticks = hand_ledger(hand), hand.sticks_after
            deposits += sum(r.sticks != 0 for r in rows)
            for r in rows:
                assert r.before + r.sticks + r.change == r.after
            if nxt is not None:
                assert tuple(r.after for r in rows) == nxt.scores
                assert sticks == nxt.sticks
            assert sum(r.after for r in rows) + 1000 * sticks == start_total
    assert deposits > 10  # the games had riichi deposits to show


async def test_the_screen_shows_the_engine_numbers_after_a_riichi() -> None:
    events = _game("tenhou", 1)
    chosen = None
    for result, nxt in _results(events):
        idx = events.index(result)
        start = max(i for i in range(idx) if isinstance(events[i], HandStarted))
        if nxt is not None and any(isinstance(e, RiichiAccepted) for e in events[start:idx]):
            chosen = (result, nxt)
            break
    assert chosen is not None, "the seeded game has a hand with a riichi deposit"
    result, nxt = chosen

    class One(App[object]):
        def on_mount(self) -> None:
            self.push_screen(HandResultScreen(hand_facts(events, result), 0, NAMES))

    app = One()
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    shown = {}
    for name in NAMES:
        line = next(ln for ln in text.splitlines()
                    if re.match(rf"\s*[│|]?\s*{re.escape(name)}\s+[\d,]+", ln))
        shown[name] = int(re.findall(r"[\d,]+", line.split(name, 1)[1])[-1].replace(",", ""))
    assert tuple(shown[n] for n in NAMES) == nxt.scores
    assert "-1,000" in text  # the deposit is shown as its own figure
