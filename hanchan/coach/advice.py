"""Help for the player: shanten, acceptance, waits, furiten, and a hint's reason in words.

:func:`advise` and :func:`best_discards` are facts about the player's own tiles (via
``engine.shanten`` and ``engine.waits``), never rules of the game: whether an action is
legal is always the engine's answer.  :func:`reason_words` says why a bot chose what it
chose, from the facts of its :class:`~ai.decision.Decision` (a push, a fold, the safest
tile there is, or hand shape).  At tenpai only the waits the hand can win on count
(:func:`ai.tenpai_value.winning_waits`: an open hand needs a yaku); the others are named.

>>> from hanchan.ai.decision import Decision, Safety, Why
>>> from hanchan.engine.actions import Discard
>>> east = Safety(seat=1, wind=0, riichi=True, kind="genbutsu")
>>> reason_words(Decision(Discard(0), "", Why("fold", 0, 2, 12, safety=(east,))))
"folding: genbutsu against East's riichi"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.ai.decision import Decision, Safety, Why
from hanchan.ai.tenpai_value import winning_waits
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import counts_of, format_kinds, kind_name, kind_of
from hanchan.engine.view import PlayerView
from hanchan.engine.waits import discard_options, ukeire, waits
from hanchan.words.names import WIND_NAMES


@dataclass(frozen=True)
class Advice:
    """What the help line says about the hand (and the selected discard)."""

    shanten: int | None = None  # after the selected discard (or of the 13-tile hand)
    acceptance: tuple[int, ...] = ()  # kinds that improve it
    acceptance_count: int = 0  # unseen tiles of them
    waits: tuple[int, ...] = ()  # when tenpai
    furiten: bool = False
    no_yaku: tuple[int, ...] = ()  # waits the hand has no yaku on (not in acceptance_count)

    def words(self) -> str:
        """One line of plain words."""
        if self.shanten is None:
            return ""
        if self.shanten < 0:
            return "Complete hand."
        if self.shanten == 0:
            live = [k for k in self.waits if k not in self.no_yaku]
            text = f"Tenpai, waiting on {format_kinds(live) or 'nothing'}"
            text += f" ({self.acceptance_count} left)" if live else ""
            if self.no_yaku:
                text += f"; no yaku on {format_kinds(self.no_yaku)}"
            if self.furiten:
                text += " — FURITEN"
            return text
        return (
            f"{self.shanten}-shanten; improves with {format_kinds(self.acceptance)} "
            f"({self.acceptance_count} tiles)"
        )


def _visible_others(view: PlayerView) -> list[int]:
    seen = view.visible_counts()
    own = counts_of(view.concealed(), physical=True)
    return [max(0, s - o) for s, o in zip(seen, own, strict=True)]


def advise(view: PlayerView, discard: int | None) -> Advice:
    """Advice for the hand after discarding physical tile ``discard`` (or as it is).

    Works on 13-tile (3n+1) hands; a 14-tile hand needs the ``discard``.
    """
    tiles = list(view.concealed())
    if discard is not None and discard in tiles:
        tiles.remove(discard)
    if len(tiles) % 3 != 1:
        return Advice()
    counts = counts_of(tiles, physical=True)
    melds = len(view.me.melds)
    try:
        sh = shanten(counts, melds)
        visible = _visible_others(view)
        if discard is not None:
            visible[kind_of(discard)] += 1
        kinds, count = ukeire(counts, melds, visible)
        ws: tuple[int, ...] = tuple(waits(counts, melds)) if sh == 0 else ()
    except (ValueError, IndexError):
        return Advice()
    live = winning_waits(view, tiles, ws) if ws else ()
    dead = tuple(k for k in ws if k not in live)
    count -= sum(max(0, 4 - counts[k] - visible[k]) for k in dead)  # as ukeire counts them
    furiten = False
    if ws:
        river_kinds = {kind_of(r.tile) for r in view.me.river}
        if discard is not None:
            river_kinds.add(kind_of(discard))
        furiten = bool(river_kinds & set(ws)) or (discard is None and view.furiten)
    return Advice(sh, tuple(kinds), count, ws, furiten, dead)


def best_discards(view: PlayerView, n: int = 5) -> str:
    """The ``n`` discards that leave the lowest shanten and most acceptance, in words.

    Empty when the hand is not waiting to discard (3n+2 tiles).
    """
    tiles = view.concealed()
    if len(tiles) % 3 != 2:
        return ""
    counts = counts_of(tiles, physical=True)
    try:
        options = discard_options(counts, len(view.me.melds), _visible_others(view))
    except (ValueError, IndexError):
        return ""
    parts = []
    for o in options[:n]:
        state = "tenpai" if o.shanten == 0 else f"{o.shanten}-sh" if o.shanten > 0 else "win"
        parts.append(f"{kind_name(o.kind)} {state} {o.ukeire_count}")
    return "Best discards: " + " · ".join(parts)


def _threat(s: Safety) -> str:
    return f"{WIND_NAMES[s.wind]}'s {'riichi' if s.riichi else 'open hand'}"


def _threats(group: Sequence[Safety]) -> str:
    """ "East's riichi", "North's and East's riichi" (one kind of threat, several seats)."""
    if len(group) == 1:
        return _threat(group[0])
    names = [f"{WIND_NAMES[s.wind]}'s" for s in group]
    what = "riichi" if group[0].riichi else "open hands"
    return f"{', '.join(names[:-1])} and {names[-1]} {what}"


def _percent(chance: float) -> str:
    return f"about {max(1, round(chance * 100))}%"


def safety_words(group: Sequence[Safety]) -> str:
    """How safe a tile is against one or more seats, for one reason: "suji of 4p against
    West's riichi".

    >>> safety_words([Safety(2, 2, True, "suji", by=(12,))])
    "suji of 4p against West's riichi"
    """
    s = group[0]
    against = _threats(group)
    if s.kind == "genbutsu":
        return f"genbutsu against {against}"
    if s.kind == "passed":
        return f"let through since {against}" if s.riichi else f"just let through by {against}"
    if s.kind == "not_a_wait":
        return f"not a wait of {against}"
    if s.kind == "suji":
        return f"suji of {' and '.join(kind_name(k) for k in s.by)} against {against}"
    if s.kind == "honour":
        return f"{s.seen} of 4 seen, safe against {against} but for a single wait"
    return f"not safe against {against} ({_percent(max(x.chance for x in group))} if tenpai)"


def _grouped(safety: Sequence[Safety]) -> str:
    """Each reason once, with the seats it holds against."""
    groups: dict[tuple[object, ...], list[Safety]] = {}
    for s in safety:
        groups.setdefault((s.kind, s.by, s.seen, s.riichi), []).append(s)
    return ", ".join(safety_words(g) for g in groups.values())


def _tiles(n: int) -> str:
    return f"{n} tile{'' if n == 1 else 's'}"


def _names(kinds: Sequence[int]) -> str:
    return " ".join(kind_name(k) for k in kinds)


def _hand_words(w: Why) -> str:
    if w.shanten == 0 and not w.waits:
        return f"tenpai with no yaku on {_names(w.no_yaku)}: it cannot win"
    if w.shanten == 0:
        shape = "single wait" if len(w.waits) == 1 else f"{len(w.waits)}-sided wait"
        text = f"{shape} on {_names(w.waits)} ({_tiles(w.accept)})"
        if w.points:
            text += f" worth about {round(w.points, -2):,}"
        if w.no_yaku:
            text += f", no yaku on {_names(w.no_yaku)}"
        if w.furiten:
            text += ", furiten: tsumo only"
        return text
    return f"keeps {w.shanten}-shanten, {_tiles(w.accept)} accept"


def why_words(w: Why) -> str:
    """The facts of an own-turn discard in words: a push, a fold or hand shape."""
    tile = kind_name(w.kind)
    if w.stance == "fold":
        if any(x.kind != "none" for x in w.safety):
            text = "folding: " + _grouped(w.safety)
        else:
            worst = max(w.safety, key=lambda x: x.chance)
            text = (f"folding: the least dangerous tile ({_percent(worst.chance)} "
                    f"against {_threat(worst)} if tenpai)")
        return f"riichi, {text}" if w.riichi else text
    hand = _hand_words(w)
    left = f"{_tiles(w.wall)} left"
    if w.stance in ("push", "safest"):
        risky = [x for x in w.safety if x.kind == "none"]
        if w.stance == "safest":  # chosen for safety: no tile of the hand is notably safer
            worst = max(risky, key=lambda x: x.chance)
            text = (f"safety: {tile} is about the least dangerous tile ({_percent(worst.chance)} "
                    f"against {_threat(worst)} if tenpai); {hand}, {left}")
        else:
            text = f"pushing: {hand}, {left}; {tile} is {safety_words(risky)}"
        return f"riichi, {text}" if w.riichi else text
    text = f"riichi: {hand}, {left}" if w.riichi else hand
    safe = [x for x in w.safety if x.kind != "none"]
    if safe:
        text += f"; {tile} is {_grouped(safe)}"
    return text


_INTERNALS = re.compile(r",? ?danger \d+")


def reason_words(decision: Decision) -> str:
    """Why a bot chose ``decision``'s action, in words a player reads.

    An own-turn discard with its facts (:class:`~ai.decision.Why`) says whether it
    pushes, folds or plays for shape; any other choice gives the bot's own short reason,
    without the bot's internal numbers.
    """
    if decision.why is not None:
        return why_words(decision.why)
    return _INTERNALS.sub("", decision.reason)
