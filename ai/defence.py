"""Defence: how dangerous each tile kind is to discard, read from a PlayerView only.

For every opponent the model estimates a chance of being tenpai (riichi: 1; open hands
by their melds and turn), the value of its hand, a suit it may be collecting (flush
reading), and for each kind the chance of dealing in if that opponent is tenpai.
The wait model counts the shapes that could wait on a kind (ryanmen sides, kanchan,
penchan, shanpon, tanki) and removes the ones that genbutsu (furiten), suji, kabe and
one-chance rule out; its weights reproduce the usual deal-in rates against riichi
(non-suji 4-6 about 12 %, suji 1-9 about 2 %, genbutsu 0).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from hanchan.ai.decision import Safety, SafetyKind
from hanchan.ai.hand import winning_kinds
from hanchan.ai.rivers import passed_since
from hanchan.engine.tiles import (
    dora_of,
    is_dragon,
    is_honour,
    is_red,
    is_suited,
    kind_of,
    suit_of,
    wind_kind,
)
from hanchan.engine.view import PlayerView, SeatInfo


@dataclass(frozen=True, slots=True)
class WaitWeights:
    """Deal-in weight (percent of riichi hands waiting that way) of each wait shape."""

    ryanmen: float  # per open side
    kanchan: float
    penchan: float
    shanpon: float
    tanki: float
    honour_shanpon: float
    honour_tanki: float
    thrown: float = 1.0  # a shape needing a kind the hand chose to discard before its riichi


TEXTBOOK = WaitWeights(5.0, 1.2, 1.5, 1.0, 0.7, 2.5, 1.0)
"""The rates of the strategy books: riichi waits are mostly ryanmen, suji is nearly safe
(non-suji 4-6 about 12 %, suji 1-9 about 2 %)."""

READING = replace(TEXTBOOK, thrown=0.3)
"""The books' rates, and a hand taken to hold a kind it chose to discard 0.3 times as
often as another: the tiles beside a player's own discards are safer (strong's
``Style.waits``; measured in docs/bot-tuning.md)."""

OBSERVED = WaitWeights(3.81, 1.48, 4.54, 0.0, 4.51, 0.0, 1.53)
"""Fitted to the waits of bot riichi hands (``benchmarks/fit_waits.py``): bots choose waits
by tile count, not to trap suji, so they wait on suji more often than the books say.
Not used by any level (it lost to the books' rates: docs/bot-tuning.md, ``waits``)."""

THREAT_FLOOR = 0.05
"""A seat less likely than this to be tenpai adds no danger (:func:`danger_table`)."""

DANGER_FLOOR = 200.0
"""Dangers closer than this (expected points lost) are within the danger model's error:
the review ties two such discards, a hint does not call the more dangerous a push."""

RIICHI_VALUE = 5200.0
"""Points a deal-in to a non-dealer riichi is taken to cost before its dora is read."""


@dataclass(frozen=True, slots=True)
class Threat:
    """One opponent as a threat."""

    seat: int
    tenpai: float  # chance of being tenpai now
    value: float  # expected points lost when dealing in
    riichi: bool
    flush_suit: int | None  # suit 0..2 it is likely collecting, if any
    safe: frozenset[int]  # kinds it cannot ron (genbutsu, and passed tiles after riichi)
    thrown: frozenset[int] = frozenset()  # kinds it chose to discard (before its riichi)
    waits: frozenset[int] | None = None  # its waits when known (an open riichi shows them)


def _safe_kinds(view: PlayerView, seat: int) -> frozenset[int]:
    """Kinds ``seat`` cannot ron: its own discards and the tiles it has let pass."""
    info = view.seats[seat]
    safe = {kind_of(r.tile) for r in info.river}
    safe |= passed_since(view, seat)
    return frozenset(safe)


def _flush_suit(view: PlayerView, seat: int) -> int | None:
    info = view.seats[seat]
    if not info.melds:
        return None
    suits = set()
    for m in info.melds:
        k = kind_of(m.tiles[0])
        if is_suited(k):
            suits.add(suit_of(k))
    if len(suits) > 1:
        return None
    river = [kind_of(r.tile) for r in info.river]
    if len(river) < 5 and len(info.melds) < 2:
        return None
    per_suit = [0, 0, 0]
    for k in river:
        if is_suited(k):
            per_suit[suit_of(k)] += 1
    if suits:
        s = suits.pop()
    else:
        s = min(range(3), key=lambda i: per_suit[i])
    others = sum(per_suit) - per_suit[s]
    # Collecting: few of the suit thrown, many of the others.
    if per_suit[s] <= max(1, len(river) // 6) and others >= max(3, len(river) // 2):
        return s
    return None


def threats(view: PlayerView, riichi_value: float = RIICHI_VALUE,
            floor: float = 0.0, worth: Callable[[int, float], float] | None = None
            ) -> list[Threat]:
    """Every opponent with its tenpai chance, hand value and safe kinds.

    ``riichi_value`` is what a deal-in to a non-dealer riichi is taken to cost before
    its dora is read (a bot's style may weigh riichi higher).  Seats not in riichi
    whose tenpai chance is below ``floor`` are left out (their safe kinds unread).
    ``worth``, when given, turns a seat and the points of a deal-in into the threat's
    value (:meth:`ai.standing.Standing.loss`).
    """
    dora = [0] * 34
    for ind in view.dora_indicators:
        dora[dora_of(kind_of(ind))] += 1
    out: list[Threat] = []
    for info in view.seats:
        if info.seat == view.seat:
            continue
        threat = _threat(view, info, dora, riichi_value, floor, worth)
        if threat is not None:
            out.append(threat)
    return out


def _threat(view: PlayerView, info: SeatInfo, dora: Sequence[int], riichi_value: float,
            floor: float, worth: Callable[[int, float], float] | None) -> Threat | None:
    """One opponent's threat (see :func:`threats`), or None below the floor."""
    if info.riichi:
        tenpai = 1.0
        value = riichi_value
    else:
        tenpai, value = _open_hand(sum(1 for m in info.melds if m.is_open), len(info.river))
        if tenpai + 0.15 < floor:
            return None  # below the floor even if it collects a flush (unread)
    flush = _flush_suit(view, info.seat)
    if flush is not None:
        tenpai = min(1.0, tenpai + 0.15)
    if tenpai < floor and not info.riichi:
        return None
    meld_dora, yakuhai = _meld_worth(view, info, dora)
    value += 1800.0 * meld_dora + 600.0 * yakuhai
    if flush is not None:
        value += 3000.0
    if info.seat == view.dealer:
        value *= 1.5
    if worth is not None:
        value = worth(info.seat, value)
    river = info.river
    if info.riichi and info.riichi_turn is not None:
        river = river[:info.riichi_turn]  # after it, every draw is thrown
    return Threat(info.seat, tenpai, value, info.riichi, flush, _safe_kinds(view, info.seat),
                  frozenset(kind_of(r.tile) for r in river), _shown_waits(info))


def _open_hand(n: int, turns: int) -> tuple[float, float]:
    """(tenpai chance, value) of a seat not in riichi with ``n`` open melds after
    ``turns`` discards."""
    # Tenpai rates by open melds and discards made (roughly the published statistics of
    # online play: at the 12th discard 0.28 with one meld, 0.53 with two, 0.79 with
    # three; bots' own open hands fit it too, see docs/bot-tuning.md).  Which seats a
    # level reads: Style.threat_min.
    tenpai = (0.01 + 0.008 * turns, 0.02 + 0.022 * turns, 0.05 + 0.04 * turns,
              0.25 + 0.045 * turns, 1.0)[min(n, 4)]
    tenpai = min(tenpai, 0.9 if n < 4 else 1.0)
    return tenpai, 3200.0 if n else 4500.0


def _meld_worth(view: PlayerView, info: SeatInfo, dora: Sequence[int]) -> tuple[int, int]:
    """(dora and red fives, yakuhai pons and kans) among a seat's melds."""
    red = view.ruleset.red_fives
    meld_dora = 0
    yakuhai = 0
    for m in info.melds:
        for t in m.tiles:
            meld_dora += dora[kind_of(t)]
            if is_red(t, red):
                meld_dora += 1
        k = kind_of(m.tiles[0])
        if m.kind != "chi" and (is_dragon(k) or k in (wind_kind(view.round_wind),
                                                           wind_kind(info.wind))):
            yakuhai += 1
    return meld_dora, yakuhai


def _shown_waits(info: SeatInfo) -> frozenset[int] | None:
    """The waits of an open riichi, read from the tiles it shows (None when not shown).

    Those are its whole concealed hand or, under ``open_riichi_shows = "wait"``, only the
    part that makes the wait, the rest being complete sets: either way ``k`` tiles
    (3n+1) that lack ``(13 - k) / 3`` sets (the melds, and the sets kept face down).
    """
    if not (info.open_riichi and info.shown_hand):
        return None
    counts = [0] * 34
    for t in info.shown_hand:
        counts[kind_of(t)] += 1
    n = len(info.shown_hand)
    if n % 3 != 1:
        return None  # not a hand waiting for its 14th tile
    return frozenset(winning_kinds(counts, (13 - n) // 3))


def deal_in_chance(kind: int, safe: frozenset[int], unseen: Sequence[int],
                   weights: WaitWeights = TEXTBOOK,
                   thrown: frozenset[int] = frozenset()) -> float:
    """Chance (0..1) that a tenpai hand waits on ``kind``, given its safe kinds.

    ``unseen`` counts copies of each kind the discarder cannot see; the shapes that
    need a tile nobody else can hold (kabe) are ruled out, one-chance ones halved.
    """
    if kind in safe:
        return 0.0
    u = unseen[kind]
    if is_honour(kind):
        return (weights.honour_shanpon * min(u * (u - 1) / 6.0, 1.0)
                + weights.honour_tanki * min(u / 3.0, 1.0)) / 100.0
    n = kind % 9  # 0..8
    base = kind - n
    w = 0.0

    def avail(k: int) -> float:
        a = unseen[k]
        w = 0.0 if a == 0 else (0.5 if a == 1 else 1.0)
        return w * weights.thrown if k in thrown else w

    # ryanmen (n+1, n+2) waits n and n+3; ryanmen (n-2, n-1) waits n-3 and n
    if n <= 5:
        if base + n + 3 not in safe:
            w += weights.ryanmen * avail(base + n + 1) * avail(base + n + 2)
    if n >= 3 and base + n - 3 not in safe:
        w += weights.ryanmen * avail(base + n - 2) * avail(base + n - 1)
    if 0 < n < 8:
        w += weights.kanchan * avail(base + n - 1) * avail(base + n + 1)
    if n == 2:
        w += weights.penchan * avail(base) * avail(base + 1)
    if n == 6:
        w += weights.penchan * avail(base + 7) * avail(base + 8)
    w += weights.shanpon * min(u * (u - 1) / 6.0, 1.0) + weights.tanki * min(u / 3.0, 1.0)
    return w / 100.0


def danger_table(view: PlayerView, unseen: Sequence[int],
                 found: list[Threat] | None = None,
                 kinds: Sequence[int] | None = None,
                 weights: WaitWeights = TEXTBOOK) -> list[float]:
    """Expected points lost by discarding each kind now (sum over opponents).

    Only ``kinds`` are computed when given (the others stay 0); ``weights`` are the
    wait-shape rates the reader believes in.
    """
    ts = threats(view) if found is None else found
    out = [0.0] * 34
    todo = range(34) if kinds is None else kinds
    for t in ts:
        if t.tenpai < THREAT_FLOOR:
            continue
        for k in todo:
            if t.waits is not None:  # an open riichi: its waits are on the table
                out[k] += t.value if k in t.waits and k not in t.safe else 0.0
                continue
            p = deal_in_chance(k, t.safe, unseen, weights, t.thrown)
            if t.flush_suit is not None and not t.riichi:
                if is_suited(k) and suit_of(k) != t.flush_suit:
                    p *= 0.1
                elif is_suited(k):
                    p *= 2.0
            out[k] += t.tenpai * p * t.value
    return out


def safety(view: PlayerView, kind: int, threat: Threat, unseen: Sequence[int],
           weights: WaitWeights = TEXTBOOK) -> Safety:
    """What makes ``kind`` safe (or not) against ``threat``, as a player would say it.

    The first that holds of: its own discard (genbutsu), let through since its riichi,
    not a wait of its open riichi, suji of its safe kinds (both sides for a 4-6), an
    honour with three copies seen; else nothing, with the chance
    (:func:`deal_in_chance`) that the seat, if tenpai, waits on it.
    """
    info = view.seats[threat.seat]
    wind = info.wind
    if threat.waits is not None:
        chance = 1.0 if kind in threat.waits and kind not in threat.safe else 0.0
    else:
        chance = deal_in_chance(kind, threat.safe, unseen, weights, threat.thrown)

    def said(what: SafetyKind, by: tuple[int, ...] = (), seen: int = 0) -> Safety:
        return Safety(threat.seat, wind, threat.riichi, what, by, seen, chance, threat.tenpai)

    if any(kind_of(r.tile) == kind for r in info.river):
        return said("genbutsu")
    if kind in threat.safe:
        return said("passed")
    if threat.waits is not None and kind not in threat.waits:
        return said("not_a_wait")
    if is_honour(kind):
        seen = 4 - unseen[kind]
        return said("honour", seen=seen) if seen >= 3 else said("none")
    n = kind % 9
    sides = [k for k in ((kind - 3) if n >= 3 else None, (kind + 3) if n <= 5 else None)
             if k is not None]
    if all(k in threat.safe for k in sides):
        return said("suji", by=tuple(sides))
    return said("none")
