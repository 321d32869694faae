"""The player's settings: tile faces, Tenhou-style toggles, help, bot delay.

Kept as a small JSON file (``settings.json``) in the save folder (or where
``HANCHAN_SETTINGS`` says).  The file is data: read without blocking and bounded,
each value checked (a bad one gets its default and a note for the player), and
replaced whole when written, never written through a link.

The toggles that play for the player last as long as on Tenhou: skip calls and
tsumogiri end with the hand, auto-win with the game, and none is restored at launch,
unless the player keeps them (``keep_toggles``, off by default).

>>> on = Settings(auto_win=True, skip_calls=True, tsumogiri=True)
>>> hand = on.for_new_hand()
>>> hand.auto_win, hand.skip_calls, hand.tsumogiri
(True, False, False)
>>> on.for_new_game().auto_win, replace(on, keep_toggles=True).for_new_game().auto_win
(False, True)
"""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal

from hanchan.saves.reader import SaveError, read_regular
from hanchan.saves.writer import atomic_write
from hanchan.tui.tilefaces import FACE_MODES, FaceMode

Toggle = Literal["auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles",
                 "score_call"]
TOGGLES: tuple[Toggle, ...] = ("auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles",
                               "score_call")


@dataclass(frozen=True)
class Settings:
    """Everything the player can switch."""

    faces: FaceMode = "letters"
    auto_win: bool = False  # declare tsumo/ron at once when legal
    skip_calls: bool = False  # pass on chi/pon/kan offers without asking
    tsumogiri: bool = False  # discard the drawn tile at once when nothing else is offered
    show_help: bool = True  # shanten, acceptance, waits and furiten under the hand
    bot_delay: float = 0.4  # seconds between bot actions
    keep_toggles: bool = False  # the three toggles above last between hands and games
    score_call: bool = False  # call the score of your wins before the result (always in practice)

    def toggled(self, name: Toggle) -> Settings:
        """A copy with the switch ``name`` flipped.

        >>> Settings().toggled("auto_win").auto_win
        True
        """
        if name == "auto_win":
            return replace(self, auto_win=not self.auto_win)
        if name == "skip_calls":
            return replace(self, skip_calls=not self.skip_calls)
        if name == "tsumogiri":
            return replace(self, tsumogiri=not self.tsumogiri)
        if name == "keep_toggles":
            return replace(self, keep_toggles=not self.keep_toggles)
        if name == "score_call":
            return replace(self, score_call=not self.score_call)
        return replace(self, show_help=not self.show_help)

    def for_new_hand(self) -> Settings:
        """A copy for the next hand: skip calls and tsumogiri off, unless kept."""
        if self.keep_toggles:
            return self
        return replace(self, skip_calls=False, tsumogiri=False)

    def for_new_game(self) -> Settings:
        """A copy for a new (or continued) game: no toggle on, unless kept."""
        if self.keep_toggles:
            return self
        return replace(self, auto_win=False, skip_calls=False, tsumogiri=False)

    def next_faces(self) -> Settings:
        """A copy with the next tile face mode."""
        i = FACE_MODES.index(self.faces)
        return replace(self, faces=FACE_MODES[(i + 1) % len(FACE_MODES)])

    def paced(self, step: int) -> Settings:
        """A copy with the bots slower (``step`` +1) or faster (-1) by 0.2 s, within 0-2 s.

        >>> Settings(bot_delay=0.4).paced(1).bot_delay, Settings(bot_delay=0.0).paced(-1).bot_delay
        (0.6, 0.0)
        """
        delay = round(min(2.0, max(0.0, self.bot_delay + 0.2 * step)), 1)
        return replace(self, bot_delay=delay)

    def banner(self, *, practice: bool = False) -> str:
        """The toggles that play for the player, as the table's banner shows them ("" when
        none is on).  Practice mode never wins by itself (see :mod:`tui.table.autoplay`).

        >>> Settings(tsumogiri=True, skip_calls=True).banner()
        'AUTO: skip calls (s) · tsumogiri (g) · until the hand ends'
        """
        on = [label for label, flag in (("auto-win (a)", self.auto_win and not practice),
                                        ("skip calls (s)", self.skip_calls),
                                        ("tsumogiri (g)", self.tsumogiri)) if flag]
        if not on:
            return ""
        if self.keep_toggles:
            until = "kept (K)"
        elif self.skip_calls or self.tsumogiri:
            until = "until the hand ends"
        else:
            until = "until the game ends"
        return "AUTO: " + " · ".join(on) + f" · {until}"

    def badges(self) -> str:
        """The keys of the toggles, at the edge of the message line when none is on."""
        if self.auto_win or self.skip_calls or self.tsumogiri:
            return ""
        return "toggles: a auto-win  s skip calls  g tsumogiri"


MAX_BOT_DELAY = 2.0
"""The longest pause between the bots' moves, in seconds (``--bot-delay``'s limit too)."""
MAX_SETTINGS_BYTES = 64 * 1024
"""A settings file is at most this long (it is under 300 bytes); a longer one is not read."""
_BOOLS = ("auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles", "score_call")


@dataclass(frozen=True)
class ReadSettings:
    """The settings read from a file, and one sentence for each thing of it not used."""

    settings: Settings
    notes: tuple[str, ...] = ()


def read_settings(path: Path | None) -> ReadSettings:
    """Settings from ``path``: the defaults when it is missing; for a file that cannot be
    read (a FIFO, a device, too long, not JSON, nested too deeply) or a value out of range,
    the defaults for it and a note saying so.

    The file is data: read without blocking, at most :data:`MAX_SETTINGS_BYTES`, each
    value checked.  The toggles are read only when the file keeps them (``keep_toggles``):
    an older version saved them always.

    >>> import json, tempfile
    >>> f = Path(tempfile.mkdtemp()) / "settings.json"
    >>> _ = f.write_text(json.dumps({"bot_delay": 1e308, "show_help": False}))
    >>> read = read_settings(f)
    >>> read.settings.bot_delay, read.settings.show_help
    (0.4, False)
    >>> read.notes
    ('settings.json: bot_delay 1e+308 is not a pause of 0 to 2 seconds; 0.4 is used.',)
    """
    if path is None:
        return ReadSettings(Settings())
    name = path.name
    try:
        data = json.loads(read_regular(path, MAX_SETTINGS_BYTES, "settings file"))
    except SaveError as exc:
        if exc.reason == "no such file":
            return ReadSettings(Settings())
        return ReadSettings(Settings(), (f"{name} {exc.reason}; the default settings are "
                                         "used.",))
    except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, nested too deeply
        why = "nested too deeply" if isinstance(exc, RecursionError) else "not valid JSON"
        return ReadSettings(Settings(), (f"{name} is {why}; the default settings are used.",))
    if not isinstance(data, dict):
        return ReadSettings(Settings(), (f"{name} is not a JSON object; the default settings "
                                         "are used.",))
    d = Settings()
    notes: list[str] = []
    flags: dict[str, bool] = {}
    for key in _BOOLS:
        value = data.get(key, getattr(d, key))
        if type(value) is not bool:
            notes.append(f"{name}: {key} must be true or false, not {_shown(value)}; "
                         f"{_shown(getattr(d, key))} is used.")
            value = getattr(d, key)
        flags[key] = value
    faces = data.get("faces", d.faces)
    if faces not in FACE_MODES:
        notes.append(f"{name}: faces must be {', '.join(FACE_MODES)}, not {_shown(faces)}; "
                     f"{d.faces} is used.")
        faces = d.faces
    delay = data.get("bot_delay", d.bot_delay)
    if (type(delay) not in (int, float) or not math.isfinite(delay)
            or not 0 <= delay <= MAX_BOT_DELAY):
        notes.append(f"{name}: bot_delay {_shown(delay)} is not a pause of 0 to "
                     f"{MAX_BOT_DELAY:g} seconds; {d.bot_delay} is used.")
        delay = d.bot_delay
    keep = flags["keep_toggles"]
    return ReadSettings(Settings(
        faces=next(m for m in FACE_MODES if m == faces),
        auto_win=keep and flags["auto_win"],
        skip_calls=keep and flags["skip_calls"],
        tsumogiri=keep and flags["tsumogiri"],
        show_help=flags["show_help"],
        bot_delay=float(delay),
        keep_toggles=keep,
        score_call=flags["score_call"],
    ), tuple(notes))


def load_settings(path: Path | None) -> Settings:
    """Settings from ``path`` (:func:`read_settings` without its notes)."""
    return read_settings(path).settings


def save_settings(path: Path | None, settings: Settings) -> None:
    """Write settings (the toggles only when kept); a failure to write is not an error
    worth stopping the game for.

    The file is replaced whole (a temporary file renamed over it): what was there -- a
    FIFO, a link to another file -- is replaced, never written through.
    """
    if path is None:
        return
    data = json.dumps(asdict(settings.for_new_game()), indent=1).encode()
    with contextlib.suppress(OSError):
        atomic_write(path, data)


def _shown(value: object) -> str:
    """A value of the file as JSON, cut short (it may be a long string)."""
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
