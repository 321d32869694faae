"""Hand-made PlayerViews for bot tests."""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.events import Meld
from hanchan.engine.tiles import parse_tiles
from hanchan.engine.view import PlayerView, RiverTile, SeatInfo
from hanchan.rulesets.schema import Ruleset


def river(text: str, used: set[int], red: int = 1) -> tuple[RiverTile, ...]:
    """River tiles from mpsz, distinct from ``used`` (updated)."""
    tiles = parse_tiles(text, red, used=used) if text else []
    used.update(tiles)
    return tuple(RiverTile(t) for t in tiles)


def make_view(
    hand: str,
    *,
    drawn: str | None = None,
    seat: int = 0,
    dealer: int = 0,
    rivers: Sequence[str] = ("", "", "", ""),
    riichi: Sequence[int] = (),
    riichi_turns: dict[int, int] | None = None,
    melds: dict[int, Sequence[Meld]] | None = None,
    dora: str = "1z",
    wall_remaining: int = 50,
    last_discard: tuple[int, str] | None = None,
    scores: Sequence[int] = (25000, 25000, 25000, 25000),
    round_wind: int = 0,
    hand_number: int = 0,
    rules: Ruleset | None = None,
    used: set[int] | None = None,
) -> PlayerView:
    """A PlayerView for ``seat`` from mpsz strings (tiles are allocated distinct)."""
    rules = rules or Ruleset()
    red = rules.red_fives
    used = set() if used is None else used
    melds = melds or {}
    for ms in melds.values():
        for m in ms:
            used.update(m.tiles)
    own = parse_tiles(hand, red, used=used)
    used.update(own)
    drawn_tile = None
    if drawn:
        drawn_tile = parse_tiles(drawn, red, used=used)[0]
        used.add(drawn_tile)
    dora_tiles = parse_tiles(dora, red, used=used)
    used.update(dora_tiles)
    ld = None
    if last_discard is not None:
        t = parse_tiles(last_discard[1], red, used=used)[0]
        used.add(t)
        ld = (last_discard[0], t)
    infos = []
    for s in range(4):
        rv = river(rivers[s], used, red)
        is_riichi = s in riichi
        rturn = (riichi_turns or {}).get(s, 0) if is_riichi else None
        ms = tuple(melds.get(s, ()))
        size = len(own) + (1 if drawn_tile is not None else 0) if s == seat else 13 - 3 * len(ms)
        infos.append(SeatInfo(seat=s, wind=(s - dealer) % 4, score=scores[s], riichi=is_riichi,
                              open_riichi=False, riichi_turn=rturn, melds=ms, river=rv,
                              hand_size=size))
    return PlayerView(
        seat=seat, ruleset=rules, round_wind=round_wind, hand_number=hand_number, honba=0,
        sticks=0, dealer=dealer, seats=(infos[0], infos[1], infos[2], infos[3]),
        hand=tuple(sorted(own)), drawn=drawn_tile, dora_indicators=tuple(dora_tiles),
        wall_remaining=wall_remaining, turn=seat if drawn_tile is not None else (
            ld[0] if ld else seat),
        last_discard=ld, furiten=False, first_go_round=False, kans=0, hand_index=0,
    )
