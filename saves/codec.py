"""Encoding and decoding the lines of a game file (see docs/save-format.md).

Every line is one JSON object.  The first is the :class:`Header`; every other
line is one engine event (``engine.events``) with its class name in ``"type"``
and its fields by name.  Decoding is strict and data only: ``msgspec`` converts
each object straight into the event dataclass and names the path of any bad
field; :func:`check_values` then bounds every number (tiles 0..135, seats 0..3,
no huge numbers), so a tampered file cannot smuggle in impossible data.

Every problem is a :class:`LineError` with a plain sentence; no traceback.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine.events import EVENT_TYPES, Discarded, Drew, Event, GameStarted
from rulesets.schema import Ruleset, option_fields, saved_before

FORMAT = "hanchan-game"
FORMAT_VERSION = 1
"""The version this code writes; it reads every version up to it."""

MAX_ABS_INT = 10**9
"""No number in a game file is larger (points, counts, seeds are far below)."""

_TILE_KEYS = frozenset({"tile", "called", "added", "indicator"})
_TILES_KEYS = frozenset({"tiles", "hand", "wall", "ura_indicators", "nagashi_tiles"})
_SEAT_KEYS = frozenset({"seat", "from_seat", "payer", "payee", "pao_seat", "dealer"})
_SEED_KEYS = frozenset({"seed"})


class LineError(ValueError):
    """One line of a file that cannot be read, with the reason as a plain sentence."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and ``bot`` (a bot level, or None for a human)."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Header:
    """The first line of a game file."""

    format: str = FORMAT
    version: int = FORMAT_VERSION
    app_version: str = ""
    created: str = ""
    ruleset: dict[str, Any] = field(default_factory=dict)
    seats: tuple[SeatInfo, ...] = ()
    seed: int | None = None
    source: str | None = None  # e.g. "tenhou6:2009022022gm-..." for an imported log


IMPORTED_FROM = ("tenhou6", "mjlog", "mjai")
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
    body = msgspec.to_builtins(event)
    out: dict[str, Any] = {"type": type(event).__name__}
    out.update(body)
    return out


def encode_event(event: Event) -> bytes:
    """One line (with its newline) for an event."""
    return _encoder.encode(event_to_dict(event)) + b"\n"


def encode_header(header: Header) -> bytes:
    """The header line (with its newline)."""
    body = msgspec.to_builtins(header)
    return _encoder.encode({"type": "header", **body}) + b"\n"


# ------------------------------------------------------------------ decoding

_json = msgspec.json.Decoder()


def parse_json(line: bytes) -> Any:
    """The JSON value of one line, or :class:`LineError`."""
    try:
        return _json.decode(line)
    except msgspec.DecodeError as exc:
        text = str(exc).removeprefix("JSON is malformed: ").removeprefix("Input data was ")
        raise LineError(f"not valid JSON: {text}") from None
    except UnicodeDecodeError as exc:
        raise LineError(f"not valid UTF-8 text (byte {exc.start})") from None
    except RecursionError:  # msgspec's own depth limit: far deeper than any event
        raise LineError("not a game line: its values are nested too deeply") from None


def _where(path: str) -> str:
    return f"`{path}`"


MAX_DEPTH = 16
"""No game line nests deeper (a win's meld's tiles are 5 levels down)."""


def check_values(obj: Any, path: str = "$", depth: int = 0) -> None:
    """Bound every number of a decoded line; :class:`LineError` names the first bad one."""
    if _fine(obj, depth):  # the common case, without naming where each value is
        return
    _check_values(obj, path, depth)


_INT_BOUNDS: dict[str, tuple[int, int]] = {
    **{key: (0, 135) for key in _TILE_KEYS},
    **{key: (0, 3) for key in _SEAT_KEYS},
    **{key: (1 - 2**64, 2**64 - 1) for key in _SEED_KEYS},
}
"""Bounds of an int by its key (a seed only below 2**64); any other int is within
``MAX_ABS_INT``.  The same bounds as :func:`_check_values`, looked up once per value."""
_ANY_INT = (-MAX_ABS_INT, MAX_ABS_INT)


def _fine(obj: Any, depth: int) -> bool:
    """True when :func:`_check_values` finds nothing wrong (the same tests, no paths)."""
    if depth >= MAX_DEPTH:  # (the slow path says whether anything is too deep)
        return False
    if isinstance(obj, dict):
        for key, value in obj.items():
            kind = type(value)
            if kind is int:  # hot: the numbers of an event, checked here, not one call each
                lo, hi = _INT_BOUNDS.get(key, _ANY_INT)
                if value < lo or value > hi:
                    return False
            elif kind is str or kind is bool or value is None:
                continue
            elif kind is list and key in _TILES_KEYS:  # a wall, a hand: each a tile
                if depth + 1 >= MAX_DEPTH:
                    return False
                for t in value:
                    if type(t) is int:
                        if not 0 <= t < 136:
                            return False
                    elif not _fine(t, depth + 2):
                        return False
            elif not _fine(value, depth + 1):
                return False
    elif isinstance(obj, list):
        for value in obj:
            if type(value) is int:  # hot: a wall's 136 tiles
                if value > MAX_ABS_INT or value < -MAX_ABS_INT:
                    return False
            elif not _fine(value, depth + 1):
                return False
    elif isinstance(obj, int) and not isinstance(obj, bool):
        if abs(obj) > MAX_ABS_INT:
            return False
    elif isinstance(obj, float):
        if obj != obj or abs(obj) > MAX_ABS_INT:
            return False
    return True


def _check_values(obj: Any, path: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise LineError(f"the values are nested too deeply at {_where(path)}")
    if isinstance(obj, dict):
        for key, value in obj.items():
            sub = f"{path}.{key}"
            if key in _TILE_KEYS and value is not None:
                _check_tile(value, sub)
            elif key in _TILES_KEYS and isinstance(value, list):
                for i, t in enumerate(value):
                    _check_tile(t, f"{sub}[{i}]")
            elif key in _SEAT_KEYS and value is not None:
                if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < 4:
                    raise LineError(f"seat {value} out of range 0..3 at {_where(sub)}")
            elif key in _SEED_KEYS and isinstance(value, int):
                if abs(value) >= 2**64:
                    raise LineError(f"number {_short(value)} is too large at {_where(sub)}")
                continue
            _check_values(value, sub, depth + 1)
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            _check_values(value, f"{path}[{i}]", depth + 1)
    elif isinstance(obj, int) and not isinstance(obj, bool):
        if abs(obj) > MAX_ABS_INT:
            raise LineError(f"number {_short(obj)} is too large at {_where(path)}")
    elif isinstance(obj, float):
        if obj != obj or abs(obj) > MAX_ABS_INT:
            raise LineError(f"number {_short(obj)} is out of range at {_where(path)}")


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _check_tile(value: Any, path: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < 136:
        raise LineError(f"tile {_short(value)} out of range 0..135 at {_where(path)}")


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


_HEADER_KEYS = frozenset(f.name for f in dataclasses.fields(Header)) | {"type"}


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
    check_values(obj)
    body = {k: v for k, v in obj.items() if k in _HEADER_KEYS and k != "type"}
    try:
        header = msgspec.convert(body, Header)
    except msgspec.ValidationError as exc:
        raise LineError(_validation(exc, "$")) from None
    rules = ruleset_from_dict(header.ruleset) if header.ruleset else None
    return header, rules


_FIELDS = {name: frozenset(f.name for f in dataclasses.fields(cls))
           for name, cls in EVENT_TYPES.items()}
_KEYS = {name: fields | {"type"} for name, fields in _FIELDS.items()}
_SHAPED = frozenset(cls for cls in EVENT_TYPES.values()
                    if _FIELDS[cls.__name__] & {"wall", "meld", "wins"})
"""The event types whose shape :func:`_check_shape` checks (a wall, a meld, wins)."""


_TURN_EVENTS: dict[str, tuple[type[Drew] | type[Discarded], str, tuple[Any, ...]]] = {
    cls.__name__: (cls, flag, tuple(vars(cls)[f].__set__ for f in ("seat", "tile", flag)))
    for cls, flag in ((Drew, "rinshan"), (Discarded, "tsumogiri"))}
"""The two events of every turn: the class, the name of its flag and the setter of each
field's slot (such an event is made without the frozen dataclass's ``__init__``, one
``object.__setattr__`` call per field, as ``engine.game`` makes them): most lines."""


def decode_event(obj: Any) -> Event:
    """An event from a parsed line, or :class:`LineError` naming what is wrong."""
    if type(obj) is dict and len(obj) == 4:
        # hot: a draw or a discard with every field given, each of its type and in
        # bounds (what the checks below find then); anything else takes the long way
        name = obj.get("type")
        turn = _TURN_EVENTS.get(name) if type(name) is str else None
        if turn is not None:
            cls, name, setters = turn
            seat, tile, flag = obj.get("seat"), obj.get("tile"), obj.get(name)
            if (type(seat) is int and type(tile) is int and type(flag) is bool
                    and 0 <= seat <= 3 and 0 <= tile <= 135):
                event = object.__new__(cls)
                setters[0](event, seat)
                setters[1](event, tile)
                setters[2](event, flag)
                return event
    return _decode_checked(obj)


def _decode_checked(obj: Any) -> Event:
    """:func:`decode_event` for any line: every check, each problem named."""
    if not isinstance(obj, dict):
        raise LineError("the line is not a JSON object")
    name = obj.get("type")
    if not isinstance(name, str):
        raise LineError("the line has no event `type`")
    cls = EVENT_TYPES.get(name)
    if cls is None:
        raise LineError(f"unknown event type {name!r}")
    if not obj.keys() <= _KEYS[name]:
        unknown = sorted(k for k in obj if k != "type" and k not in _FIELDS[name])
        raise LineError(f"unknown field {unknown[0]!r} in a {name} event")
    check_values(obj)
    body = dict(obj)
    del body["type"]
    if cls is GameStarted:
        rules = ruleset_from_dict(body.get("ruleset"))
        body = dict(body)
        body.pop("ruleset", None)
        try:
            rest = msgspec.convert({"ruleset": {}, **body}, GameStarted)
        except msgspec.ValidationError as exc:
            raise LineError(_validation(exc, "$")) from None
        return dataclasses.replace(rest, ruleset=rules)
    try:
        event: Event = msgspec.convert(body, cls)
    except msgspec.ValidationError as exc:
        raise LineError(_validation(exc, "$")) from None
    if cls in _SHAPED:
        _check_shape(event)
    return event


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
