"""Encoding and decoding the lines of a game file (see docs/save-format.md).

Every line is one JSON object.  The first is the :class:`Header`; every other
line is one engine event (``engine.events``) with its class name in ``"type"``
and its fields by name.  The events are tagged ``msgspec`` structs whose types carry
every bound (a tile is 0..135, a seat 0..3, any other number within
``engine.parts.MAX_ABS_INT``), so one typed decoder reads a line straight into its
event and refuses anything else, naming the path of the bad field: a tampered file
cannot smuggle in impossible data.  A game's ruleset is read by the schema's own
checks (:func:`ruleset_from_dict`).

Every problem is a :class:`LineError` with a plain sentence; no traceback.

>>> decode_line(b'{"type":"Drew","seat":1,"tile":52,"rinshan":false}')
Drew(seat=1, tile=52, rinshan=False)
>>> decode_line(b'{"type":"Drew","seat":1,"tile":136,"rinshan":false}')
Traceback (most recent call last):
hanchan.saves.codec.LineError: expected `int` <= 135 at `$.tile` in a Drew event
"""

from __future__ import annotations

import functools
import operator
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from hanchan.engine.events import EVENT_TYPES, Event, GameStarted
from hanchan.rulesets.schema import Ruleset, option_fields, saved_before

FORMAT = "hanchan-game"
FORMAT_VERSION = 1
"""The version this code writes; it reads every version up to it."""


class LineError(ValueError):
    """One line of a file that cannot be read, with the reason as a plain sentence."""


class SeatInfo(Struct, frozen=True, gc=False):
    """Who sits in a seat: a name and ``bot`` (a bot level, or None for a human)."""

    name: str
    bot: str | None = None


class Header(Struct, frozen=True, tag_field="type", tag="header"):
    """The first line of a game file (fields added by a later version are ignored)."""

    format: str = FORMAT
    version: Annotated[int, Meta(ge=1)] = FORMAT_VERSION
    app_version: str = ""
    created: str = ""
    ruleset: dict[str, Any] = {}
    seats: tuple[SeatInfo, ...] = ()
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)] | None = None
    source: str | None = None  # e.g. "tenhou6:2009022022gm-..." for an imported log


IMPORTED_FROM = ("tenhou6", "mjai", "mjlog")
"""The formats ``hanchan import`` reads; an imported game's ``source`` is ``FORMAT:ID``."""


def imported(header: Header) -> bool:
    """Whether the header says the game was imported from another program's log (one
    played here -- ``source`` None or ``"simulate"`` -- always has its seed).

    >>> imported(Header(source="tenhou6:2009022011gm-00a9-0000-d7935c6d"))
    True
    >>> imported(Header(source="simulate"))
    False
    """
    fmt, colon, _ = (header.source or "").partition(":")
    return bool(colon) and fmt in IMPORTED_FROM


def app_version() -> str:
    """The installed hanchan version (empty when unknown)."""
    # lazy: importlib.metadata (with email, zipfile, csv) is about 10 ms that only
    # writing a new game file needs, and `hanchan play` writes it after the first table
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415 - lazy

    try:
        return version("hanchan")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree, not installed
        return ""


# ------------------------------------------------------------------ encoding

_encoder = msgspec.json.Encoder()


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data of an event, ``type`` first."""
    out: dict[str, Any] = msgspec.to_builtins(event)
    return out


def encode_event(event: Event) -> bytes:
    """One line (with its newline) for an event."""
    return _encoder.encode(event) + b"\n"


def encode_header(header: Header) -> bytes:
    """The header line (with its newline)."""
    return _encoder.encode(header) + b"\n"


# ------------------------------------------------------------------ decoding

_json = msgspec.json.Decoder()


def parse_json(line: bytes) -> Any:
    """The JSON value of one line, or :class:`LineError`."""
    try:
        return _json.decode(line)
    except msgspec.DecodeError as exc:
        if "UTF-8" in str(exc):  # msgspec 0.23 says so itself, older ones raise below
            raise LineError(_not_utf8(line)) from None
        text = str(exc).removeprefix("JSON is malformed: ").removeprefix("Input data was ")
        raise LineError(f"not valid JSON: {text}") from None
    except UnicodeDecodeError as exc:
        raise LineError(f"not valid UTF-8 text (byte {exc.start})") from None
    except RecursionError:  # msgspec's own depth limit: far deeper than any event
        raise LineError("not a game line: its values are nested too deeply") from None


def _not_utf8(line: bytes) -> str:
    """Where ``line`` stops being UTF-8, in words."""
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not valid UTF-8 text (byte {exc.start})"
    return "not valid UTF-8 text"


def _where(path: str) -> str:
    return f"`{path}`"


_RULE_NAMES = frozenset(f.name for f in option_fields())


def ruleset_from_dict(data: Any, path: str = "$.ruleset") -> Ruleset:
    """A :class:`Ruleset` from a file's plain data: unknown options are an error, missing
    options take their defaults (or, where a default changed the game, the value the
    file's older version played: ``saved_before``), every value is checked against
    the schema."""
    if not isinstance(data, dict):
        raise LineError(f"the ruleset at {_where(path)} is not an object")
    data = {**{k: v for k, v in saved_before().items() if k not in data}, **data}
    unknown = sorted(k for k in data if k not in _RULE_NAMES)
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        raise LineError(f"unknown rule option {names} at {_where(path)} "
                        "(the file may come from another version of hanchan)")
    try:
        rules = msgspec.convert(data, Ruleset)
    except msgspec.ValidationError as exc:
        raise LineError(_validation(exc, path)) from None
    for f in option_fields():
        lo, hi = f.metadata.get("lo"), f.metadata.get("hi")
        value = getattr(rules, f.name)
        for v in _ints(value):
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise LineError(f"rule option {f.name!r} = {v} is outside {lo}..{hi} "
                                f"at {_where(path + '.' + f.name)}")
        choices = f.metadata.get("choices")
        if choices and isinstance(value, tuple):
            bad = [v for v in value if v not in choices]
            if bad:
                raise LineError(f"rule option {f.name!r} has unknown value {bad[0]!r} "
                                f"at {_where(path + '.' + f.name)}")
    return rules


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, tuple):
        return [i for v in value for i in _ints(v)]
    return []


def _validation(exc: msgspec.ValidationError, prefix: str) -> str:
    """msgspec's message with the path made relative to ``prefix``."""
    text = str(exc)
    if " - at `$" in text:
        text = text.replace(" - at `$", f" at `{prefix}")
    return text[:1].lower() + text[1:]


def decode_header(obj: Any) -> tuple[Header, Ruleset | None]:
    """The header of a parsed first line (and its ruleset), or :class:`LineError`."""
    if not isinstance(obj, dict) or obj.get("type") != "header":
        raise LineError("the first line is not a hanchan game header")
    if obj.get("format") != FORMAT:
        raise LineError(f"the file is not a hanchan game (format {obj.get('format')!r})")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LineError(f"the header's format version {version!r} is not a positive number")
    if version > FORMAT_VERSION:
        raise LineError(f"the file was written by a newer hanchan (format version {version}; "
                        f"this version reads up to {FORMAT_VERSION}): please upgrade")
    try:
        header = msgspec.convert(obj, Header)
    except msgspec.ValidationError as exc:
        raise LineError(_validation(exc, "$")) from None
    rules = ruleset_from_dict(header.ruleset) if header.ruleset else None
    return header, rules


_GameStartedLine = msgspec.defstruct(
    "GameStarted",
    [(f.name, dict[str, Any] if f.name == "ruleset" else f.type,
      msgspec.NODEFAULT if f.required else f.default)
     for f in msgspec.structs.fields(GameStarted)],
    tag_field="type", tag="GameStarted", frozen=True, forbid_unknown_fields=True)
"""A ``GameStarted`` line as read: its ruleset is plain data for :func:`ruleset_from_dict`."""

_LINE: Any = functools.reduce(operator.or_, (
    _GameStartedLine if cls is GameStarted else cls for cls in EVENT_TYPES.values()))
"""Any line after the header, as the typed decoder reads it: the union of the events."""
_line_decoder = msgspec.json.Decoder(_LINE)
_SHAPED = frozenset(cls for cls in EVENT_TYPES.values()
                    if {f.name for f in msgspec.structs.fields(cls)} & {"wall", "meld", "wins"})
"""The event types whose shape :func:`_check_shape` checks (a wall, a meld, wins)."""


def decode_line(line: bytes) -> Event:
    """The event of one line after the header, or :class:`LineError` naming what is wrong."""
    try:
        event = _line_decoder.decode(line)
    except msgspec.ValidationError as exc:
        raise _refusal(parse_json(line), exc) from None
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        parse_json(line)  # raises the plain sentence for the JSON's fault
        raise  # pragma: no cover - msgspec refused what it then parses
    return _finished(event)


def decode_event(obj: Any) -> Event:
    """:func:`decode_line` for a line already parsed (``parse_json``)."""
    try:
        event = msgspec.convert(obj, _LINE)
    except msgspec.ValidationError as exc:
        raise _refusal(obj, exc) from None
    return _finished(event)


def _finished(event: Any) -> Event:
    """The event of a decoded line: a game's ruleset read, the shape checked."""
    cls = type(event)
    if cls is _GameStartedLine:
        fields = msgspec.structs.asdict(event)
        fields["ruleset"] = ruleset_from_dict(fields["ruleset"])
        return GameStarted(**fields)
    if cls in _SHAPED:
        _check_shape(event)
    done: Event = event
    return done


def _refusal(obj: Any, exc: msgspec.ValidationError) -> LineError:
    """Why a line's value is no event, in a plain sentence."""
    if not isinstance(obj, dict):
        return LineError("the line is not a JSON object")
    name = obj.get("type")
    if not isinstance(name, str):
        return LineError("the line has no event `type`")
    if name not in EVENT_TYPES:
        return LineError(f"unknown event type {name!r}")
    return LineError(f"{_validation(exc, '$')} in a {name} event")


def _check_shape(event: Event) -> None:
    """What the types alone do not say: the wall is all 136 tiles once each, melds 3-4 tiles."""
    wall = getattr(event, "wall", None)
    if wall is not None and sorted(wall) != list(range(136)):
        raise LineError("the wall is not the 136 tiles, each once")
    melds = []
    meld = getattr(event, "meld", None)
    if meld is not None:
        melds.append(meld)
    for win in getattr(event, "wins", ()):
        melds.extend(win.melds)
    for m in melds:
        if len(m.tiles) not in (3, 4) or len(set(m.tiles)) != len(m.tiles):
            raise LineError(f"a {m.kind} meld with tiles {list(m.tiles)} is impossible")
