"""The rules of play, each written once: a predicate giving the sentence that refuses an
action (``IllegalAction.reason``), or ``None``.

:data:`RULES` lists the rules of each kind of action in the order they are asked:
:func:`refusal` gives the first that refuses, ``engine.legal.why_illegal`` says it and
the one-action checks (``may_discard``, ``may_riichi``) ask the same rules.  A rule that
reads only the seat (the groups :data:`RIICHI_SEAT`, :data:`CALL_SEAT`,
:data:`KAN_SEAT`) is asked with no action: ``engine.legal``'s listing asks it once per
seat, and filters the seat's tiles with the helpers the tile rules read
(:func:`kuikae_blocked`, :func:`danger_kinds`, :func:`tenpai_left`, :func:`chi_shapes`,
:func:`leaves_discard`, :func:`riichi_kan_ok`).

>>> from hanchan.engine.game import Game
>>> from hanchan.rulesets.schema import Ruleset
>>> st = Game(Ruleset(), seed=1).state
>>> refusal(st, (st.turn + 1) % 4, Discard(0)), refusal(st, st.turn, Discard(135))
('It is not your turn to discard.', 'That tile is not in your hand.')

Lines marked ``hot:`` inline an :mod:`engine.tiles` helper (``tile >> 2`` for
``kind_of``): they run for every discard and every claim check.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pon,
    Ron,
    TakeBack,
    Tsumo,
)
from hanchan.engine.facts import is_furiten
from hanchan.engine.scoring import decompositions
from hanchan.engine.shanten import shanten
from hanchan.engine.state import GameState, SeatCache, SeatState, chi_kuikae, waits_of
from hanchan.engine.tiles import TERMINALS_AND_HONOURS, is_suited, kind_of
from hanchan.engine.waits import is_tenpai, waits
from hanchan.engine.wins import ron_result, tsumo_result

__all__ = [
    "Rule", "RULES", "DISCARD_RULES", "PLAIN_RULES", "RIICHI_SEAT", "CALL_SEAT",
    "KAN_SEAT", "KAN_TILES", "NO_KINDS", "RUN_KINDS", "refusal", "first_refusal", "can_kan_now",
    "open_kan_possible",
    "kuikae_blocked", "danger_kinds", "tenpai_left", "hand_shanten", "chi_shapes", "has_chi",
    "leaves_discard", "riichi_kan_ok", "meld_made_wrongly",
]

NO_KINDS: frozenset[int] = frozenset()

# Every rule: (state, seat, action) -> the refusal, or None.  A rule that reads only the
# seat is also asked by the listing, once, with no action.

Rule = Callable[[GameState, int, Any], "str | None"]
"""(state, seat, the action or None for a rule of the seat alone) -> the refusal or None."""

_DEAD = "After your false call this hand may only discard; it cannot win or call."
_SILENT = "After taking riichi back you may declare nothing until your next draw."
_SWAP = "Swap calling: you may not discard that tile right after your call."
_NO_KAN = "No more kans may be declared in this hand."


def _game_over(st: GameState, seat: int, action: object) -> str | None:
    return "The game is over." if st.phase == "over" else None


def _other_turn(st: GameState, seat: int, action: object) -> str | None:
    return "It is not your turn." if st.phase == "turn" and seat != st.turn else None


def _dead_hand(st: GameState, seat: int, action: object) -> str | None:
    """Practice mode: after a false call the hand may only discard (アガリ放棄); after a
    riichi taken back, until the own next draw (``riichi_withdrawn_silent``)."""
    s = st.seats[seat]
    return _DEAD if s.dead else _SILENT if s.silent else None


# -- discards


def _turn_to_discard(st: GameState, seat: int, a: Discard) -> str | None:
    if st.phase != "turn" or seat != st.turn:
        return "It is not your turn to discard."
    return None


def _held(st: GameState, seat: int, a: Discard) -> str | None:
    return "That tile is not in your hand." if a.tile not in st.seats[seat].hand else None


def _open_discard(st: GameState, seat: int, a: Discard) -> str | None:
    """Only a riichi declaration shows the hand, and only where open riichi is played."""
    if not a.open:
        return None
    if not a.riichi:
        return "Only a riichi discard may be open."
    return None if st.rules.open_riichi else "These rules have no open riichi."


def _free(s: SeatState) -> bool:
    """Whether the seat chooses its discard (a dead hand or a riichi has no rule to heed)."""
    return not (s.dead or s.riichi or s.riichi_pending)


def _tsumogiri(st: GameState, seat: int, a: Discard) -> str | None:
    """After riichi the drawn tile goes (a dead hand may discard any tile)."""
    s = st.seats[seat]
    if (s.riichi or s.riichi_pending) and not s.dead and a.tile != st.drawn:
        return "After riichi you must discard the tile you drew."
    return None


def kuikae_blocked(s: SeatState) -> frozenset[int]:
    """The kinds the seat may not discard after its call (kuikae), none when that would
    leave nothing to discard: then any tile may go."""
    forbidden = s.kuikae
    if forbidden:
        for t in s.hand:
            if t >> 2 not in forbidden:  # hot: kind_of inlined
                return forbidden
    return NO_KINDS


def _kuikae(st: GameState, seat: int, a: Discard) -> str | None:
    s = st.seats[seat]
    if s.kuikae and _free(s) and a.tile >> 2 in kuikae_blocked(s):  # hot: kind_of inlined
        return _SWAP
    return None


def danger_kinds(st: GameState, seat: int, tiles: Collection[int]) -> Collection[int]:
    """The kinds an open riichi wins on, which a player not in riichi may not deal into
    unless every one of ``tiles`` (those kuikae lets go) would.

    Only a tile the open riichi can win on is refused (makura 18: 当たり牌): a furiten
    open riichi, which may not ron, refuses nothing.
    """
    if not st.rules.open_riichi:
        return NO_KINDS
    danger: set[int] = set()
    for o in range(4):
        if o != seat:
            so = st.seats[o]
            if so.open_riichi and so.riichi and not is_furiten(st, o):
                danger.update(waits_of(st, o))
    if danger:
        for t in tiles:
            if t >> 2 not in danger:  # hot: kind_of inlined
                return danger
    return NO_KINDS


def _open_riichi_danger(st: GameState, seat: int, a: Discard) -> str | None:
    s = st.seats[seat]
    if not st.rules.open_riichi or not _free(s):
        return None
    kuikae = kuikae_blocked(s)
    if a.tile >> 2 in danger_kinds(st, seat, [t for t in s.hand if t >> 2 not in kuikae]):
        return "That tile would deal into an open riichi; discard another tile."
    return None


# -- riichi (each asks nothing of a plain discard)


def _riichi_once(st: GameState, seat: int, a: Discard | None) -> str | None:
    s = st.seats[seat]
    if (a is None or a.riichi) and (s.riichi or s.riichi_pending):
        return "You are already in riichi."
    return None


def _riichi_dead(st: GameState, seat: int, a: Discard | None) -> str | None:
    return _dead_hand(st, seat, a) if a is None or a.riichi else None


def _riichi_closed(st: GameState, seat: int, a: Discard | None) -> str | None:
    s = st.seats[seat]
    if (a is None or a.riichi) and (not s.closed or s.called_this_turn):
        return "Riichi needs a closed hand."
    return None


def _riichi_points(st: GameState, seat: int, a: Discard | None) -> str | None:
    if ((a is None or a.riichi) and st.rules.riichi_needs_points
            and st.scores[seat] < 1000):
        return "Riichi needs 1,000 points to put down."
    return None


def _riichi_wall(st: GameState, seat: int, a: Discard | None) -> str | None:
    if (a is None or a.riichi) and st.live_remaining < st.rules.riichi_min_wall:
        return "Too few tiles are left in the wall to declare riichi."
    return None


def tenpai_left(after: list[int], nmelds: int, own_four: bool) -> bool:
    """Whether the 3n+1 hand ``after`` a riichi discard is tenpai (with ``own_four``,
    和り目なしの立直: the only wait may be a fifth copy of an own four)."""
    return shanten(after, nmelds) == 0 or (
        own_four and 4 in after and is_tenpai(after, nmelds, own_four_copies_count=True))


def hand_shanten(s: SeatState) -> int:
    """The 3n+2 hand's shanten, or a lower bound of 1 or more (engine.state.SeatCache)."""
    sh = s.cache.shanten
    if sh == SeatCache.UNKNOWN:
        sh = s.cache.shanten = shanten(s.counts, len(s.melds))
    return sh


def _riichi_tenpai(st: GameState, seat: int, a: Discard) -> str | None:
    if not a.riichi:
        return None
    s = st.seats[seat]
    if hand_shanten(s) <= 0:
        after = list(s.counts)
        after[a.tile >> 2] -= 1  # hot: kind_of inlined
        if tenpai_left(after, len(s.melds), st.rules.riichi_own_four_copies):
            return None
    return "Riichi needs a hand that is tenpai (one tile from a win) after the discard."


RIICHI_SEAT: tuple[Rule, ...] = (
    _riichi_once, _riichi_dead, _riichi_closed, _riichi_points, _riichi_wall)
"""The riichi rules that read the seat alone (the listing asks them with no discard); a
practice seat's noten riichi must keep them too to be played as a mistake."""


DISCARD_RULES: tuple[Rule, ...] = (
    _turn_to_discard, _held, _open_discard, *RIICHI_SEAT, _tsumogiri, _kuikae,
    _open_riichi_danger, _riichi_tenpai)

PLAIN_RULES = tuple(r for r in DISCARD_RULES
                    if r not in (*RIICHI_SEAT, _riichi_tenpai, _open_discard))
"""The rules that may refuse a plain discard not shown (the riichi rules and the open
discard's ask nothing of it)."""


# -- wins


def _tsumo_turn(st: GameState, seat: int, a: object) -> str | None:
    if st.phase != "turn":
        return "You may win by tsumo only on your own turn, with the tile you drew."
    return None


def _tsumo_drawn(st: GameState, seat: int, a: object) -> str | None:
    if st.seats[seat].called_this_turn or st.drawn is None:
        return "You did not draw this turn (you called): you may not win by tsumo now."
    return None


def _tsumo_wins(st: GameState, seat: int, a: object) -> str | None:
    if tsumo_result(st, seat) is not None:
        return None
    s = st.seats[seat]
    if shanten(s.counts, len(s.melds)) >= 0:
        return "Your hand is not complete: it needs four sets and a pair."
    return "Your hand is complete but has no yaku, so it cannot win."


def _open_tile(st: GameState) -> tuple[int, int] | None:
    """(the seat it comes from, the tile) that a ron now would win on."""
    if st.phase == "chankan" and st.last_kan is not None:
        kseat, meld = st.last_kan
        return kseat, meld.added if meld.added is not None else meld.tiles[0]
    if st.phase == "claim":
        return st.last_discard
    return None


def _ron_window(st: GameState, seat: int, a: object) -> str | None:
    return "There is no discard to win on now." if _open_tile(st) is None else None


def _ron_own(st: GameState, seat: int, a: object) -> str | None:
    ot = _open_tile(st)
    if ot is not None and ot[0] == seat:
        return "You may not win on your own discard or kan."
    return None


def _ron_furiten(st: GameState, seat: int, a: object) -> str | None:
    if is_furiten(st, seat):
        return "You are furiten (a tile you wait on is in your discards, or you let a " \
               "winning tile pass): you may not win on a discard."
    return None


def _robbing_closed_kan(st: GameState, seat: int, a: object) -> str | None:
    lk = st.last_kan
    if (st.phase == "chankan" and lk is not None and lk[1].kind == "ankan"
            and st.rules.chankan_on_ankan != "kokushi"):
        return "These rules do not let a closed kan be robbed."
    return None


def _ron_wins(st: GameState, seat: int, a: object) -> str | None:
    ot = _open_tile(st)
    assert ot is not None  # (_ron_window)
    lk = st.last_kan if st.phase == "chankan" else None
    ankan = lk is not None and lk[1].kind == "ankan"
    if ron_result(st, seat, ot[1], chankan=lk is not None, chankan_ankan=ankan) is not None:
        return None
    counts = list(st.seats[seat].counts)
    counts[kind_of(ot[1])] += 1
    if shanten(counts, len(st.seats[seat].melds)) >= 0:
        return "That tile does not complete your hand."
    return "That tile completes your hand, but the hand has no yaku, so it cannot win."


def _nine_terminals(st: GameState, seat: int, a: object) -> str | None:
    """Nine terminals (九種九牌): an abortive draw on the own first draw."""
    r = st.rules
    if not r.abort_nine_terminals:
        return "These rules have no abortive draw for nine different terminals and honours."
    s = st.seats[seat]
    if (st.phase == "turn" and not s.called_this_turn and s.discards == 0
            and (r.nine_terminals_after_calls or not st.calls_made) and not st.rinshan_draw
            and sum(1 for k in TERMINALS_AND_HONOURS if s.counts[k]) >= 9):
        return None
    return "Nine terminals needs nine different terminals and honours on your first draw."


# -- calls on a discard


def _call_window(st: GameState, seat: int, a: object) -> str | None:
    return "There is no discard to call now." if st.phase != "claim" else None


def _own_discard(st: GameState, seat: int, a: object) -> str | None:
    ld = st.last_discard
    return "You may not call your own discard." if ld is not None and ld[0] == seat else None


def _calls_in_riichi(st: GameState, seat: int, a: object) -> str | None:
    s = st.seats[seat]
    return "In riichi you may not call." if s.riichi or s.riichi_pending else None


def _chi_from_left(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    ld = st.last_discard
    if isinstance(a, Chi) and ld is not None and (ld[0] + 1) % 4 != seat:
        return "Only the next player (to the discarder's right) may chi a discard."
    return None


def _last_discard(st: GameState, seat: int, a: object) -> str | None:
    if st.live_remaining <= 0 and not st.rules.call_on_last_discard:
        return "The last discard of the hand may not be called."
    return None


def _draws_left(st: GameState, seat: int, a: object) -> str | None:
    if not st.rules.call_without_draws_left and st.live_remaining < 4:
        return "Too few tiles are left in the wall to call."
    return None


def can_kan_now(st: GameState) -> bool:
    r = st.rules
    if st.kans_total >= r.max_kans or st.kans_total >= 4:
        return False
    if st.live_remaining <= 0 and not r.kan_on_last_tile:
        return False
    if st.live_remaining <= 0 and r.dead_wall_replenish:
        return False
    # A fifth kan is never possible; four kans by several players end the hand anyway.
    return True


def open_kan_possible(st: GameState) -> bool:
    """An open kan needs a kan left to declare, and a draw after it (not the last discard)."""
    return can_kan_now(st) and st.live_remaining > 0


def _open_kan_room(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    return _NO_KAN if isinstance(a, OpenKan) and not open_kan_possible(st) else None


def _call_shape(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    """Why no tiles of the hand make that kind of call with the discard, or ``None``."""
    assert st.last_discard is not None  # (_call_window)
    kind = st.last_discard[1] >> 2  # hot: kind_of inlined
    counts = st.seats[seat].counts
    if isinstance(a, Pon) and counts[kind] < 2:
        return "A pon needs two tiles like the discard in your hand."
    if isinstance(a, OpenKan) and counts[kind] < 3:
        return "An open kan needs three tiles like the discard in your hand."
    if isinstance(a, Chi) and not has_chi(counts, kind):
        return "A chi needs two tiles in your hand that make a run with the discard."
    return None


def _runs(kind: int) -> tuple[tuple[int, int], ...]:
    """The kinds (a, b) that make a run with ``kind``, in the order chis are listed."""
    if not is_suited(kind):
        return ()
    n = kind % 9
    return tuple((kind + a, kind + b) for a, b in ((-2, -1), (-1, 1), (1, 2))
                 if 0 <= n + a and n + b <= 8)


RUN_KINDS = tuple(_runs(k) for k in range(34))
"""For each kind, the pairs of kinds that make a run with it (none for an honour)."""


def chi_shapes(counts: Sequence[int], kind: int) -> list[tuple[int, int]]:
    """The kinds (a, b) in ``counts`` that make a run with a discard of ``kind``."""
    return [(a, b) for a, b in RUN_KINDS[kind] if counts[a] and counts[b]]


def has_chi(counts: Sequence[int], kind: int) -> bool:
    """Whether ``chi_shapes(counts, kind)`` has any (hot: every discard asks)."""
    for a, b in RUN_KINDS[kind]:
        if counts[a] and counts[b]:
            return True
    return False


def _call_tiles_held(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    hand = list(st.seats[seat].hand)
    for t in a.tiles:
        if t not in hand:
            return "Those tiles are not in your hand."
        hand.remove(t)
    return None


def _call_makes_set(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    assert st.last_discard is not None  # (_call_window)
    kind = st.last_discard[1] >> 2  # hot: kind_of inlined
    kinds = sorted(t >> 2 for t in a.tiles)
    if isinstance(a, Chi):
        ok = (kinds[0], kinds[1]) in RUN_KINDS[kind]
    else:
        ok = all(k == kind for k in kinds)
    return None if ok else "Those tiles do not make a set with that discard."


def _call_kuikae(st: GameState, seat: int, a: Chi | Pon | OpenKan) -> str | None:
    """After a chi or a pon at least one tile must be left that may be discarded."""
    if isinstance(a, OpenKan):
        return None
    assert st.last_discard is not None  # (_call_window)
    r = st.rules
    if leaves_discard(st.seats[seat], st.last_discard[1] >> 2, a.tiles,
                       "chi" if isinstance(a, Chi) else None, r.kuikae):
        return None
    return "Swap calling: after that call every tile left would be one you may not discard."


CALL_SEAT: tuple[Rule, ...] = (_calls_in_riichi, _last_discard, _draws_left)
"""The call rules that read the seat alone (with them refused, only a ron is left)."""

_CALL_RULES: tuple[Rule, ...] = (
    _call_window, _own_discard, _calls_in_riichi, _chi_from_left, _last_discard, _draws_left,
    _open_kan_room, _call_shape, _call_tiles_held, _call_makes_set, _call_kuikae)


# -- kans from the hand


def _kan_turn(st: GameState, seat: int, a: object) -> str | None:
    return "A kan from your hand may be declared only on your own turn." \
        if st.phase != "turn" else None


def _kan_room(st: GameState, seat: int, a: object) -> str | None:
    return None if can_kan_now(st) else _NO_KAN


def _kan_in_riichi(st: GameState, seat: int, a: ClosedKan | AddedKan) -> str | None:
    """In riichi only a closed kan of the drawn tile's kind that keeps the waits."""
    s = st.seats[seat]
    if not (s.riichi or s.riichi_pending):
        return None
    drawn = st.drawn
    if (drawn is not None and st.rules.riichi_ankan != "never" and isinstance(a, ClosedKan)
            and all(t >> 2 == drawn >> 2 for t in a.tiles) and s.counts[drawn >> 2] == 4
            and riichi_kan_ok(st, seat, drawn >> 2)):
        return None
    return "In riichi you may only declare a closed kan of the tile you drew, and " \
           "only if it keeps your wait."


def _kan_after_call(st: GameState, seat: int, a: object) -> str | None:
    if st.seats[seat].called_this_turn and not st.rules.kan_after_call:
        return "You may not declare a kan right after a call."
    return None


def _kan_tiles(st: GameState, seat: int, a: ClosedKan | AddedKan) -> str | None:
    s = st.seats[seat]
    if isinstance(a, ClosedKan):
        k = a.tiles[0] >> 2  # hot: kind_of inlined
        ok = (len(set(a.tiles)) == 4 and all(t in s.hand and t >> 2 == k for t in a.tiles))
    else:
        k = a.tile >> 2
        ok = a.tile in s.hand and any(m.kind == "pon" and m.tiles[0] >> 2 == k
                                      for m in s.melds)
    return None if ok else ("A kan needs four of the same tile in your hand, or the fourth "
                            "tile of one of your pons.")


_KAN_RULES: tuple[Rule, ...] = (_kan_turn, _kan_room, _kan_in_riichi, _kan_after_call,
                                _kan_tiles)

KAN_SEAT: tuple[Rule, ...] = (_kan_after_call, _kan_room)
"""The rules of a kan from the hand that read the seat alone."""

KAN_TILES: tuple[Rule, ...] = (_kan_in_riichi, _kan_tiles)
"""The rules of a kan from the hand that read its tiles."""

# -- a declaration taken back (practice mode)


def _take_back_practice(st: GameState, seat: int, a: TakeBack) -> str | None:
    if not st.rules.practice_mode:
        return "Only practice mode lets a declaration be taken back."
    return None


def _take_back_what(st: GameState, seat: int, a: TakeBack) -> str | None:
    """What is taken back must be a declaration that could be made now and is a mistake:
    a false tsumo on the own turn, a false ron on an open discard or kan, a riichi the
    seat could declare."""
    if a.declared == "riichi":
        if st.phase != "turn":
            return "You may declare (and take back) riichi only on your own turn."
        return first_refusal(RIICHI_SEAT, st, seat, None)
    win: Tsumo | Ron = Tsumo() if a.declared == "tsumo" else Ron()
    when = (_tsumo_turn,) if a.declared == "tsumo" else (_ron_window, _ron_own)
    why = first_refusal(when, st, seat, win)  # no moment to declare it: nothing to take back
    if why is not None:
        return why
    if first_refusal(RULES[type(win)], st, seat, win) is None:
        return f"Your {a.declared} is a win: there is nothing to take back."
    return None


RULES: dict[type, tuple[Rule, ...]] = {
    Discard: (_game_over, *DISCARD_RULES),
    Tsumo: (_game_over, _other_turn, _dead_hand, _tsumo_turn, _tsumo_drawn, _tsumo_wins),
    Ron: (_game_over, _other_turn, _dead_hand, _ron_window, _ron_own, _ron_furiten,
          _robbing_closed_kan, _ron_wins),
    NineTerminals: (_game_over, _other_turn, _nine_terminals),
    Chi: (_game_over, _other_turn, _dead_hand, *_CALL_RULES),
    Pon: (_game_over, _other_turn, _dead_hand, *_CALL_RULES),
    OpenKan: (_game_over, _other_turn, _dead_hand, *_CALL_RULES),
    ClosedKan: (_game_over, _other_turn, _dead_hand, *_KAN_RULES),
    AddedKan: (_game_over, _other_turn, _dead_hand, *_KAN_RULES),
    TakeBack: (_game_over, _other_turn, _take_back_practice, _take_back_what),
}
"""The rules of each kind of action, in the order :func:`why_illegal` names them."""


_SHAPE_RULES = (_call_shape, _call_makes_set, _kan_tiles)
"""The rules that ask whether a call's or kan's tiles make its set."""


def _four_held(st: GameState, seat: int, a: ClosedKan) -> str | None:
    hand = st.seats[seat].hand
    held = len(set(a.tiles)) == 4 and all(t in hand for t in a.tiles)
    return None if held else "Those tiles are not in your hand."


def _split(rules: tuple[Rule, ...]) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """(every rule but those of the set's shape, those of the shape)."""
    return (tuple(r for r in rules if r not in _SHAPE_RULES),
            tuple(r for r in rules if r in _SHAPE_RULES))


_MELD_RULES: dict[type, tuple[tuple[Rule, ...], tuple[Rule, ...]]] = {
    Chi: _split(RULES[Chi]), Pon: _split(RULES[Pon]), OpenKan: _split(RULES[OpenKan]),
    ClosedKan: _split((*RULES[ClosedKan], _four_held))}
"""For :func:`meld_made_wrongly`: each meld's rules, split once."""


def meld_made_wrongly(st: GameState, seat: int, action: Action) -> bool:
    """Whether ``action`` is a chi, pon or kan (open or closed) that ``seat`` could make
    now but for its tiles, held in the hand, making no set with it (誤フーロ, 錯カン:
    practice mode's ``Ruleset.false_meld``).

    >>> from hanchan.engine.game import Game
    >>> from hanchan.rulesets.schema import Ruleset
    >>> g = Game(Ruleset(), seed=3)
    >>> hand = sorted(g.state.seats[0].hand)
    >>> meld_made_wrongly(g.state, 0, ClosedKan((hand[0], hand[1], hand[2], hand[3])))
    True
    >>> meld_made_wrongly(g.state, 0, ClosedKan((hand[0], hand[0], hand[1], hand[2])))
    False
    """
    split = _MELD_RULES.get(type(action))
    if split is None:
        return False
    rest, shape = split
    return (first_refusal(rest, st, seat, action) is None
            and first_refusal(shape, st, seat, action) is not None)


def first_refusal(rules: tuple[Rule, ...], st: GameState, seat: int, action: Any) -> str | None:
    """The first refusal of ``rules``, or None."""
    for rule in rules:
        why = rule(st, seat, action)
        if why is not None:
            return why
    return None


def refusal(st: GameState, seat: int, action: Action) -> str | None:
    """Why ``action`` is not legal for ``seat`` now (the first rule that refuses it), or
    None when it is: a discard, a win, nine terminals, a kan or a call (one with other
    copies of a listed call's tiles too: ``Game.act`` takes it).  The answers that are
    legal only when asked (a pass, a show or end choice) have no rules here:
    ``Game.pending()`` lists them; this refuses them all."""
    rules = RULES.get(type(action))
    if rules is None:
        return (_game_over(st, seat, action) or _other_turn(st, seat, action)
                or "That action is not possible now.")
    return first_refusal(rules, st, seat, action)


def riichi_kan_ok(st: GameState, seat: int, k: int) -> bool:
    """Closed kan in riichi: the waits (or the composition) must not change."""
    s = st.seats[seat]
    counts = list(s.counts)
    n = len(s.melds)
    counts[k] -= 1
    before = waits(counts, n)
    counts[k] -= 3
    after = waits(counts, n + 1)
    if before != after or not before:
        return False
    if st.rules.riichi_ankan == "composition_unchanged":
        counts[k] += 3
        if not _kind_always_triplet(counts, n, k, before):
            return False
    return True


def _kind_always_triplet(counts: list[int], n: int, k: int, ws: list[int]) -> bool:
    """Every reading of the hand completed by any wait keeps ``k`` as a triplet."""
    for w in ws:
        c = list(counts)
        c[w] += 1
        for d in decompositions(c, n):
            if d.form != "regular" or (1, k) not in d.groups:
                return False
    return True


def leaves_discard(s: SeatState, kind: int, used: Sequence[int], chi: str | None,
                    rule: str) -> bool:
    """After the call, at least one discard must be allowed (kuikae)."""
    if rule == "allowed":
        return True
    ka, kb = used[0] >> 2, used[1] >> 2  # hot: kind_of inlined
    if rule == "same_tile_forbidden" or not chi:
        forbidden: frozenset[int] = frozenset((kind,))
    else:
        forbidden = chi_kuikae(kind, ka, kb)
    counts = s.counts
    left = len(s.hand) - 2  # the tiles after the call, less those it forbids
    for k in forbidden:
        left -= counts[k] - (ka == k) - (kb == k)
    return left > 0
