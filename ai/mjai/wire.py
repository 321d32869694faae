"""The mjai events a bot receives, read from one line into typed values, bounded.

One line is one event or a JSON array of events (mjai.app's wire style).  Each event is
decoded by its ``type`` into a frozen :class:`msgspec.Struct` whose fields carry their
bounds (a seat is 0..3, a tile is one of mjai's names, a hand holds 13 tiles), so an event
that reaches :class:`~ai.mjai.mirror.Mirror` is well formed and a bad one is a
:class:`WireError` naming its field.  Only the fields the bot reads are declared; the others
are skipped unread, however they are nested (msgspec's depth guard ends a deep one).

A line's events are decoded one by one: a bad event costs only itself.

>>> line = b'[{"type":"tsumo","actor":1,"pai":"?"},{"type":"dahai","actor":1,"pai":"5mr"}]'
>>> [event_or_error(raw) for raw in split_line(line)]
[Tsumo(actor=1, pai='?'), Dahai(actor=1, pai='5mr', tsumogiri=False)]
>>> event_or_error(split_line(b'{"type":"tsumo","actor":"1","pai":"?"}')[0])
WireError('tsumo: expected `int`, got `str` at `actor`')

:func:`read_line` reads one line of at most ``limit`` bytes from a binary stream, and
skips the rest of a longer one without holding it.
"""

from __future__ import annotations

from typing import Annotated, Any, BinaryIO, Literal, get_args

import msgspec

MAX_LINE_BYTES = 1 << 20
"""The longest line read (1 MiB); an mjai line is under 2 KB, a whole hand's batch 20 KB."""

_CHUNK = 1 << 16  # how much of an over-long line is read at a time while skipping it

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Points = Annotated[int, msgspec.Meta(ge=-10**9, le=10**9)]
Count = Annotated[int, msgspec.Meta(ge=0, le=999)]  # honba, riichi sticks
Tile = Literal[
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "5mr",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "5pr",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "5sr",
    "E", "S", "W", "N", "P", "F", "C",
]
SeenTile = Tile | Literal["?"]  # another seat's hidden tile is "?"
Hand = Annotated[tuple[SeenTile, ...], msgspec.Meta(min_length=13, max_length=13)]


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of the typed events; ``type`` is the tag."""


class StartGame(_Event, tag="start_game", frozen=True):
    id: Seat = 0


class StartKyoku(_Event, tag="start_kyoku", frozen=True):
    bakaze: Literal["E", "S", "W", "N"]
    kyoku: Annotated[int, msgspec.Meta(ge=1, le=4)]
    honba: Count
    kyotaku: Count
    oya: Seat
    scores: tuple[Points, Points, Points, Points]
    dora_marker: Tile
    tehais: tuple[Hand, Hand, Hand, Hand]


class Tsumo(_Event, tag="tsumo", frozen=True):
    actor: Seat
    pai: SeenTile


class Dahai(_Event, tag="dahai", frozen=True):
    actor: Seat
    pai: Tile
    tsumogiri: bool = False


class Reach(_Event, tag="reach", frozen=True):
    actor: Seat


class ReachAccepted(_Event, tag="reach_accepted", frozen=True):
    actor: Seat


class Chi(_Event, tag="chi", frozen=True):
    actor: Seat
    target: Seat
    pai: Tile
    consumed: Annotated[tuple[Tile, ...], msgspec.Meta(min_length=2, max_length=2)]


class Pon(_Event, tag="pon", frozen=True):
    actor: Seat
    target: Seat
    pai: Tile
    consumed: Annotated[tuple[Tile, ...], msgspec.Meta(min_length=2, max_length=2)]


class Daiminkan(_Event, tag="daiminkan", frozen=True):
    actor: Seat
    target: Seat
    pai: Tile
    consumed: Annotated[tuple[Tile, ...], msgspec.Meta(min_length=3, max_length=3)]


class Ankan(_Event, tag="ankan", frozen=True):
    actor: Seat
    consumed: Annotated[tuple[Tile, ...], msgspec.Meta(min_length=4, max_length=4)]


class Kakan(_Event, tag="kakan", frozen=True):
    actor: Seat
    pai: Tile


class Dora(_Event, tag="dora", frozen=True):
    dora_marker: Tile


class Hora(_Event, tag="hora", frozen=True):
    pass


class Ryukyoku(_Event, tag="ryukyoku", frozen=True):
    pass


class EndKyoku(_Event, tag="end_kyoku", frozen=True):
    pass


class EndGame(_Event, tag="end_game", frozen=True):
    pass


class NoEvent(_Event, tag="none", frozen=True):
    pass


class ReachAcceptedAck(_Event, tag="reach_accepted_ack", frozen=True):
    pass


MjaiEvent = (StartGame | StartKyoku | Tsumo | Dahai | Reach | ReachAccepted | Chi | Pon
             | Daiminkan | Ankan | Kakan | Dora | Hora | Ryukyoku | EndKyoku | EndGame
             | NoEvent | ReachAcceptedAck)
CALLS = (Chi, Pon, Daiminkan)

_TAGS = frozenset(str(c.__struct_config__.tag) for c in get_args(MjaiEvent))


class WireError(ValueError):
    """A line or an event that cannot be read; the message says what was wrong."""


_raws = msgspec.json.Decoder(list[msgspec.Raw])
_events = msgspec.json.Decoder(MjaiEvent)
_type_only = msgspec.json.Decoder(dict[str, msgspec.Raw])
_text = msgspec.json.Decoder(str)


def split_line(line: bytes) -> list[msgspec.Raw]:
    """The undecoded events of one line: the array's items, or the line itself."""
    body = line.strip()
    if not body:
        raise WireError("an empty line")
    if not body.startswith(b"["):
        return [msgspec.Raw(body)]
    try:
        return _raws.decode(body)
    except msgspec.DecodeError as exc:
        raise WireError(_not_json(exc)) from None
    except RecursionError:
        raise WireError("not an event: nested too deeply") from None


def decode_event(raw: msgspec.Raw | bytes) -> MjaiEvent:
    """One typed event, or :class:`WireError` naming the type and the bad field."""
    try:
        event: MjaiEvent = _events.decode(raw)
    except msgspec.ValidationError as exc:
        raise WireError(_invalid(_kind(raw), str(exc))) from None
    except msgspec.DecodeError as exc:
        raise WireError(_not_json(exc)) from None
    except RecursionError:
        raise WireError("not an event: nested too deeply") from None
    return event


def from_dict(data: dict[str, Any]) -> MjaiEvent:
    """The typed event of an event given as a dict (as :class:`~ai.mjai.protocol.SeatStream`
    makes them), checked as a line's would be."""
    try:
        event: MjaiEvent = msgspec.convert(data, MjaiEvent)
    except msgspec.ValidationError as exc:
        kind = data.get("type")
        raise WireError(_invalid(kind if isinstance(kind, str) else None, str(exc))) from None
    return event


def event_or_error(raw: msgspec.Raw | bytes) -> MjaiEvent | WireError:
    """:func:`decode_event`, its error returned rather than raised (for a batch)."""
    try:
        return decode_event(raw)
    except WireError as exc:
        return exc


def _not_json(exc: msgspec.DecodeError) -> str:
    text = str(exc).removeprefix("JSON is malformed: ").removeprefix("Input data was ")
    return f"not JSON ({text})"


def _invalid(kind: str | None, message: str) -> str:
    """msgspec's message, said of the event's type and with the field's path short."""
    if message.endswith("at `$.type`"):
        return f"unknown event type {kind!r}" if kind is not None \
            else "an event whose type is not a string"
    if message == "Object missing required field `type`":
        return "an event without a type"
    if message.startswith("Expected `object`"):
        return f"an event must be a JSON object ({message.lower()})"
    text = message.replace(" - at `$.", " at `").replace(" - at `$", " at `")
    text = text[:1].lower() + text[1:]
    return f"{kind}: {text}" if kind in _TAGS else text


def _kind(raw: msgspec.Raw | bytes) -> str | None:
    """The event's ``type`` when it is a string (the event is otherwise unread)."""
    try:
        value = _type_only.decode(raw).get("type")
        return _text.decode(value) if value is not None else None
    except (msgspec.DecodeError, RecursionError):
        return None


def read_line(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> tuple[bytes | None, int]:
    """The next line of ``stream`` (None at its end) and its length in bytes.

    A line longer than ``limit`` is returned as ``b""`` with its true length; its bytes
    are read in chunks and dropped, so memory stays bounded by ``limit``.
    """
    line = stream.readline(limit + 1)
    if not line:
        return None, 0
    if len(line) <= limit or line.endswith(b"\n"):
        return line, len(line)
    size = len(line)
    del line
    while True:
        chunk = stream.readline(_CHUNK)
        size += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return b"", size
