"""The replay viewer's analysis key (issue 38): ``x`` shows every choice of the seat in view
at the moment shown, checked against the engine's shanten and waits; ←/→ go to the seat's
other choices and Escape brings the viewer there."""

from __future__ import annotations

from hanchan.ai.hints import moments
from hanchan.engine.events import Drew, Event
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import counts_of, format_kinds, parse_kinds
from hanchan.engine.waits import waits
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.screens.analysis import AnalysisScreen
from hanchan.tui.screens.replay import ReplayScreen
from tests.kit.game import build_wall, run
from tests.kit.one_screen import OneScreen
from tests.kit.play import game
from tests.kit.screen_text import screen_text

SIZE = (110, 40)


def _game() -> list[Event]:
    # East holds 123m 456p 789s 23s 55s and draws 1z: strong throws the 1z in riichi
    # (tenpai on 1s-4s); the 5s is thrown (a saved game made by the engine, not the pilot)
    g = game(Ruleset(), build_wall({0: "123m456p789s2355s"}, ["1z"]))
    run(g, (0, "d 5s"), until_hand_end=True)
    return g.events


def _rows(text: str) -> dict[str, list[str]]:
    """The table's rows by choice ("Discard 5s"), each the columns after the choice."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        body = line.strip("│ ").lstrip("▶ ")
        for head in ("Riichi with ", "Discard "):
            if body.startswith(head):
                words = body.split()
                n = len(head.split())
                out[" ".join(words[:n + 1])] = words[n + 1:]
    return out


async def test_x_analyses_the_moment_against_the_engine() -> None:
    events = _game()
    drew = next(i for i, ev in enumerate(events) if isinstance(ev, Drew) and ev.seat == 0)

    app = OneScreen(ReplayScreen(events, title="t", position=drew))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen
        assert "Analyse" in screen_text(app)  # the key is in the footer's help
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, AnalysisScreen)
        text = screen_text(app)
        assert "Analysis for East (" in text and f"after event {drew + 1}" in text
        assert "▶ Riichi with 1z tenpai" in text
        assert "strong: riichi: 2-sided wait on 1s 4s" in text
        rows = _rows(text)
        hand = counts_of(replay.replay.view(0).concealed(), physical=True)
        kinds = {k for k in range(34) if hand[k]}
        assert {parse_kinds(c.split()[-1])[0] for c in rows if c.startswith("Discard")} == kinds
        for choice, cols in rows.items():
            k = parse_kinds(choice.split()[-1])[0]
            left = list(hand)
            left[k] -= 1
            sh = shanten(left, 0)
            assert cols[0] == ("tenpai" if sh == 0 else f"{sh}-shanten"), choice
            if sh == 0:  # the waits are the engine's
                assert cols[2] == f"({format_kinds(waits(left, 0))})", choice
        # the next choice of East's: its next draw
        await pilot.press("right")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, AnalysisScreen) and scr.position > drew
        nxt = scr.position
        assert nxt == next(i for i in moments(events, 0) if i > drew)
        assert f"after event {nxt + 1}" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay and replay.replay.position == nxt


async def test_x_where_the_seat_has_nothing_to_decide() -> None:
    events = _game()

    app = OneScreen(ReplayScreen(events, title="t", seat=2, position=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert "Nothing for West (" in screen_text(app)
        assert "to decide here" in screen_text(app)
