"""Recorded games from other programs: tenhou.net/6 JSON, Tenhou mjlog XML and mjai events,
all read into and written from one neutral model (:mod:`saves.logs.model`)."""

from .model import LogFormatError, RecordedGame

__all__ = ["LogFormatError", "RecordedGame"]
