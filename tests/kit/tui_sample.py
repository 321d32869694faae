"""Hand-built ``PlayerView``s for the TUI tests (fixed data, no engine needed)."""

from __future__ import annotations

from hanchan.engine.events import Meld
from hanchan.engine.tiles import parse_tiles
from hanchan.engine.view import PlayerView, RiverTile, SeatInfo
from hanchan.rulesets.schema import Ruleset


def _river(text: str, used: list[int], *, riichi_at: int | None = None,
           called: dict[int, int] | None = None, tsumogiri: set[int] | None = None
           ) -> tuple[RiverTile, ...]:
    tiles = parse_tiles(text, 1, used=used)
    used.extend(tiles)
    called = called or {}
    tsumogiri = tsumogiri or set()
    # parse_tiles keeps written order, which is the discard order here.
    return tuple(
        RiverTile(t, tsumogiri=i in tsumogiri, riichi=i == riichi_at, called_by=called.get(i))
        for i, t in enumerate(tiles)
    )


def mid_hand_view(*, drawn: bool = True) -> PlayerView:
    """East 2, 1 honba: South in riichi, West with a pon and a chi, the player to move."""
    used: list[int] = []
    hand = parse_tiles("234m067p34556s22z", 1, used=used)  # 13 tiles incl. red 5p
    used.extend(hand)
    draw = parse_tiles("8p", 1, used=used)[0]
    used.append(draw)
    pon_tiles = tuple(parse_tiles("777z", 1, used=used))
    used.extend(pon_tiles)
    chi_tiles = tuple(parse_tiles("123s", 1, used=used))
    used.extend(chi_tiles)
    dora = tuple(parse_tiles("9m", 1, used=used))
    used.extend(dora)
    rivers = [
        _river("19m4z5z8p", used),
        _river("1z9p2m6s3z1p7m", used, riichi_at=5, tsumogiri={2, 6}),
        _river("9s1s4z8m", used, called={1: 2}),
        _river("2z6z9s5m", used, called={2: 2}, tsumogiri={0}),
    ]
    melds_west = (
        Meld("pon", pon_tiles, called=pon_tiles[0], from_seat=3),
        Meld("chi", chi_tiles, called=chi_tiles[0], from_seat=1),
    )
    seats = (
        SeatInfo(0, 3, 24000, False, False, None, (), rivers[0], 14 if drawn else 13),
        SeatInfo(1, 0, 33300, True, False, 5, (), rivers[1], 13),
        SeatInfo(2, 1, 18700, False, False, None, melds_west, rivers[2], 7),
        SeatInfo(3, 2, 23000, False, False, None, (), rivers[3], 13),
    )
    return PlayerView(
        seat=0,
        ruleset=Ruleset(),
        round_wind=0,
        hand_number=1,
        honba=1,
        sticks=1,
        dealer=1,
        seats=seats,
        hand=tuple(sorted(hand)),
        drawn=draw if drawn else None,
        dora_indicators=dora,
        wall_remaining=49,
        turn=0,
        last_discard=None if drawn else (3, rivers[3][-1].tile),
        furiten=False,
        first_go_round=False,
        kans=0,
        hand_index=1,
    )
