"""Fuzzing ``hanchan mjai-bot``: real mjai streams as one seat receives them, damaged the
way a lossy or hostile arena damages them, judged by a referee that knows only the stream.

A stream is the lines an arena sends one seat: a real game's events with the other hands
hidden (``"?"``), one event a line (classic) or a few in an array (wire).  Each damaged
stream is served by :func:`cli.mjai_bot.serve` and ends as one of:

* **refused**: every line answered, and what was wrong said on stderr in one line each;
* **answered**: every line answered, nothing said (the damage did not matter to the seat,
  e.g. a field it does not read);
* **crash**: an exception, a traceback or an ``internal error`` line on stderr;
* **hang**: over :data:`tests.kit.fuzz.HANG_SECONDS`;
* **wrong reply**: a line answered twice or not at all, or a reply that is not ``none``
  and not a legal move for the seat by :class:`Referee`.

:class:`Referee` follows the seat's own hand from the stream with plain lists, apart from
the mirror, and checks each reply against the event it answers: a discard of a tile the
hand holds at the seat's turn, a call on the discard just made with tiles it holds, a win
on the tile just drawn or discarded, a kan of four it holds.  When the stream makes the
hand unknowable (a tile discarded that it does not hold), the only move it accepts until
the next ``start_kyoku`` is the discard of a tile just drawn.
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hanchan.ai.base import make_bot
from hanchan.ai.mjai.mirror import MjaiBot
from hanchan.ai.mjai.protocol import SeatStream
from hanchan.cli.mjai_bot import PREFIX, serve
from hanchan.engine.events import Event
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.logs.mjai import parse_tile_name
from tests.kit.fuzz import Tally, timed

OUTCOMES = ("tried", "refused", "answered", "crash", "hang", "wrong reply")
Ev = dict[str, Any]


# ------------------------------------------------------------------ streams


def seat_view(events: Sequence[Ev], seat: int) -> list[Ev]:
    """A full-information mjai log (as ``format_mjai`` writes it) as ``seat`` receives it:
    the other hands and draws hidden."""
    out: list[Ev] = []
    for ev in events:
        t = ev.get("type")
        if t == "start_game":
            ev = {**ev, "id": seat}
        elif t == "start_kyoku":
            ev = {**ev, "tehais": [h if s == seat else ["?"] * len(h)
                                   for s, h in enumerate(ev["tehais"])]}
        elif t == "tsumo" and ev["actor"] != seat:
            ev = {**ev, "pai": "?"}
        out.append(ev)
    return out


def engine_view(events: Sequence[Event], seat: int) -> list[Ev]:
    """Our own game as the mjai seat sends it to ``seat`` (:class:`SeatStream`)."""
    stream = SeatStream(seat)
    return [e for ev in events for e in stream.events(ev)]


def lines_of(events: Sequence[Ev], rng: random.Random, wire: bool) -> list[bytes]:
    """One event a line (classic), or runs of one to three in an array (wire)."""
    if not wire:
        return [json.dumps(e, separators=(",", ":")).encode() for e in events]
    out: list[bytes] = []
    i = 0
    while i < len(events):
        n = rng.choice((1, 1, 2, 3))
        out.append(json.dumps(events[i:i + n], separators=(",", ":")).encode())
        i += n
    return out


# ------------------------------------------------------------------ damage

MUTATIONS = ("int_to_str", "null", "bakaze", "short_tehais", "deep", "huge_number",
             "drop_tsumo", "drop_own_tsumo", "drop", "duplicate", "truncate", "swap",
             "value", "garbage", "long_line", "unknown_type")

_INT = re.compile(rb'(?<=[:\[,])-?\d+(?=[,\]}])')
LONG_LINE_LIMIT = 4096
"""The line limit the in-process fuzz serves with, so an over-long line is cheap to make."""


def _edit_event(line: bytes, rng: random.Random, edit: Any) -> bytes:
    data = json.loads(line)
    events = data if isinstance(data, list) else [data]
    if events:
        edit(rng.choice(events))
    return json.dumps(data, separators=(",", ":")).encode()


def _pick(lines: list[bytes], rng: random.Random, needle: bytes) -> int | None:
    hits = [i for i, x in enumerate(lines) if needle in x]
    return rng.choice(hits) if hits else None


def _drop_event(lines: list[bytes], i: int, kind: str, actor: int | None) -> None:
    data = json.loads(lines[i])
    events = data if isinstance(data, list) else [data]
    keep = [e for e in events if not (e.get("type") == kind and (
        actor is None or e.get("actor") == actor))]
    if isinstance(data, list) and keep:
        lines[i] = json.dumps(keep, separators=(",", ":")).encode()
    else:
        del lines[i]


def mutate_stream(lines: list[bytes], seat: int, rng: random.Random) -> tuple[list[bytes], str]:
    """One damage to a stream's lines: the new lines and what was done."""
    lines = list(lines)
    kind = rng.choice(MUTATIONS)
    i = rng.randrange(len(lines))
    if kind == "int_to_str" or kind == "null":
        def edit(ev: Ev) -> None:
            keys = [k for k, v in ev.items() if isinstance(v, (int, list)) and k != "type"]
            if keys:
                k = rng.choice(keys)
                ev[k] = None if kind == "null" else (
                    str(ev[k]) if isinstance(ev[k], int) else [str(x) for x in ev[k]])
        hit = _pick(lines, rng, b'"actor"') if rng.random() < 0.7 else i
        i = hit if hit is not None else i
        lines[i] = _edit_event(lines[i], rng, edit)
    elif kind == "bakaze" or kind == "short_tehais":
        j = _pick(lines, rng, b'"start_kyoku"')
        if j is not None:
            i = j
            wind = rng.choice(["X", "", "east", 1, None, "e", "P"])

            def edit_kyoku(ev: Ev) -> None:
                if ev.get("type") != "start_kyoku":
                    return
                if kind == "bakaze":
                    ev["bakaze"] = wind
                else:
                    cut = rng.choice([0, 1, 12])
                    who = rng.choice([seat, seat, (seat + 1) % 4, None])
                    if who is None:
                        ev["tehais"] = ev["tehais"][:3]
                    else:
                        ev["tehais"][who] = ev["tehais"][who][:cut]
            lines[i] = _edit_event(lines[i], rng, edit_kyoku)
    elif kind == "deep":
        depth = rng.choice((100, 5_000, 100_000))
        nest = b"[" * depth + b"]" * depth
        lines[i] = rng.choice([nest, lines[i][:-1] + b',"x":' + nest + lines[i][-1:]
                               if lines[i].endswith(b"}") else nest])
    elif kind == "huge_number":
        found = list(_INT.finditer(lines[i]))
        if found:
            m = rng.choice(found)
            big = rng.choice([b"9" * 5000, b"-" + b"1" * 5000, b"1e400", b"123456789012345678901"])
            lines[i] = lines[i][:m.start()] + big + lines[i][m.end():]
    elif kind in ("drop_tsumo", "drop_own_tsumo"):
        actor = seat if kind == "drop_own_tsumo" else None
        needle = f'"type":"tsumo","actor":{seat}'.encode() if actor is not None else b'"tsumo"'
        j = _pick(lines, rng, needle)
        if j is not None:
            i = j
            _drop_event(lines, i, "tsumo", actor)
    elif kind == "drop":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "truncate":
        lines[i] = lines[i][:rng.randrange(len(lines[i]))]
    elif kind == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == "value":
        lines[i] = _edit_event(lines[i], rng, lambda ev: _change_value(ev, rng))
    elif kind == "garbage":
        lines[i] = rng.choice([b"{", b"[]", b"null", b"{}", b'{"type":"tsumo"}', b"\xff\xfe",
                               b'"tsumo"', b"[1,2]", b'{"type":"dahai","actor":0}',
                               b"\x00" * 10, b"   "])
    elif kind == "long_line":
        lines[i] = b'{"type":"none","x":"' + b"a" * (LONG_LINE_LIMIT * 3) + b'"}'
    elif kind == "unknown_type":
        lines[i] = _edit_event(lines[i], rng, lambda ev: ev.__setitem__("type", "tsumogiri"))
    return lines, f"{kind} at line {i + 1}"


def _change_value(ev: Ev, rng: random.Random) -> None:
    keys = [k for k in ev if k != "type"]
    if not keys:
        return
    k = rng.choice(keys)
    ev[k] = rng.choice([-1, 4, 999, "1m", "5mr", "?", "", [], {}, True, 1.5,
                        ["1m"] * 13, [["?"] * 13] * 4])


# ------------------------------------------------------------------ referee

_REPLY_TYPES = frozenset({"none", "dahai", "reach", "hora", "chi", "pon", "daiminkan",
                          "ankan", "kakan", "ryukyoku"})


def _kind(name: Any) -> int | None:
    try:
        return parse_tile_name(name)[0]
    except ValueError:
        return None


def _holds(hand: list[str], tiles: Sequence[Any]) -> bool:
    need = Counter(tiles)
    have = Counter(hand)
    return all(have[t] >= n for t, n in need.items())


class Referee:
    """The seat's hand followed from the stream alone, and each reply judged by it."""

    def __init__(self) -> None:
        self.me: int | None = None
        self.hand: list[str] | None = None
        self.last: Ev | None = None
        self.riichi = False
        self.opened = False
        self.pons: set[int] = set()
        self.turns = 0  # own discards and calls this hand

    def _lose(self) -> None:
        self.hand = None

    def see(self, ev: Any) -> None:
        if not isinstance(ev, dict):
            return
        t = ev.get("type")
        if ev == self.last and t != "start_kyoku":
            return  # an event repeated is passed over (as the bot does)
        if t != "dora":  # a kan's indicator may come between the draw and the discard
            self.last = ev
        if t == "start_game" and ev.get("id", 0) in (0, 1, 2, 3):
            self.me = ev.get("id", 0)
        if t == "start_kyoku":
            self.riichi = self.opened = False
            self.pons = set()
            self.turns = 0
            tehais = ev.get("tehais")
            shown = [s for s, h in enumerate(tehais) if isinstance(h, list) and "?" not in h] \
                if isinstance(tehais, list) else []
            if self.me is None and len(shown) == 1:
                self.me = shown[0]
            hand = tehais[self.me] if isinstance(tehais, list) and self.me is not None \
                and len(tehais) == 4 else None
            self.hand = list(hand) if isinstance(hand, list) and len(hand) == 13 \
                and all(_kind(x) is not None for x in hand) else None
            return
        actor = ev.get("actor")
        if type(actor) is not int or actor != self.me or self.hand is None:
            return  # another seat's, or one the bot cannot read (true is not seat 1)
        hand = self.hand
        if t == "tsumo":
            if _kind(ev.get("pai")) is None:
                return  # unreadable: as if never sent
            if len(hand) % 3 == 1:
                hand.append(ev["pai"])
            else:
                self._lose()
        elif t == "dahai":
            if _kind(ev.get("pai")) is None:
                return  # unreadable: as if never sent (the bot cannot decode it either)
            if len(hand) % 3 == 2 and ev.get("pai") in hand:
                hand.remove(ev["pai"])
                self.turns += 1
            elif not (len(hand) % 3 == 1 and ev.get("tsumogiri") is True):
                self._lose()  # a tsumogiri without its draw leaves the hand as it was
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            consumed = ev.get("consumed")
            if isinstance(consumed, list) and _holds(hand, consumed):
                for x in consumed:
                    hand.remove(x)
                self.opened = self.opened or t != "ankan"
                self.turns += 1
                if t == "pon":
                    self.pons.add(_kind(ev.get("pai")) or -1)
            else:
                self._lose()
        elif t == "kakan":
            if ev.get("pai") in hand:
                hand.remove(ev["pai"])
            else:
                self._lose()
        elif t == "reach_accepted":
            self.riichi = True

    def judge(self, reply: Any) -> str | None:
        """What is wrong with ``reply`` to the events seen so far (None: nothing)."""
        if not isinstance(reply, dict) or reply.get("type") not in _REPLY_TYPES:
            return f"not an mjai reply: {reply!r}"
        t = reply["type"]
        if t == "none":
            return None
        ev = self.last or {}
        if self.me is None or reply.get("actor") != self.me:
            return f"{t} by seat {reply.get('actor')}, not the seat's"
        own_draw = ev.get("type") == "tsumo" and ev.get("actor") == self.me
        hand = self.hand
        if hand is None:
            if t == "dahai" and own_draw and reply.get("pai") == ev.get("pai") \
                    and reply.get("tsumogiri") is True:
                return None
            return f"{t} while the seat's hand cannot be known"
        if t == "dahai":
            own_turn = ev.get("actor") == self.me and ev.get("type") in (
                "tsumo", "chi", "pon", "reach")
            if not own_turn or len(hand) % 3 != 2:
                return f"dahai after {ev.get('type')}, not at the seat's turn"
            if reply.get("pai") not in hand:
                return f"dahai of {reply.get('pai')}, not in hand {sorted(hand)}"
            if self.riichi and reply.get("pai") != ev.get("pai"):
                return "dahai in riichi of a tile not just drawn"
            if own_draw and reply.get("tsumogiri") is True and reply.get("pai") != ev.get("pai"):
                return "tsumogiri of a tile not drawn"
            return None
        if t in ("reach", "ankan", "kakan", "ryukyoku"):
            if not own_draw:
                return f"{t} after {ev.get('type')}"
            if t == "reach":
                return "reach in riichi or with an open hand" if self.riichi or self.opened \
                    else None
            if t == "ankan":
                consumed = reply.get("consumed")
                ok = isinstance(consumed, list) and len(consumed) == 4 and \
                    len({_kind(x) for x in consumed}) == 1 and _holds(hand, consumed)
                return None if ok else f"ankan of {consumed} not held"
            if t == "kakan":
                ok = reply.get("pai") in hand and _kind(reply.get("pai")) in self.pons
                return None if ok else f"kakan of {reply.get('pai')} without its pon"
            ends = {k for x in hand if (k := _kind(x)) is not None and (k >= 27 or k % 9 in (0, 8))}
            return None if self.turns == 0 and len(ends) >= 9 else "ryukyoku not allowed"
        if t == "hora":
            if own_draw:
                ok = reply.get("target") == self.me and reply.get("pai") == ev.get("pai")
            else:
                ok = ev.get("type") in ("dahai", "kakan") and ev.get("actor") != self.me \
                    and reply.get("target") == ev.get("actor") \
                    and _kind(reply.get("pai")) == _kind(ev.get("pai"))
            return None if ok else f"hora on {reply.get('pai')} after {ev.get('type')}"
        # chi, pon, daiminkan
        if ev.get("type") != "dahai" or ev.get("actor") == self.me or self.riichi:
            return f"{t} after {ev.get('type')}"
        if reply.get("target") != ev.get("actor") or reply.get("pai") != ev.get("pai"):
            return f"{t} on a tile that is not the discard"
        if t == "chi" and ev.get("actor") != (self.me + 3) % 4:
            return "chi from a seat that is not on the left"
        consumed = reply.get("consumed")
        if not isinstance(consumed, list) or not _holds(hand, consumed):
            return f"{t} with {consumed} not held"
        run = sorted(k for x in [*consumed, ev.get("pai")] if (k := _kind(x)) is not None)
        size = 3 if t == "chi" or t == "pon" else 4
        if len(run) != size:
            return f"{t} of {size - 1} tiles expected"
        if t == "chi":
            ok = run[0] < 27 and run[0] // 9 == run[2] // 9 \
                and run == list(range(run[0], run[0] + 3))
        else:
            ok = len(set(run)) == 1
        return None if ok else f"{t} of {run} is no meld"


def _events_of(line: bytes) -> list[Any] | None:
    """The line's events as Python reads it (None: it cannot)."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, list) else [data]


def judge_stream(lines: Sequence[bytes], level: str = "greedy", seed: int = 0,
                 rules: Ruleset | None = None) -> str:
    """The outcome of serving ``lines`` to a fresh ``hanchan mjai-bot`` (see the module)."""
    bot = MjaiBot(make_bot(level, seed), rules or Ruleset())
    out, err = io.StringIO(), io.StringIO()
    serve(bot, io.BytesIO(b"".join(x + b"\n" for x in lines)), out, err,
          limit=LONG_LINE_LIMIT)
    said = err.getvalue().splitlines()
    for text in said:
        if not text.startswith(PREFIX) or "internal error" in text or "Traceback" in text:
            return f"crash: {text[:200]}"
    replies = out.getvalue().splitlines()
    due = [x for x in lines if x.strip()]
    if len(replies) != len(due):
        return f"wrong reply: {len(replies)} replies to {len(due)} lines"
    referee = Referee()
    for n, (line, text) in enumerate(zip(due, replies, strict=True), start=1):
        for ev in _events_of(line) or []:
            referee.see(ev)
        problem = referee.judge(json.loads(text))
        if problem is not None:
            return f"wrong reply: line {n}: {problem}"
    return "refused" if said else "answered"


def fuzz_streams(streams: Sequence[tuple[str, int, list[bytes]]], rounds: int, seed: int,
                 level: str = "greedy") -> Tally:
    """``rounds`` damaged streams, each from one of ``streams`` (name, seat, lines)."""
    tally = Tally()
    rng = random.Random(seed)
    for n in range(rounds):
        name, seat, lines = streams[n % len(streams)]
        bad, what = mutate_stream(lines, seat, rng)
        outcome, detail = timed(functools.partial(judge_stream, bad, level, n),
                                f"{name} seat {seat}: {what}")
        tally.add(outcome, f"{detail} {outcome}")
    return tally
