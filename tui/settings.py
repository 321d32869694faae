"""The player's settings: tile faces, Tenhou-style toggles, help, bot delay.

Kept as a small JSON file (``settings.json``) in the user's config directory,
or in the save directory when one is given; a damaged file is ignored.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from tui.tilefaces import FACE_MODES, FaceMode


@dataclass(frozen=True)
class Settings:
    """Everything the player can switch."""

    faces: FaceMode = "letters"
    auto_win: bool = False  # declare tsumo/ron at once when legal
    skip_calls: bool = False  # pass on chi/pon/kan offers without asking
    tsumogiri: bool = False  # discard the drawn tile at once when nothing else is offered
    show_help: bool = True  # shanten, acceptance, waits and furiten under the hand
    bot_delay: float = 0.4  # seconds between bot actions

    def toggled(self, name: str) -> Settings:
        """A copy with the boolean ``name`` flipped."""
        flipped: dict[str, object] = {name: not getattr(self, name)}
        return replace(self, **flipped)  # type: ignore[arg-type]

    def next_faces(self) -> Settings:
        """A copy with the next tile face mode."""
        i = FACE_MODES.index(self.faces)
        return replace(self, faces=FACE_MODES[(i + 1) % len(FACE_MODES)])

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
    known = {f.name: f for f in fields(Settings)}
    kwargs: dict[str, object] = {}
    default = Settings()
    for key, value in data.items():
        if key in known and type(value) is type(getattr(default, key)):
            kwargs[key] = value
    if kwargs.get("faces") not in (None, *FACE_MODES):
        kwargs.pop("faces")
    return replace(default, **kwargs)  # type: ignore[arg-type]


def save_settings(path: Path | None, settings: Settings) -> None:
    """Write settings; a failure to write is not an error worth stopping the game for."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    except OSError:
        pass
