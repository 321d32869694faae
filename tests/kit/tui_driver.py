"""Drive the app through the pilot like a person: read the screen's state, press keys."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from hanchan.engine.tiles import counts_of
from hanchan.engine.waits import discard_options
from hanchan.tui.screens.bot_command import BotCommandScreen
from hanchan.tui.screens.chooser import ChooserScreen
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.score_call import ScoreCallScreen
from hanchan.tui.screens.table import TableScreen
from tests.kit.screen_text import screen_text


class Stuck(AssertionError):
    """The app did not come to rest in time."""


# The screens ``settle`` comes to rest on.
Settled = HandResultScreen | GameEndScreen | ChooserScreen | ScoreCallScreen | TableScreen


async def settle(pilot: Pilot[Any], timeout: float = 20.0) -> Settled:
    """Wait until the human must act, or a result, score call, chooser or end screen is up
    and drawn."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause()
        scr = app.screen
        if isinstance(scr, (HandResultScreen, GameEndScreen, ChooserScreen, ScoreCallScreen)):
            if screen_text(app).strip():  # pushed and drawn (a busy machine lags between)
                return scr
            continue
        if isinstance(scr, TableScreen):
            legal = scr.session.legal()
            if legal and scr.legal_now == legal and not scr.busy:
                return scr
    raise Stuck(f"the app did not settle; screen {type(app.screen).__name__}")


@dataclass
class Policy:
    """How the scripted player plays: calls, riichi, wins; counts what it did."""

    call: bool = True
    riichi: bool = True
    seen: dict[str, int] = field(default_factory=dict)

    def note(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1


def best_discard_index(scr: TableScreen) -> int:
    """Index in the hand of the discard that keeps shanten lowest (a sensible player)."""
    view = scr.session.view()
    tiles = view.concealed()
    legal = {a.tile for a in scr.legal_now if hasattr(a, "tile") and not getattr(a, "riichi", 0)}
    options = discard_options(counts_of(tiles, physical=True), len(view.me.melds))
    for opt in options:
        for i in reversed(range(len(tiles))):
            if tiles[i] >> 2 == opt.kind and tiles[i] in legal:
                return i
    return len(tiles) - 1


async def human_turn(pilot: Pilot[Any], scr: TableScreen, policy: Policy) -> None:
    """Press the keys for one decision of the human."""
    groups = scr.groups()
    if "tsumo" in groups:
        policy.note("tsumo")
        await pilot.press("t")
    elif "ron" in groups:
        policy.note("ron")
        await pilot.press("o")
    elif "riichi" in groups and policy.riichi:
        policy.note("riichi")
        await pilot.press("r", "enter")
    elif policy.call and "pon" in groups:
        policy.note("pon")
        await pilot.press("p")
    elif policy.call and "chi" in groups:
        policy.note("chi")
        await pilot.press("c")
    elif "show" in groups or "stop" in groups:
        await pilot.press("y")
    elif "nine" in groups:
        await pilot.press("n")
    elif "pass" in groups:
        await pilot.press("space")
    elif scr.legal_now:
        index = best_discard_index(scr)
        await pilot.press("1", *(["right"] * index))
        policy.note("discard")
        await pilot.press("enter")


async def play(pilot: Pilot[Any], policy: Policy, *, until: str = "end",
               max_steps: int = 5000) -> list[str]:
    """Play on until the end screen (``until='end'``) or the first result screen (``'result'``).

    Returns the texts of the result screens met, in order.
    """
    results: list[str] = []
    for _ in range(max_steps):
        scr = await settle(pilot)
        if isinstance(scr, GameEndScreen):
            return results
        if isinstance(scr, HandResultScreen):
            results.append(screen_text(pilot.app))
            if until == "result":
                return results
            await pilot.press("enter")
        elif isinstance(scr, ChooserScreen):
            policy.note("chooser")
            await pilot.press("1")
        elif isinstance(scr, ScoreCallScreen):
            policy.note("score call")
            await pilot.press("escape")  # skip the call: the result follows
        elif isinstance(scr, TableScreen):
            await human_turn(pilot, scr, policy)
    raise Stuck("too many steps")


async def play_until_call_offer(pilot: Pilot[Any], max_steps: int = 500) -> TableScreen:
    """Discard sensibly (never calling) until the human is offered a chi or pon."""
    policy = Policy(call=False, riichi=False)
    for _ in range(max_steps):
        scr = await settle(pilot)
        if isinstance(scr, TableScreen) and {"chi", "pon"} & set(scr.groups()):
            return scr
        if isinstance(scr, (HandResultScreen, ScoreCallScreen)):
            await pilot.press("enter" if isinstance(scr, HandResultScreen) else "escape")
        elif isinstance(scr, TableScreen):
            await human_turn(pilot, scr, policy)
        else:
            raise Stuck(f"unexpected screen {type(scr).__name__}")
    raise Stuck("no call was offered")


async def type_bot_command(pilot: Pilot[Any], key: str, typed: str) -> None:
    """Press ``key`` for the dialog that asks for an mjai bot's command, check that it says
    the command is never stored, type ``typed`` and press Enter."""
    await pilot.press(key)
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, BotCommandScreen)
    assert "never written to a file" in screen_text(pilot.app)
    dialog.query_one(Input).value = typed
    await pilot.press("enter")
    await pilot.pause()
