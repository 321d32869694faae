"""The menu's "Practice drills": the same questions and verdicts as ``hanchan drill``."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from hanchan.cli.files import verify_file
from hanchan.coach.drills import questions
from hanchan.rulesets import load_ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.drills import DrillScreen, DrillsScreen
from hanchan.tui.settings import Settings
from tests.cli.test_drill import _saved
from tests.kit.screen_text import screen_text

SIZE = (100, 32)


async def test_the_menu_opens_the_drills_and_a_drill_keeps_score(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DrillsScreen)
        assert "Practice drills" in screen_text(app)
        await pilot.press("enter")  # the first drill: score calling, under the first preset
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "scores"
        qs = questions("scores", scr.rules, count=scr.count, seed=scr.seed)
        key = qs[0].key
        assert "Won on the tile set apart" in screen_text(app)  # the hand drawn as tiles
        await pilot.press(*"nonsense", "enter")
        await pilot.pause()
        assert "is not part of a score" in scr.said and scr.asked == 0
        scr.query_one(Input).value = ""
        value = key.value_words.split(" (")[0]
        await pilot.press(*f"{value} {key.payment_words.replace(',', '')}", "enter")
        await pilot.pause()
        assert scr.said.startswith("Right") and (scr.right, scr.asked) == (1, 1)
        await pilot.press("enter")  # next question
        await pilot.pause()
        assert scr.index == 1 and not scr.answered
        await pilot.press(*"skip", "enter")
        await pilot.pause()
        assert scr.said.startswith("Skipped. It is") and (scr.right, scr.asked) == (1, 2)
        assert "1/2 right" in screen_text(app)


async def test_the_drills_follow_the_chosen_rules(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        drills = app.screen
        assert isinstance(drills, DrillsScreen)
        presets = drills.query_one("#rules", OptionList)
        presets.highlighted = [p.name for p in drills.infos].index("ako")
        await pilot.pause()
        assert drills.rules() == load_ruleset("ako")
        await pilot.press("down", "enter")  # the fu drill
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "fu"
        assert scr.rules == load_ruleset("ako")
        q = questions("fu", load_ruleset("ako"), count=scr.count, seed=scr.seed)[0]
        await pilot.press(*str(q.key.fu + 10), "enter")
        await pilot.pause()
        assert scr.said.startswith("Wrong") and f"it is {q.key.fu} fu" in scr.said


async def test_the_discards_drill_reviews_the_saved_games(tmp_path: Path) -> None:
    _saved(tmp_path)
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the discards drill
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "discards"
        for _ in range(200):
            await pilot.pause(0.05)
            if scr.items:
                break
        assert scr.items and "From g.jsonl" in screen_text(app)
        await pilot.press(*"xx", "enter")
        await pilot.pause()
        assert "is not one tile" in scr.said


async def test_the_discards_drill_leaves_out_a_damaged_game(tmp_path: Path) -> None:
    # one line deleted in the middle of a game: the referee refuses it (as verify does), the
    # drill says so in one sentence and draws its problems from the other game (issue 35)
    good = _saved(tmp_path)
    lines = good.read_bytes().split(b"\n")
    del lines[200]
    (tmp_path / "damaged.jsonl").write_bytes(b"\n".join(lines))
    refusal = verify_file(tmp_path / "damaged.jsonl")[0].removeprefix(str(tmp_path) + "/")
    assert refusal.startswith("damaged.jsonl: E1-2, line 201: ")
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the discards drill
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "discards"
        for _ in range(200):
            await pilot.pause(0.05)
            if scr.items:
                break
        for _ in range(40):  # the note's line is laid out on a later refresh
            if "left out" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert scr.items and "From g.jsonl" in screen_text(app)
        assert scr.skipped == f"1 saved game was left out as damaged ({refusal})."
        assert "1 saved game was left out as damaged (damaged.jsonl: E1-2, line 201:" \
            in " ".join(screen_text(app).split())
        await pilot.press(*"skip", "enter")
        await pilot.pause()
        assert scr.said.startswith("Skipped. Strong discards") and scr.asked == 1
