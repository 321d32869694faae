"""The player's settings: tile faces, Tenhou-style toggles, help, bot delay.

Kept as a small JSON file (``settings.json``) in the user's config directory,
or in the save directory when one is given; a damaged file is ignored.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal, TypeVar

from tui.tilefaces import FACE_MODES, FaceMode

Toggle = Literal["auto_win", "skip_calls", "tsumogiri", "show_help"]
TOGGLES: tuple[Toggle, ...] = ("auto_win", "skip_calls", "tsumogiri", "show_help")
_T = TypeVar("_T", bool, float)


@dataclass(frozen=True)
class Settings:
    """Everything the player can switch."""

    faces: FaceMode = "letters"
    auto_win: bool = False  # declare tsumo/ron at once when legal
    skip_calls: bool = False  # pass on chi/pon/kan offers without asking
    tsumogiri: bool = False  # discard the drawn tile at once when nothing else is offered
    show_help: bool = True  # shanten, acceptance, waits and furiten under the hand
    bot_delay: float = 0.4  # seconds between bot actions

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
        return replace(self, show_help=not self.show_help)

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

    def badges(self) -> str:
        """Short words for the toggles that are on."""
        on = [
            label
            for label, flag in (
                ("auto-win", self.auto_win),
                ("skip calls", self.skip_calls),
                ("tsumogiri", self.tsumogiri),
            )
            if flag
        ]
        return " · ".join(on) if on else "toggles: a auto-win  s skip calls  g tsumogiri"


def load_settings(path: Path | None) -> Settings:
    """Settings from ``path``; the defaults when it is missing or unreadable."""
    if path is None or not path.is_file():
        return Settings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    d = Settings()

    def read(key: str, default: _T) -> _T:
        value = data.get(key, default)
        return value if type(value) is type(default) else default

    faces = next((m for m in FACE_MODES if m == data.get("faces")), d.faces)
    return Settings(
        faces=faces,
        auto_win=read("auto_win", d.auto_win),
        skip_calls=read("skip_calls", d.skip_calls),
        tsumogiri=read("tsumogiri", d.tsumogiri),
        show_help=read("show_help", d.show_help),
        bot_delay=read("bot_delay", d.bot_delay),
    )


def save_settings(path: Path | None, settings: Settings) -> None:
    """Write settings; a failure to write is not an error worth stopping the game for."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    except OSError:
        pass
