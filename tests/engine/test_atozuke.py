"""``Ruleset.atozuke`` off: an open hand may not win on the one wait that gives it a yaku."""

from __future__ import annotations

from hanchan.engine.events import Meld
from hanchan.engine.scoring import WinContext, score_win
from hanchan.engine.tiles import parse_tiles
from hanchan.engine.wins import every_wait_has_yaku
from hanchan.rulesets.schema import Ruleset


def _ctx(concealed: str, win: str, meld: str) -> WinContext:
    used: list[int] = []
    chi = parse_tiles(meld, 1)
    used += chi
    hand = parse_tiles(concealed, 1, used=used)
    used += hand
    win_tile = parse_tiles(win, 1, used=used)[0]
    return WinContext(concealed=tuple(hand) + (win_tile,),
                      melds=(Meld("chi", tuple(chi), called=chi[0], from_seat=3),),
                      win_tile=win_tile, tsumo=False, seat_wind=1, round_wind=0)


def test_shanpon_on_the_dragon_needs_atozuke() -> None:
    # chi 234m, 678p 33s 77z waiting on 3s (no yaku) or 7z (red dragon): 片和了
    ctx = _ctx("678p789s33s77z", "7z", "234m")
    assert score_win(ctx, Ruleset()).valid  # the win itself has yakuhai
    assert not every_wait_has_yaku(ctx, Ruleset(atozuke=False))
    # the other wait has no yaku at all
    other = _ctx("678p789s33s77z", "3s", "234m")
    assert not score_win(other, Ruleset()).valid


def test_a_yaku_on_every_wait_passes() -> None:
    # chi 234m, 777z pon-less triplet concealed, 56p waiting 4p/7p: yakuhai either way
    ctx = _ctx("777z56p789s33s", "4p", "234m")
    assert score_win(ctx, Ruleset()).valid
    assert every_wait_has_yaku(ctx, Ruleset(atozuke=False))


def test_closed_hands_are_never_restricted() -> None:
    hand = parse_tiles("234m678p789s33s77z")
    win = parse_tiles("7z", 1, used=hand)[0]
    ctx = WinContext(concealed=tuple(hand) + (win,), melds=(), win_tile=win, tsumo=True,
                     seat_wind=1, round_wind=0)
    assert every_wait_has_yaku(ctx, Ruleset(atozuke=False))
