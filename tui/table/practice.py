"""Practice mode's mistakes: what a key sends when the rules do not allow it now.

In practice mode (``Ruleset.practice_mode``) the human may try a false tsumo, ron
or call, or riichi on any discard; the engine decides whether each is a mistake
and penalises it.  A false tsumo or ron may be shown (a chombo) or taken back before
the hand is shown (``Ruleset.false_win_withdrawn`` says what that costs).  These
functions only choose what to send, from the view and the legal actions: tiles close to
the discard for a call, nearly four of a kind for a closed kan, any discard for riichi.

>>> from hanchan.engine.tiles import parse_tiles, tile_name
>>> hand = parse_tiles("3446m159p19s1234z")
>>> five = parse_tiles("5m", used=hand)[0]
>>> [a.tiles for a in plausible_calls("pon", hand, five, 1)] == [tuple(hand[1:3])]
True

A call with no tiles near the discard (here a kan: no three) is a false call the
clubs penalise too (空カン), so the key then offers any tiles of the hand, nearest first:

>>> plausible_calls("kan", hand, five, 1)
[]
>>> [tile_name(t, 1) for t in any_calls("kan", hand, five, 1)[0].tiles]
['4m', '4m', '6m']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Literal

from hanchan.engine.actions import (
    Action,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    TakeBack,
    Tsumo,
)
from hanchan.engine.tiles import Kind, Tile, is_honour, is_red, kind_of, suit_of
from hanchan.engine.view import PlayerView
from hanchan.words.actions import ACTION_TITLES

CallGroup = Literal["chi", "pon", "kan"]
_CALLS: dict[str, CallGroup] = {"chi": "chi", "pon": "pon", "kan": "kan"}
"""The keys' groups that are calls of a discard."""
MAX_OPTIONS = 9  # the chooser's number keys


def _near(a: Kind, b: Kind, dist: int) -> bool:
    """Kinds ``a`` and ``b`` are the same, or numbers of one suit at most ``dist`` apart."""
    if a == b:
        return True
    return (not is_honour(a) and not is_honour(b) and suit_of(a) == suit_of(b)
            and abs(a - b) <= dist)


def plausible_calls(group: CallGroup, hand: Sequence[Tile], discard: Tile, red_fives: int
                    ) -> list[Action]:
    """Calls of the discard a person might try with tiles of ``hand``, nearest first.

    Tiles close to the discard (pon: pairs of it or of a neighbour, or one copy and
    a neighbour; chi: two other numbers of its suit within two of it, a true run
    included, as a chi from the wrong seat is a false call too; kan: two copies and
    a neighbour, or three copies).  The engine decides whether each is a mistake.
    """
    k = kind_of(discard)
    size = 3 if group == "kan" else 2
    seen: set[tuple[tuple[int, bool], ...]] = set()
    found: list[tuple[int, tuple[int, ...]]] = []
    for combo in combinations(sorted(hand), size):
        kinds = [kind_of(t) for t in combo]
        key = tuple(sorted((kind_of(t), is_red(t, red_fives)) for t in combo))
        if _plausible(group, k, kinds) and key not in seen:
            seen.add(key)
            found.append((sum(abs(x - k) for x in kinds), combo))
    found.sort()
    return [_call_of(group, c) for _, c in found[:MAX_OPTIONS]]


def _plausible(group: CallGroup, k: int, kinds: Sequence[int]) -> bool:
    """Whether tiles of ``kinds`` are near enough the discard's kind ``k`` to try calling."""
    if group == "chi":
        return (not is_honour(k) and len(set(kinds)) == 2 and k not in kinds
                and all(_near(x, k, 2) for x in kinds))
    if group == "pon":
        return all(_near(x, k, 1) for x in kinds) and (kinds[0] == kinds[1] or k in kinds)
    return all(_near(x, k, 1) for x in kinds) and kinds.count(k) >= 2


def _call_of(group: CallGroup, tiles: Sequence[Tile]) -> Action:
    if group == "chi":
        return Chi((tiles[0], tiles[1]))
    if group == "pon":
        return Pon((tiles[0], tiles[1]))
    return OpenKan((tiles[0], tiles[1], tiles[2]))


def any_calls(group: CallGroup, hand: Sequence[Tile], discard: Tile, red_fives: int
              ) -> list[Action]:
    """Calls of the discard with any tiles of ``hand``, nearest to the discard first.

    What a call without the tiles for it (空ポン・空チー・空カン) sends when no tile is
    near the discard: the engine penalises it as the rules say.
    """
    k = kind_of(discard)
    size = 3 if group == "kan" else 2

    def far(t: Tile) -> int:  # another suit or an honour is farther than any number
        return abs(kind_of(t) - k) if _near(kind_of(t), k, 8) else 9 + abs(kind_of(t) - k)

    seen: set[tuple[tuple[int, bool], ...]] = set()
    found: list[tuple[int, tuple[Tile, ...]]] = []
    for combo in combinations(sorted(hand), size):
        key = tuple(sorted((kind_of(t), is_red(t, red_fives)) for t in combo))
        if key not in seen:
            seen.add(key)
            found.append((sum(far(t) for t in combo), combo))
    found.sort()
    return [_call_of(group, c) for _, c in found[:MAX_OPTIONS]]


def plausible_kans(hand: Sequence[Tile], red_fives: int) -> list[Action]:
    """Closed kans a person might try on the own turn with four tiles of ``hand`` that are
    not four of a kind (錯カン): three or two copies of a kind and neighbours of it, the
    fewest odd tiles first; else the hand's first four tiles (空カン).

    >>> from hanchan.engine.tiles import parse_tiles, tile_name
    >>> hand = parse_tiles("1114m159p19s12345z")
    >>> [tile_name(t, 1) for t in plausible_kans(hand, 1)[0].tiles]
    ['1m', '1m', '1m', '4m']
    """
    seen: set[tuple[tuple[int, bool], ...]] = set()
    found: list[tuple[int, tuple[Tile, ...]]] = []
    for combo in combinations(sorted(hand), 4):
        kinds = [kind_of(t) for t in combo]
        top = max(set(kinds), key=kinds.count)
        odd = 4 - kinds.count(top)
        key = tuple(sorted((kind_of(t), is_red(t, red_fives)) for t in combo))
        if 1 <= odd <= 2 and all(_near(k, top, 3) for k in kinds) and key not in seen:
            seen.add(key)
            found.append((odd * 10 + sum(abs(k - top) for k in kinds), combo))
    found.sort()
    if not found and len(hand) >= 4:
        found = [(0, tuple(sorted(hand)[:4]))]
    return [ClosedKan((c[0], c[1], c[2], c[3])) for _, c in found[:MAX_OPTIONS]]


def mistakes(group: str, view: PlayerView, legal: Sequence[Action]
             ) -> list[Action] | str | None:
    """What the ``group`` key sends when nothing of it is legal: actions, or why nothing.

    A false tsumo on the own turn, a false ron or call when a discard (or a kan) is
    open to claims; the engine judges (and penalises) each.  A call offers the tiles
    near the discard, else any tiles: a call without the tiles is a mistake to practise.
    ``None`` when the key means nothing now: the engine's reason for
    :func:`refused_sample` says why.
    """
    title = ACTION_TITLES.get(group, group)
    own_turn = any(isinstance(a, Discard) for a in legal)
    asked = any(isinstance(a, Pass) for a in legal)  # a discard or kan open to claims
    if group == "tsumo":  # shown (a chombo), or taken back before the hand is shown
        return [Tsumo(), TakeBack("tsumo")] if own_turn else None
    if group == "ron":
        return [Ron(), TakeBack("ron")] if asked else None
    if group == "kan" and own_turn:  # a closed kan of unlike tiles (錯カン)
        return plausible_kans(view.concealed(), view.ruleset.red_fives) or None
    call = _CALLS.get(group)
    if call is None or not asked or view.last_discard is None:
        return None
    rf = view.ruleset.red_fives
    tile = view.last_discard[1]
    hand = view.concealed()
    options = plausible_calls(call, hand, tile, rf) or any_calls(call, hand, tile, rf)
    if not options:
        return f"{title}: your hand has too few tiles left for a call."
    return options


def riichi_anywhere(view: PlayerView, legal: Sequence[Action], want_open: bool) -> bool:
    """Riichi may be declared with any discard (a noten riichi is a chombo at the draw).

    True in practice mode, on the own turn, before the seat's riichi, and for open
    riichi only where the rules have it.
    """
    rules = view.ruleset
    if not rules.practice_mode or (want_open and not rules.open_riichi):
        return False
    if view.me.riichi:
        return False
    return any(isinstance(a, Discard) and not a.riichi for a in legal)


def refused_sample(group: str, view: PlayerView) -> Action | None:
    """An action of ``group`` for the engine to explain when the key is refused.

    The engine's reason (:func:`engine.legal.why_illegal`) names what the situation
    or the hand lacks; for a call the nearest tiles are asked about, for riichi the
    drawn tile (no riichi was offered, so no discard would do).  ``None`` for a key
    the engine has no reason for.
    """
    hand = view.concealed()
    if not hand:
        return None
    rf = view.ruleset.red_fives
    if group == "tsumo":
        return Tsumo()
    if group == "ron":
        return Ron()
    if group == "nine":
        return NineTerminals()
    if group in ("riichi", "open_riichi"):
        tile = view.drawn if view.drawn is not None else hand[-1]
        return Discard(tile, riichi=True, open=group == "open_riichi")
    if group == "kan" and view.last_discard is None:
        return ClosedKan((hand[0], hand[1], hand[2], hand[3])) if len(hand) >= 4 else None
    call = _CALLS.get(group)
    if call is not None:
        discard = view.last_discard
        near = plausible_calls(call, hand, discard[1], rf) if discard is not None else []
        if near:
            return near[0]
        return _call_of(call, hand) if len(hand) >= (3 if call == "kan" else 2) else None
    return None
