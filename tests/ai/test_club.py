"""Decisions of the club bots on hand-made positions."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from hanchan.ai import Bot, hint, make_bot
from hanchan.ai.arena import play_game
from hanchan.ai.club import STYLES, ClubBot, Situation, Style, discard
from hanchan.ai.club import bot as club_bot
from hanchan.ai.club import calls as club_calls
from hanchan.ai.club.calls import kuikae_exclude
from hanchan.ai.club.discard import (
    Option,
    limit_ron,
    pick_tile,
    red_lost,
    reds_lost,
    special_routes,
)
from hanchan.ai.club.endgame import draw_tenpai_worth
from hanchan.ai.hints import Hinter
from hanchan.ai.opponents import FoldWatch
from hanchan.engine.actions import Action, Chi, Discard, NineTerminals, Pass, Pon
from hanchan.engine.shanten import shanten, shanten_chiitoi, shanten_kokushi, shanten_regular
from hanchan.engine.tiles import counts_of, kind_name, parse_kinds
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.botviews import make_view


def discards(view: PlayerView, riichi_kinds: Sequence[int] = ()) -> list[Discard]:
    tiles = view.concealed()
    out = [Discard(t) for t in tiles]
    out += [Discard(t, riichi=True) for t in tiles if t >> 2 in riichi_kinds]
    return out


def own_pair(view: PlayerView, kind_text: str) -> tuple[int, int]:
    k = parse_kinds(kind_text)[0]
    ts = [t for t in view.hand if t >> 2 == k]
    return (ts[0], ts[1])


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_pon_a_yakuhai_pair_that_makes_tenpai(level: str) -> None:
    v = make_view("24m678p345s99s1z55z", last_discard=(3, "5z"))
    a = make_bot(level, 0).choose(v, [Pon(own_pair(v, "5z")), Pass()])
    assert isinstance(a, Pon)


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_never_a_call_that_leaves_no_yaku(level: str) -> None:
    v = make_view("13m456p789s19p234z", last_discard=(3, "2m"))
    pair = (v.hand[0], v.hand[1])  # 1m and 3m
    a = make_bot(level, 0).choose(v, [Chi(pair), Pass()])
    assert isinstance(a, Pass)


def test_no_open_tanyao_means_no_tanyao_call() -> None:
    hand = "34m456p678s2288s5p"
    call = make_view(hand, last_discard=(3, "2m"))
    pair = (call.hand[0], call.hand[1])
    # the eager beginner calls whenever the call keeps a yaku and speeds the hand up
    assert isinstance(make_bot("easy", 0).choose(call, [Chi(pair), Pass()]), Chi)
    strict = make_view(hand, last_discard=(3, "2m"), rules=Ruleset().replace(open_tanyao=False))
    assert isinstance(make_bot("easy", 0).choose(strict, [Chi(pair), Pass()]), Pass)


def test_strong_calls_past_a_float_only_near_tenpai() -> None:
    # 1s and 9s break tanyao, but neither helps the fastest route: after chi 2m they go
    near = make_view("34m456p68s22s57p9s1s", last_discard=(3, "2m"))
    call = Chi((near.hand[0], near.hand[1]))
    assert isinstance(make_bot("strong", 0).choose(near, [call, Pass()]), Chi)  # 1-shanten
    assert isinstance(make_bot("normal", 0).choose(near, [call, Pass()]), Pass)
    # the same kind of call that leaves the hand 2-shanten gives up the riichi for little
    far = make_view("34m46p68s22s57p19s1p", last_discard=(3, "2m"))
    far_call = Chi((far.hand[0], far.hand[1]))
    assert isinstance(make_bot("strong", 0).choose(far, [far_call, Pass()]), Pass)
    eager = ClubBot("strong", 0, style=replace(STYLES["strong"], route_shanten=8))
    assert isinstance(eager.choose(far, [far_call, Pass()]), Chi)


def test_kuikae_kinds_follow_the_ruleset() -> None:
    v = make_view("1m")
    k3 = parse_kinds("3m")[0]
    k4, k5 = parse_kinds("45m")
    used = (k4 * 4, k5 * 4)  # chi 3m with 45m: 3m and its suji 6m are forbidden
    assert sorted(kuikae_exclude(v, "chi", used, k3)) == [k3, k3 + 3]
    same = make_view("1m", rules=Ruleset().replace(kuikae="same_tile_forbidden"))
    assert kuikae_exclude(same, "chi", used, k3) == [k3]
    free = make_view("1m", rules=Ruleset().replace(kuikae="allowed"))
    assert kuikae_exclude(free, "chi", used, k3) == []


def test_strong_folds_a_hopeless_hand_to_genbutsu() -> None:
    v = make_view("159m37p2468s1234z", drawn="6z", rivers=("", "3z8s", "", ""),
                  riichi=(1,), riichi_turns={1: 1})
    a = make_bot("strong", 0).choose(v, discards(v))
    assert isinstance(a, Discard)
    assert kind_name(a.tile >> 2) in ("3z", "8s")


def test_easy_folds_only_with_genbutsu_too() -> None:
    v = make_view("159m37p2468s1234z", drawn="6z", rivers=("", "3z8s", "", ""),
                  riichi=(1,), riichi_turns={1: 1})
    a = make_bot("easy", 0).choose(v, discards(v))
    assert isinstance(a, Discard)
    assert kind_name(a.tile >> 2) in ("3z", "8s")


def test_riichi_without_a_yaku() -> None:
    v = make_view("123m456p789s23s99m", drawn="5z")
    a = make_bot("strong", 0).choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and a.riichi and a.tile >> 2 == 31


def test_dama_with_a_mangan() -> None:
    v = make_view("234m456p678s33s55p", drawn="5z", dora="4p")
    a = make_bot("strong", 0).choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and not a.riichi and a.tile >> 2 == 31
    easy = make_bot("easy", 0).choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(easy, Discard) and easy.riichi  # a beginner always declares


def test_red_five_is_kept() -> None:
    """Of two fives of a kind to discard, the red one stays in the hand."""
    v = make_view("05m123p456p789s11z", drawn="3z")
    fives = [t for t in v.hand if t >> 2 == 4]
    legal = [Discard(t) for t in fives]
    assert pick_tile(v, 4, legal) != 16 and 16 in fives


def test_nine_terminals_abort_and_kokushi_chase() -> None:
    weak = make_view("19m19p19s1234z258m", drawn="3p")
    bot = make_bot("strong", 0)
    legal: list[Action] = [NineTerminals(), *discards(weak)]
    assert isinstance(bot.choose(weak, legal), NineTerminals)
    rich = make_view("19m19p19s123456z8p", drawn="2m")
    legal = [NineTerminals(), *discards(rich)]
    assert isinstance(bot.choose(rich, legal), Discard)


def test_hint_has_a_short_reason() -> None:
    v = make_view("123m456p78s1199s5z", drawn="3p")
    h = hint(v, discards(v))
    assert isinstance(h.action, Discard)
    assert re.fullmatch(r"discard \d[mpsz]: (tenpai|\d-shanten), \d+ tiles.*", h.reason), h.reason
    assert "5z" in h.reason or "3p" in h.reason


def test_easy_is_not_random() -> None:
    """A beginner still never breaks a finished set for a lone honour."""
    v = make_view("123m456p789s1155z", drawn="7z")
    picks = set()
    for seed in range(20):
        a = ClubBot("easy", seed).choose(v, discards(v))
        assert isinstance(a, Discard)
        picks.add(a.tile >> 2)
    assert picks == {33}


EV_STYLE = replace(STYLES["strong"], riichi_ev=True, dama_share_folders=0.45,
                   late_draws_folders=5)
"""Riichi by expected gain, dama against folders: strong before the riichi retuning of
docs/bot-tuning.md (riichi_ev)."""


def _fold_reader(watch: FoldWatch) -> ClubBot:
    """Strong with the rules of thumb against folders alone, without the expected-gain
    reading of riichi_reads_folds."""
    return ClubBot("strong", 0, watch=watch,
                   style=replace(STYLES["strong"], dama_share_folders=0.45,
                                 late_draws_folders=6, riichi_reads_folds=False))


def test_strong_takes_dama_against_folders_and_riichi_against_pushers() -> None:
    # tanyao pinfu with two dora, waiting on 2p-5p: 7,700 dama, a mangan with riichi
    v = make_view("234m456p678s55s34p", drawn="5z", dora="4s")
    pushers = _fold_reader(FoldWatch(safe=[0.0, 9.0, 9.0, 9.0], seen=[0.0, 30.0, 30.0, 30.0]))
    a = pushers.choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and a.riichi  # they pay a riichi by ron all the same
    folders = _fold_reader(FoldWatch(safe=[0.0, 27.0, 27.0, 27.0], seen=[0.0, 30.0, 30.0, 30.0]))
    b = folders.choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(b, Discard) and not b.riichi and b.tile >> 2 == 31


def test_strong_keeps_a_late_bad_wait_without_yaku_dama_against_folders() -> None:
    # no yaku, a kanchan on 2s, four own draws left
    v = make_view("123m456p789s13s99m", drawn="5z", wall_remaining=16)
    pushers = _fold_reader(FoldWatch(safe=[0.0, 9.0, 9.0, 9.0], seen=[0.0, 30.0, 30.0, 30.0]))
    a = pushers.choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and a.riichi  # pushers may still pay it by ron
    folders = _fold_reader(FoldWatch(safe=[0.0, 27.0, 27.0, 27.0], seen=[0.0, 30.0, 30.0, 30.0]))
    b = folders.choose(v, discards(v, riichi_kinds=(31,)))
    assert isinstance(b, Discard) and not b.riichi and b.tile >> 2 == 31  # tenpai, dama
    early = make_view("123m456p789s13s99m", drawn="5z", wall_remaining=50)
    c = folders.choose(early, discards(early, riichi_kinds=(31,)))
    assert isinstance(c, Discard) and c.riichi  # early, riichi is the only way to a ron


def test_strong_weighs_the_riichi_deposit() -> None:
    """A riichi that will rarely win loses its 1,000 deposit more often than it gains."""
    # a kanchan with two of its four tiles in the others' rivers, five own draws left
    hand = "123m456p789s13s99m"  # no yaku: dama wins by tsumo only
    tanyao = "234m456p678s35s66p"  # the kanchan on 4s with a yaku: dama wins by ron too
    expected_gain = ClubBot("strong", 0, style=EV_STYLE)
    for tiles, wait in ((hand, "2s"), (tanyao, "4s")):
        seen = ("", "", wait, wait)
        late = make_view(tiles, drawn="5z", seat=1, rivers=seen, wall_remaining=20)
        a = expected_gain.choose(late, discards(late, riichi_kinds=(31,)))
        assert isinstance(a, Discard) and not a.riichi and a.tile >> 2 == 31
        rules = make_bot("strong", 0).choose(late, discards(late, riichi_kinds=(31,)))
        assert isinstance(rules, Discard) and rules.riichi  # strong's rules of thumb declare it
        early = make_view(tiles, drawn="5z", seat=1, wall_remaining=60)
        b = expected_gain.choose(early, discards(early, riichi_kinds=(31,)))
        assert isinstance(b, Discard) and b.riichi  # all four live, twelve draws: riichi


def test_strong_keeps_a_late_bad_wait_dama_when_the_others_fold() -> None:
    """A riichi against players who fold brings fewer rons, so it must pay by itself."""

    def reading(safe: float) -> ClubBot:
        return ClubBot("strong", 0, style=EV_STYLE,
                       watch=FoldWatch(safe=[0.0, safe, safe, safe],
                                       seen=[0.0, 60.0, 60.0, 60.0]))

    folders, pushers = reading(57.0), reading(18.0)  # safe discards against earlier riichi
    # no yaku, a kanchan on 2s, six own draws left: dama wins by tsumo only
    late = make_view("123m456p789s13s99m", drawn="5z", seat=1, wall_remaining=24)
    a = folders.choose(late, discards(late, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and not a.riichi and a.tile >> 2 == 31
    b = pushers.choose(late, discards(late, riichi_kinds=(31,)))
    assert isinstance(b, Discard) and b.riichi  # they pay the riichi by ron all the same
    early = make_view("123m456p789s13s99m", drawn="5z", seat=1, wall_remaining=60)
    c = folders.choose(early, discards(early, riichi_kinds=(31,)))
    assert isinstance(c, Discard) and c.riichi  # time enough for the tsumo and the ura


def test_strong_counts_the_rons_a_dama_keeps_against_folders() -> None:
    """Folders answer a riichi with safe tiles but cannot see a dama: its rons stay.

    With dama_full_rons a 7,700 dama (a mangan with riichi) stays dama against a table
    that folds, where taking dama's chance as low as the riichi's declared it; a cheap
    hand still declares either way (the riichi's han are worth more than the rons).
    """

    def reader(full: bool, safe: float = 27.0) -> ClubBot:
        # the expected-gain reading alone, without the rules of thumb against folders
        return ClubBot("strong", 0,
                       style=replace(EV_STYLE, dama_share_folders=None,
                                     late_draws_folders=None, dama_full_rons=full),
                       watch=FoldWatch(safe=[0.0, safe, safe, safe],
                                       seen=[0.0, 30.0, 30.0, 30.0]))

    # tanyao pinfu with two dora, waiting on 2p-5p, twelve own draws left
    rich = make_view("234m456p678s55s34p", drawn="5z", dora="4s", wall_remaining=60)
    a = reader(True).choose(rich, discards(rich, riichi_kinds=(31,)))
    assert isinstance(a, Discard) and not a.riichi and a.tile >> 2 == 31
    b = reader(False).choose(rich, discards(rich, riichi_kinds=(31,)))
    assert isinstance(b, Discard) and b.riichi
    cheap = make_view("234m456p678s55s34p", drawn="5z", dora="9m", wall_remaining=60)
    c = reader(True).choose(cheap, discards(cheap, riichi_kinds=(31,)))
    assert isinstance(c, Discard) and c.riichi  # 2,000 dama: the riichi pays
    # against players who keep pushing the riichi's rons stay too: it declares
    pusher = reader(True, safe=9.0)
    d = pusher.choose(rich, discards(rich, riichi_kinds=(31,)))
    assert isinstance(d, Discard) and d.riichi


def test_strong_counts_the_dealer_repeat_in_a_win() -> None:
    """A dealer's win keeps the deal, worth Style.renchan_value more; not at the last hand."""
    plain = replace(STYLES["strong"], renchan_value=0.0)
    strong = STYLES["strong"]  # renchan_value 1,200

    def worth(view: PlayerView, style: Style, value: float) -> float:
        return Situation(view, style).win_value(value)

    dealer = make_view("234m456p678s35s66p", seat=0, dealer=0)
    other = make_view("234m456p678s35s66p", seat=1, dealer=0)
    assert worth(dealer, strong, 2900) > worth(dealer, plain, 2900)
    assert worth(other, strong, 2000) == worth(other, plain, 2000)
    last = make_view("234m456p678s35s66p", seat=3, dealer=3, round_wind=1, hand_number=3)
    assert worth(last, strong, 2900) == worth(last, plain, 2900)


def test_hinter_reads_the_game_like_a_bot_in_the_seat() -> None:
    """A game's Hinter, shown the seat's views, hints what a strong bot there plays.

    A strong bot learns who folds against a riichi from the rivers of the game so far
    (FoldWatch); the Hinter of the TUI learns it the same way from the human's views,
    so its hints match the choices of a strong bot sitting in that seat.
    """
    compared = 0
    counted = 0.0

    class Watched:
        level = "strong"

        def __init__(self, hinter: Hinter) -> None:
            self.bot = ClubBot("strong", seed=0)
            self.hinter = hinter

        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal compared
            action = self.bot.choose(view, legal)
            self.hinter.observe(view)
            if len(legal) > 1:
                assert self.hinter.hint(view, legal).action == action
                compared += 1
            return action

    # normal bots fold against a riichi: the Hinter counts their folds from the same
    # views as the bot in the seat (several games, each with its own Hinter, as a TUI
    # game has)
    for seed in (9, 10, 11, 12):
        hinter = Hinter()
        watched = Watched(hinter)
        bots: list[Bot] = [watched, make_bot("normal", 1), make_bot("normal", 2),
                           make_bot("normal", 3)]
        play_game(load_ruleset("tenhou"), bots, seed=seed)
        assert (hinter.watch.safe, hinter.watch.seen) == (watched.bot.watch.safe,
                                                          watched.bot.watch.seen)
        counted += sum(hinter.watch.seen)
    assert compared > 200
    assert counted > 0  # it counted discards against a riichi


def test_a_seat_in_riichi_throws_every_kind_alike() -> None:
    """Strong's wait reading: a player in riichi throws whatever it draws, so an honour
    or a suji trap is no easier to win on from that seat (Style.riichi_ease)."""
    strong = STYLES["strong"]
    east = parse_kinds("1z")[0]
    five = parse_kinds("5p")[0]
    quiet = Situation(make_view("123m456p789s1199s", rivers=("2p", "", "", "")), strong)
    assert quiet.ron_ease(east) == pytest.approx(1.35)
    assert quiet.ron_ease(five) == pytest.approx(0.85 * 1.3)  # suji of 2p
    one = Situation(make_view("123m456p789s1199s", rivers=("2p", "3m", "", ""), riichi=(1,)),
                    strong)
    assert one.ron_ease(east) == pytest.approx(1.35 * 2 / 3 + 1 / 3)
    view = make_view("123m456p789s1199s", rivers=("2p", "3m", "4m", "5m"), riichi=(1, 2, 3))
    everyone = Situation(view, strong)
    assert everyone.ron_ease(east) == pytest.approx(1.0)
    assert everyone.ron_ease(five) == pytest.approx(1.0)
    off = Situation(view, replace(strong, riichi_ease=False))
    assert off.ron_ease(east) == pytest.approx(1.35)


def test_a_kind_beside_what_others_threw_comes_easier() -> None:
    """Strong's wait reading (Style.soba_ease): a seat that threw 4s holds no shape
    that wants a 3s or 5s, so those come from it more readily; one seat in three
    raises the ease by a third of soba_ease, two seats by two thirds.  A seat in
    riichi throws whatever it draws (riichi_ease), so its river does not count."""
    strong = STYLES["strong"]
    share = strong.soba_ease
    assert share > 0
    three, five, six = (parse_kinds(k)[0] for k in ("3s", "5s", "6s"))
    plain = 0.85  # a middle kind with no suji trap

    def ease(rivers: tuple[str, str, str, str], riichi: tuple[int, ...] = (),
             style: Style = strong) -> Situation:
        return Situation(make_view("123m456p789m1199p", rivers=rivers, riichi=riichi), style)

    one = ease(("", "4s", "", ""))
    assert one.ron_ease(three) == pytest.approx(plain * (1 + share / 3))
    assert one.ron_ease(five) == pytest.approx(plain * (1 + share / 3))
    assert one.ron_ease(six) == pytest.approx(plain)
    two = ease(("", "4s", "6s", ""))
    assert two.ron_ease(five) == pytest.approx(plain * (1 + 2 * share / 3))
    # 9m: its only neighbour inside the suit is 8m; the 1p beside it is another suit
    edge = Situation(make_view("123m456p789s1199p", rivers=("", "9m", "", "")), strong)
    assert edge.ron_ease(parse_kinds("1p")[0]) == pytest.approx(1.2)
    assert edge.ron_ease(parse_kinds("8m")[0]) == pytest.approx(1.05 * (1 + share / 3))
    riichi = ease(("", "4s", "", ""), riichi=(1,))
    assert riichi.ron_ease(three) == pytest.approx(plain * 2 / 3 + 1 / 3)
    off = ease(("", "4s", "", ""), style=replace(strong, soba_ease=0.0))
    assert off.ron_ease(three) == pytest.approx(plain)


def test_strong_calls_late_for_a_tenpai_without_yaku() -> None:
    """Formal tenpai (Ruleset.formal_tenpai): a tenpai shape without yaku is paid at an
    exhaustive draw, so late in a hand strong chis 2m into a shanpon that cannot win
    (no yaku once open) but collects the noten payments.  Early in the hand, under
    rules without formal tenpai, or as a level that does not make such calls
    (Style.formal_calls) the call is passed: it leaves no yaku."""
    hand = "13m456p789s1199p5z"
    late = make_view(hand, last_discard=(3, "2m"), wall_remaining=8)
    chi = Chi((late.hand[0], late.hand[1]))
    strong = ClubBot("strong", 0)
    assert strong.style.formal_calls
    got = strong.decide(late, [chi, Pass()])
    assert isinstance(got.action, Chi)
    assert "no yaku" in got.reason
    early = make_view(hand, last_discard=(3, "2m"), wall_remaining=40)
    assert isinstance(strong.choose(early, [Chi((early.hand[0], early.hand[1])), Pass()]), Pass)
    strict = Ruleset().replace(formal_tenpai=False)
    no_formal = make_view(hand, last_discard=(3, "2m"), wall_remaining=8, rules=strict)
    assert isinstance(strong.choose(no_formal, [Chi((no_formal.hand[0], no_formal.hand[1])),
                                                Pass()]), Pass)
    assert isinstance(make_bot("normal", 0).choose(late, [chi, Pass()]), Pass)


def test_a_dealer_tenpai_at_the_draw_counts_the_deal_it_keeps() -> None:
    """A dealer's tenpai at an exhaustive draw keeps the deal (tenpai renchan): strong
    counts one more hand as dealer on top of the noten payments, late in the hand;
    not where the deal is kept (or passed) whatever the tenpai, nor in the game's last
    hand, nor for a non-dealer."""
    none = replace(STYLES["strong"], renchan_value=0.0)
    deal = replace(STYLES["strong"], renchan_value=2400.0)
    late = make_view("123m456p789s1199p", wall_remaining=6)
    plain = draw_tenpai_worth(late, none, 0.5)
    assert plain == pytest.approx(3000 * 0.5 * 0.75)  # 6 of draw_from 24 tiles left
    assert draw_tenpai_worth(late, deal, 0.5) == pytest.approx((3000 * 0.5 + 2400) * 0.75)
    child = make_view("123m456p789s1199p", wall_remaining=6, seat=1)
    assert draw_tenpai_worth(child, deal, 0.5) == pytest.approx(plain)
    for rule in ("always", "never"):
        other = make_view("123m456p789s1199p", wall_remaining=6,
                          rules=Ruleset().replace(renchan_at_draw=rule))
        assert draw_tenpai_worth(other, deal, 0.5) == pytest.approx(plain)
    south = Ruleset().replace(renchan_at_draw="tenpai_or_after_east")
    east = make_view("123m456p789s1199p", wall_remaining=6, rules=south)
    assert draw_tenpai_worth(east, deal, 0.5) > plain
    later = make_view("123m456p789s1199p", wall_remaining=6, rules=south, round_wind=1)
    assert draw_tenpai_worth(later, deal, 0.5) == pytest.approx(plain)
    last = make_view("123m456p789s1199p", wall_remaining=6, round_wind=1, hand_number=3)
    assert draw_tenpai_worth(last, deal, 0.5) == pytest.approx(plain)
    early = make_view("123m456p789s1199p", wall_remaining=30)
    assert draw_tenpai_worth(early, deal, 0.5) == 0.0


def test_special_routes_value_chiitoitsu_and_kokushi_when_fastest() -> None:
    ctx = Situation(make_view("1m"), STYLES["strong"]).ctx
    rng = random.Random(7)
    seen = set()
    for i in range(3000):
        pool = range(136) if i % 3 else [t for t in range(136) if t >> 2 in (
            0, 8, 9, 17, 18, 26, *range(27, 34))] + rng.sample(range(136), 20)
        c = counts_of(rng.sample(sorted(set(pool)), 13), physical=True)
        reg, chiitoi, kokushi = shanten_regular(c), shanten_chiitoi(c), shanten_kokushi(c)
        sh = shanten(c)
        if kokushi < reg and kokushi <= sh:  # the plain reading of the rule
            want = limit_ron("yakuman", dealer=ctx.dealer)
        elif chiitoi < reg:
            want = 1000.0 * 1.6
        else:
            want = 1000.0
        seen.add(want)
        assert special_routes(c, 1000.0, ctx, sh) == want
    assert len(seen) == 3


def test_a_claim_that_no_call_can_advance_passes_as_the_full_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``claim`` passes at once when no call lowers the shanten (or keeps it with a
    yakuhai pon); the full procedure, every call weighed, decides the same on every
    claim of strong games."""
    offers: list[tuple[PlayerView, list[Action]]] = []

    class Recording(ClubBot):
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            if any(isinstance(a, (Chi, Pon)) for a in legal):
                offers.append((view, list(legal)))
            return super().choose(view, legal)

    for seed in (3, 4):
        play_game(load_ruleset("tenhou"), [Recording("strong", s) for s in range(4)], seed)
    quick = [ClubBot("strong").decide(v, legal) for v, legal in offers]
    monkeypatch.setattr(club_calls, "_may_advance", lambda *args: True)
    full = [ClubBot("strong").decide(v, legal) for v, legal in offers]
    assert quick == full
    passed_early = sum(d.reason == club_calls._NO_CALL for d in quick)
    assert len(offers) > 100 and 0 < passed_early < len(offers)


def test_choose_is_the_choice_of_decide() -> None:
    """``choose`` skips the words of an own turn's reason; its choices are ``decide``'s
    on every decision of strong games (the bots' state kept alike)."""
    decisions = 0

    class Both(ClubBot):
        def __init__(self, seat: int) -> None:
            super().__init__("strong", seat)
            self.twin = ClubBot("strong", seat)

        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal decisions
            action = super().choose(view, legal)
            decided = self.twin.decide(view, legal)
            assert decided.action == action
            decisions += len(legal) > 1
            return action

    for seed in (5, 6):
        play_game(load_ruleset("tenhou"), [Both(s) for s in range(4)], seed)
    assert decisions > 500


def test_reds_lost_is_red_lost_of_each_kind() -> None:
    """A turn reads which fives would lose a red in one pass over its tiles."""
    rng = random.Random(5)
    fives = [t for t in range(136) if t >> 2 in (4, 13, 22)]
    for i in range(3000):
        tiles = rng.sample(range(136), 14) if i % 2 else \
            rng.sample(fives, rng.randrange(1, 8)) + rng.sample(range(136), 6)
        tiles = sorted(set(tiles))
        for red_fives in (0, 1, 2, 3):
            assert reds_lost(tiles, red_fives) == [red_lost(tiles, k, red_fives)
                                                   for k in range(34)]


def test_judge_scores_the_discards_once_for_its_decision_and_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``judge`` measures every discard on the evaluation its decision was made with: one
    :func:`~ai.club.discard.evaluate` a turn, and the decision is ``decide``'s."""
    turns: list[tuple[PlayerView, list[Action]]] = []

    class Recording(ClubBot):
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            if sum(isinstance(a, Discard) for a in legal) > 1 and not view.me.riichi:
                turns.append((view, list(legal)))
            return super().choose(view, legal)

    play_game(load_ruleset("tenhou"), [Recording("strong", s) for s in range(4)], 7)
    evaluated = 0

    def counted(*args: Any, **kwargs: Any) -> list[Option]:
        nonlocal evaluated
        evaluated += 1
        return discard.evaluate(*args, **kwargs)

    monkeypatch.setattr(club_bot, "evaluate", counted)
    for view, legal in turns[::7]:
        evaluated = 0
        judged = ClubBot("strong").judge(view, legal)
        assert evaluated == 1, view
        assert judged.decision == ClubBot("strong").decide(view, legal)
        assert len(judged.choices) > 1
    assert len(turns) > 100
