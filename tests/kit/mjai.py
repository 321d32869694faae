"""Helpers for the mjai tests: a bot that checks the mirror against the engine, commands.

:class:`MirrorCheck` plays as one of our bots but also folds its seat's mjai events into a
:class:`~ai.mjai.mirror.Mirror` and, at every choice, compares the mirror's view and legal
actions with the engine's, tile by look (mjai names kinds and red fives, not copies).

``FAKE_BOTS`` holds small misbehaving mjai bots (python scripts) for the edge cases.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from hanchan.ai.base import make_bot
from hanchan.ai.mjai.mirror import Mirror
from hanchan.ai.mjai.options import Style
from hanchan.ai.mjai.protocol import SeatStream
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.engine.actions import Action, EndGame, ShowHand
from hanchan.engine.events import Event
from hanchan.engine.game import Game
from hanchan.engine.tiles import is_red
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import default_action, match

FAKE_BOTS = Path(__file__).resolve().parents[1] / "data" / "mjai_bots"
_TILE_FIELDS = frozenset({"tile", "hand", "drawn", "tiles", "called", "added",
                          "dora_indicators", "shown_hand", "last_discard"})


def python_command(script: Path | str, *args: str) -> str:
    """A shell-quoted command that runs ``script`` with this Python."""
    return " ".join(shlex.quote(x) for x in (sys.executable, str(script), *args))


def our_bot_command(level: str = "strong", seed: int = 0, rules: str = "tenhou") -> str:
    """``hanchan mjai-bot`` run with this Python from the source tree."""
    return " ".join(shlex.quote(x) for x in (
        sys.executable, "-m", "hanchan.cli", "mjai-bot", "--level", level, "--seed", str(seed),
        "--rules", rules))


def by_look(x: Any, red: int, key: str = "") -> Any:
    """``x`` with every physical tile replaced by (kind, red); hands sorted."""
    if key in _TILE_FIELDS and isinstance(x, int) and not isinstance(x, bool):
        return (x >> 2, is_red(x, red))
    if key == "last_discard" and isinstance(x, tuple):
        return (x[0], by_look(x[1], red, "tile"))
    if isinstance(x, msgspec.Struct):
        return tuple((f.name, by_look(getattr(x, f.name), red, f.name))
                     for f in msgspec.structs.fields(x) if f.name != "ruleset")
    if hasattr(x, "_fields"):
        return tuple((f, by_look(getattr(x, f), red, f)) for f in x._fields)
    if isinstance(x, (tuple, list)):
        items = [by_look(y, red, key) for y in x]
        return tuple(sorted(items, key=repr)) if key in ("hand", "shown_hand") else tuple(items)
    return x


class MirrorCheck:
    """A strong bot that also checks its seat's mirror at every choice (see the module)."""

    def __init__(self, seat: int, rules: Ruleset, seed: int = 0) -> None:
        self.seat = seat
        self.rules = rules
        self.bot = make_bot("strong", seed)
        self.stream = SeatStream(seat)
        self.mirror = Mirror(rules)
        self.choices = 0
        self.mismatches: list[str] = []

    def see(self, event: Event) -> None:
        for ev in self.stream.events(event):
            self.mirror.feed(ev)

    def take_notes(self) -> list[str]:
        return []

    def close(self) -> None:
        pass

    def choose(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        if any(isinstance(a, (ShowHand, EndGame)) for a in legal):
            return self.bot.choose(v, legal)  # mjai does not ask these (see protocol.automatic)
        self.choices += 1
        st = self.mirror.state
        assert st is not None
        red = self.rules.red_fives
        mine = view(st, self.seat)
        # mjai has no open riichi: an open hand is not shown (tenhou_differences says so)
        v_seats = tuple(msgspec.structs.replace(x, open_riichi=False, shown_hand=())
                        if x.open_riichi else x for x in v.seats)
        choose_view, v = v, msgspec.structs.replace(v, seats=v_seats)
        if by_look(mine, red) != by_look(v, red):
            diff = [f.name for f in msgspec.structs.fields(v) if f.name != "ruleset"
                    and by_look(getattr(v, f.name), red, f.name)
                    != by_look(getattr(mine, f.name), red, f.name)]
            seats = [(a.seat, f.name) for a, b in zip(v.seats, mine.seats, strict=True)
                     for f in msgspec.structs.fields(a)
                     if by_look(getattr(a, f.name), red, f.name)
                     != by_look(getattr(b, f.name), red, f.name)]
            self.mismatches.append(f"choice {self.choices}: view differs in {diff} {seats}")
        ours = sorted(repr(by_look(a, red)) for a in self.mirror.legal())
        theirs = sorted(repr(by_look(a, red)) for a in legal)
        if ours != theirs:
            self.mismatches.append(f"choice {self.choices}: legal {theirs} != mirror {ours}")
        return self.bot.choose(choose_view, legal)


def simple_bot(log: Path | str = "-", ron_on: str = "") -> str:
    """The command of ``simple.py`` (tsumogiri, ron on ``ron_on`` tiles, logs its input)."""
    args = [str(log)] + (["--ron-on", ron_on] if ron_on else [])
    return python_command(FAKE_BOTS / "simple.py", *args)


def drive(g: Game, outside: dict[int, MjaiSeat], *moves: tuple[int, str],
          until_hand_end: bool = True, max_steps: int = 600) -> list[str]:
    """Like :func:`tests.kit.game.run`, but the ``outside`` seats choose for themselves
    (their notes are recorded in the game); the notes, in order."""
    notes: list[str] = []
    todo = list(moves)
    hands = g.state.hands_started
    for _ in range(max_steps):
        if g.over or (not todo and until_hand_end and (
                g.state.phase == "hand_over" or g.state.hands_started != hands)):
            break
        p = g.pending()
        if not p:
            break
        seat = next((s for s in sorted(p) if s in outside), None)
        if seat is not None:
            bot = outside[seat]
            action = bot.choose(g.view(seat), p[seat])
            for text in bot.take_notes():
                notes.append(text)
                g.note(seat, text)
            g.act(seat, action)
            continue
        if todo and todo[0][0] in p:
            a = match(todo[0][1], p[todo[0][0]])
            if a is not None:
                g.act(todo[0][0], a)
                todo.pop(0)
                continue
        s = next((x for x in sorted(p) if not todo or x != todo[0][0]), sorted(p)[0])
        g.act(s, default_action(g, s, p[s]))
    if todo:
        raise AssertionError(f"scripted move {todo[0]} never became legal")
    return notes


def scripted(rules: Ruleset, wall: tuple[int, ...], commands: dict[int, str], *,
             style: Style = "wire", timeout: float = 20.0) -> tuple[Game, dict[int, MjaiSeat]]:
    """A game on ``wall`` with mjai bots started from ``commands`` in their seats."""
    outside = {s: MjaiSeat(c, s, fallback=make_bot("strong", s), style=style,
                           timeout=timeout) for s, c in commands.items()}
    g = Game(rules, seed=0, walls=[wall], listeners=[b.see for b in outside.values()])
    return g, outside


def read_log(path: Path) -> list[dict[str, Any]]:
    """The events a logging fake bot was sent, flattened."""
    out: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        out.extend(data if isinstance(data, list) else [data])
    return out
