"""The review screen's second opinion (issue 38): ``b`` asks any mjai bot, typed then, at
every decision, as ``hanchan review --by`` does; a bot that fails or attacks leaves strong's
review whole, and the command is written nowhere."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar

from hanchan.ai.asking import same_choice
from hanchan.ai.base import MjaiOptions
from hanchan.coach.review import summary_lines
from hanchan.engine.actions import Discard
from hanchan.engine.events import HandStarted
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.review import ReviewScreen
from hanchan.tui.settings import Settings
from tests.ai.test_mjai_hostile import BODIES, command, left_over, write_bot
from tests.kit.one_screen import OneScreen
from tests.kit.saved_games import played_game
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import type_bot_command
from tests.tui.test_review_screen import SIZE, _bad_discard

OURS = f"{shlex.quote(sys.executable)} -m hanchan.cli mjai-bot --level strong"



def flat(app: App[Any]) -> str:
    """The screen's words, a sentence wrapped over lines joined again."""
    return " ".join(screen_text(app).split())


async def _ask(pilot: Pilot[Any], typed: str, *, wait: bool = True) -> ReviewScreen:
    """Wait for the review, press b, type ``typed``, Enter; with ``wait``, the answers."""
    app = pilot.app
    await app.workers.wait_for_complete()
    await pilot.pause()
    scr = app.screen
    assert isinstance(scr, ReviewScreen) and scr.review is not None
    await type_bot_command(pilot, "b", typed)
    assert isinstance(app.screen, ReviewScreen) and app.screen is scr  # the dialog closed
    if wait:
        await app.workers.wait_for_complete()
        await pilot.pause()
    return scr


async def test_our_mjai_bot_agrees_with_strong_at_every_decision() -> None:
    events = _bad_discard()
    app = OneScreen(ReviewScreen(events, 0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, OURS)
        review, second = scr.review, scr.second
        assert review is not None and second is not None and not second.notes
        assert set(second.answers) == {d.position for d in review.decisions}
        for d in review.decisions:
            answer = second.answers[d.position]
            if answer.action is None:  # riichi wanted where the player did not declare
                assert answer.riichi and isinstance(d.best.action, Discard) \
                    and d.best.action.riichi
            else:
                assert same_choice(answer.action, d.best.action), d.position
        text = screen_text(app)
        assert "hanchan chose as you at " in text and "as strong at 100%." in text
        assert scr.query_one(ProgressBar).display is False
        # each mistake's detail: the bot's line under strong's, naming strong's choice
        mistakes = review.mistakes()
        assert mistakes
        for i, d in enumerate(mistakes):
            scr.query_one(OptionList).highlighted = i
            await pilot.pause()
            lines = screen_text(app).splitlines()
            strong = next(x for x in lines if x.strip().startswith("strong  "))
            by = next(x for x in lines if x.strip().startswith("hanchan ")
                      and "chose as you" not in x)
            said = by.split("hanchan", 1)[1].strip()
            assert strong.split("strong", 1)[1].strip().startswith(said.split(";")[0]) \
                or (said == "riichi" and d.best.text.startswith("riichi")), (strong, by)


@pytest.mark.parametrize(("code", "says"), [
    (None, "could not be started"),  # no such program
    ("import sys; sys.exit(3)", "exited with status 3"),  # exits at once
])
async def test_a_bot_that_cannot_answer_gets_a_sentence_and_strong_stays(
        tmp_path: Path, code: str | None, says: str) -> None:
    events = _bad_discard()
    typed = str(tmp_path / "no-such-bot") if code is None else \
        f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"
    app = OneScreen(ReviewScreen(events, 0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, typed)
        assert scr.review is not None
        text = flat(app)
        assert text.count(says) == 1 and text.count("The mjai bot") == 1, text
        assert "gave no answer; the review is strong's alone." in text
        for x in summary_lines(scr.review):  # strong's figures, whole
            assert " ".join(x.split()) in text
        assert " strong riichi 1z: tenpai" in text and "Traceback" not in text
        await pilot.press("h")  # still in use
        assert "hand    decisions  as strong" in screen_text(app)


@pytest.mark.parametrize(("typed", "says"), [
    ("   ", "No bot was asked: no command was typed."),
    ("mjai:", "No bot was asked: no command was typed."),
    ("'unclosed", "No bot was asked: the command cannot be read (No closing quotation)."),
    ("'' --level strong", "No bot was asked: the command names no program."),
])
async def test_a_command_naming_no_program_is_refused_in_a_sentence(
        typed: str, says: str) -> None:
    app = OneScreen(ReviewScreen(_bad_discard(), 0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, typed)
        assert scr.second is None and says in screen_text(app)


async def test_a_flooding_bot_is_stopped_and_the_screen_stays_usable(
        tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "flood", BODIES["flood_stdout"])
    app = OneScreen(ReviewScreen(_bad_discard(), 0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, command(script, pids))
        text = flat(app)
        assert f"The mjai bot {script.name} in seat E wrote more than 16 lines it was not " \
            "asked for; it is asked no more and strong's review stands." in text
        assert scr.second is not None and len(scr.second.notes) == 1
        assert left_over(pids) == []
        await pilot.press("h")
        assert "hand    decisions  as strong" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


async def test_escape_while_a_hung_bot_is_asked_ends_it_at_once(tmp_path: Path) -> None:
    """The bot hangs from its third request, with a minute to answer each: Escape closes
    the screen and ends the bot's processes (its forked child too) before the worker has
    seen a single late reply."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "hang", BODIES["hang"], fork=True)
    app = OneScreen(ReviewScreen(_bad_discard(), 0, mjai=MjaiOptions(timeout=60.0)))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, command(script, pids), wait=False)
        bar = scr.query_one(ProgressBar)
        for _ in range(400):  # until the two plain answers are in and the third asked
            if (bar.progress or 0) >= 2:
                break
            await pilot.pause(0.05)
        assert bar.progress == 2 and "Asking hang.py at every decision" in screen_text(app)
        said: list[str] = []
        scr.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign]
        await pilot.press("b")  # a second bot while this one is asked: refused, and said
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert said == ["Wait: the bot asked is still at work."]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        assert left_over(pids) == []
        await app.workers.wait_for_complete()
        assert scr.second is None


async def test_the_second_opinion_stays_through_the_replay() -> None:
    """Enter shows a mistake in the replay; Esc back to the list keeps the bot's answers
    (in memory), and so does r again on the same seat."""

    class Replayer(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ReplayScreen(_bad_discard(), title="bad"))

    app = Replayer()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen
        await pilot.press("r")
        scr = await _ask(pilot, OURS)
        second = scr.second
        assert second is not None and "as strong at 100%." in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is replay and replay.second is second
        await pilot.press("escape")
        await pilot.pause()
        back = app.screen
        assert isinstance(back, ReviewScreen) and back is not scr and back.second is second
        assert "as strong at 100%." in flat(app) and " hanchan riichi" in flat(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, ReviewScreen) and again.second is second


def _save_short_game(folder: Path) -> Path:
    """The first hand of a game between easy bots, saved as a game in progress."""
    events = played_game(6, "easy")
    second = [i for i, e in enumerate(events) if isinstance(e, HandStarted)][1]
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in (1, 2, 3)]
    path = folder / "game.jsonl"
    with GameWriter.open_path(path, make_header(Ruleset().to_dict(), seats, 6)) as w:
        w.extend(events[:second])
    return path


async def test_the_command_typed_is_written_nowhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Data never becomes code: the command lives in memory only, so no file of the app
    (the save, the settings, anything under the home folder) holds it afterwards."""
    home = tmp_path / "home"
    home.mkdir()
    for var in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home))
    path = _save_short_game(tmp_path)
    mark = "zq81x-second-opinion"
    typed = f"env HANCHAN_MARK={mark} {OURS}"
    app = HanchanApp("replay", path=path, save_dir=tmp_path,
                     settings_path=tmp_path / "settings.json",
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen), app.error
        await pilot.press("r")
        scr = await _ask(pilot, typed)
        assert scr.second is not None and not scr.second.notes
        assert "as strong at 100%." in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("v")  # the settings are written
        await pilot.pause()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert tmp_path / "settings.json" in files and path in files
    for p in files:
        assert mark.encode() not in p.read_bytes(), p


EXTERNAL = Path(__file__).resolve().parents[2] / "benchmarks" / "external"
MAJIANG = EXTERNAL / "node_modules" / "@kobalab" / "majiang-ai" / "package.json"


@pytest.mark.skipif(not MAJIANG.is_file() or shutil.which("node") is None,
                    reason="majiang-ai is not installed: run `make external-bots`")
async def test_majiang_ai_gives_a_second_opinion_in_the_app() -> None:
    """電脳麻将's AI typed at the review screen's b: an answer at every decision, no note,
    its agreement with the player and with strong shown (as `review --by` gives them)."""
    events = _bad_discard()
    app = OneScreen(ReviewScreen(events, 0, mjai=MjaiOptions(timeout=30.0)))
    async with app.run_test(size=SIZE) as pilot:
        scr = await _ask(pilot, f"mjai:node {shlex.quote(str(EXTERNAL / 'majiang_mjai.js'))}")
        review, second = scr.review, scr.second
        assert review is not None and second is not None and second.notes == ()
        assert set(second.answers) == {d.position for d in review.decisions}
        assert all(a.action is not None or a.riichi for a in second.answers.values())
        text = flat(app)
        assert "majiang_mjai.js chose as you at " in text and "as strong at " in text, text
