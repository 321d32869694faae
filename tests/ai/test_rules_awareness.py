"""Rule-aware choices: agari-yame, riichi kans, pao, nagashi, waits, yakuhai pairs."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import pytest

from hanchan.ai import defence, make_bot
from hanchan.ai.club import STYLES, ClubBot
from hanchan.ai.club.discard import nagashi_alive
from hanchan.ai.hand import unseen_counts
from hanchan.ai.standing import Standing, declare_noten_gain, equity, noten_payments, point_worth
from hanchan.ai.value import context, estimate
from hanchan.engine.actions import ClosedKan, Discard, EndGame, ShowHand
from hanchan.engine.events import Meld
from hanchan.engine.tiles import counts_of, kind_name, parse_kinds, parse_tiles
from hanchan.engine.view import PlayerView, SeatInfo
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.botviews import make_view


def discards(view: PlayerView) -> list[Discard]:
    return [Discard(t) for t in view.concealed()]


def test_agari_yame_when_top_and_play_on_when_not() -> None:
    legal = [EndGame(True), EndGame(False)]
    top = make_view("1m", scores=(40000, 20000, 20000, 20000), round_wind=1, hand_number=3)
    assert make_bot("strong", 0).choose(top, legal) == EndGame(True)
    behind = make_view("1m", scores=(28000, 32000, 20000, 20000), round_wind=1, hand_number=3)
    assert make_bot("strong", 0).choose(behind, legal) == EndGame(False)


def test_agari_yame_keeps_a_second_place_it_would_likely_lose() -> None:
    """makura 4): the last dealer may stop at any rank; strong stops where it helps.

    Second, 15,000 behind the top and 1,000 ahead of third: one more hand risks the
    second place for little chance at the first, so strong stops.  Far ahead of third
    and close to the top it plays on.  A style that ignores the score always stops.
    """
    makura = load_ruleset("makura")
    legal = [EndGame(True), EndGame(False)]
    close_behind = make_view("1m", scores=(30000, 45000, 29000, 16000), round_wind=1,
                             hand_number=3, rules=makura)
    d = ClubBot("strong", 0).decide(close_behind, legal)
    assert d.action == EndGame(True) and d.reason == "stop: keep the rank"
    chasing = make_view("1m", scores=(33000, 35000, 16000, 16000), round_wind=1,
                        hand_number=3, rules=makura)
    assert make_bot("strong", 0).choose(chasing, legal) == EndGame(False)
    assert make_bot("normal", 0).choose(chasing, legal) == EndGame(True)


def test_closed_kan_in_riichi_when_the_engine_allows_it() -> None:
    v = make_view("111m456p789s2399s", drawn="1m")
    me = v.me
    riichi_me = SeatInfo(me.seat, me.wind, me.score, True, False, 0, me.melds, me.river,
                         me.hand_size)
    v = msgspec.structs.replace(v, seats=(riichi_me, *v.seats[1:]))
    ones = tuple(t for t in v.concealed() if t >> 2 == 0)
    kan = ClosedKan((ones[0], ones[1], ones[2], ones[3]))
    assert make_bot("strong", 0).choose(v, [kan, Discard(v.drawn or 0)]) == kan
    # without the kan among the legal actions the riichi hand discards the drawn tile
    assert make_bot("strong", 0).choose(v, [Discard(v.drawn or 0)]) == Discard(v.drawn or 0)


def test_the_third_dragon_is_not_fed_to_two_dragon_pons() -> None:
    used: set[int] = set()
    p1 = Meld("pon", tuple(parse_tiles("555z", used=used)), None, 0)
    used.update(p1.tiles)
    p2 = Meld("pon", tuple(parse_tiles("666z", used=used)), None, 0)
    used.update(p2.tiles)
    v = make_view("123m456p789s1135z", drawn="7z", melds={2: (p1, p2)}, used=used)
    a = make_bot("strong", 0).choose(v, discards(v))
    assert isinstance(a, Discard)
    assert kind_name(a.tile >> 2) != "7z"


def test_ryanmen_over_kanchan() -> None:
    # 123456m 789s 11z 34p 6p: discarding 6p waits 2p-5p (ryanmen), 3p waits 5p (kanchan)
    v = make_view("123456m789s11z34p", drawn="6p")
    a = make_bot("strong", 0).choose(v, discards(v))
    assert isinstance(a, Discard)
    assert kind_name(a.tile >> 2) == "6p"


def test_tanki_on_an_honour_rather_than_a_middle_tile() -> None:
    # 123m456p789s 111z + 5z + 5s drawn: keep 5z (tanki on a lone honour) or 5s?
    v = make_view("123m456p789s1115z", drawn="5s")
    a = ClubBot("strong", 0).choose(v, discards(v))
    assert isinstance(a, Discard)
    assert kind_name(a.tile >> 2) == "5s"


def test_a_yakuhai_pair_is_worth_more_than_another_pair() -> None:
    """An open hand keeps its yakuhai pair: it is the way to a yaku."""
    v = make_view("1m")
    ctx = context(v)
    chi = Meld("chi", tuple(parse_tiles("234m")), None, 3)
    un = [3] * 34
    dragons = estimate(counts_of(parse_kinds("567p45s89m77z")), (chi,), ctx, un)
    plain = estimate(counts_of(parse_kinds("567p45s89m99s")), (chi,), ctx, un)
    assert dragons.points > plain.points and dragons.yaku_chance > plain.yaku_chance


def test_nagashi_alive_only_with_terminal_discards_under_the_rule() -> None:
    strong = STYLES["strong"]
    alive = make_view("123m456p789s1199s", rivers=("19m19p1z9s", "", "", ""))
    assert nagashi_alive(alive, strong)
    assert not nagashi_alive(alive, STYLES["easy"])  # a style that ignores hand value
    spoilt = make_view("123m456p789s1199s", rivers=("19m19p1z5s", "", "", ""))
    assert not nagashi_alive(spoilt, strong)
    off = make_view("123m456p789s1199s", rivers=("19m19p1z9s", "", "", ""),
                    rules=Ruleset().replace(nagashi_mangan="none"))
    assert not nagashi_alive(off, strong)


def test_last_dealer_declares_noten_to_end_the_game_on_top() -> None:
    """makura 4) and 32): a tenpai without riichi is shown only by declaring it, and the
    last dealer's noten ends the game.  Strong, top by 6,000 at the last draw, declares
    noten: no noten payment can cost it the top and the game ends.  Far ahead it shows
    (the payments are worth more than the small risk of one more hand), behind it shows
    and plays on; a non-dealer, a hand before the last and a style that ignores the
    score always show."""
    makura = load_ruleset("makura")
    legal = [ShowHand(True), ShowHand(False)]

    def view(scores: Sequence[int], seat: int = 0, dealer: int = 0,
             hand_number: int = 3) -> PlayerView:
        return make_view("123m456p789s1199p", scores=scores, seat=seat, dealer=dealer,
                         round_wind=1, hand_number=hand_number, wall_remaining=0,
                         rules=makura)

    close_top = view((35000, 29000, 20000, 16000))
    d = ClubBot("strong", 0).decide(close_top, legal)
    assert d.action == ShowHand(False) and d.reason == "declare noten: the game ends"
    assert make_bot("normal", 0).choose(close_top, legal) == ShowHand(True)
    assert make_bot("strong", 0).choose(view((45000, 29000, 16000, 10000)), legal) \
        == ShowHand(True)
    assert make_bot("strong", 0).choose(view((28000, 20000, 30000, 22000)), legal) \
        == ShowHand(True)
    not_dealer = view((29000, 35000, 20000, 16000), seat=1, dealer=0)
    assert make_bot("strong", 0).choose(not_dealer, legal) == ShowHand(True)
    earlier = view((35000, 29000, 20000, 16000), hand_number=2)
    assert make_bot("strong", 0).choose(earlier, legal) == ShowHand(True)


def test_declare_noten_gain_counts_the_payments_that_could_cost_the_top() -> None:
    """With the rival 1,000 behind, a noten declaration loses the top whenever the
    rival is tenpai (it gains 3,000 from the dealer's noten), so it pays only when the
    rival is surely noten."""
    makura = load_ruleset("makura")
    assert noten_payments(makura, (True, False, False, False)) == [3000, -1000, -1000, -1000]
    assert noten_payments(makura, (True, True, False, False)) == [1500, 1500, -1500, -1500]
    assert noten_payments(makura, (False,) * 4) == [0, 0, 0, 0]
    v = make_view("123m456p789s1199p", scores=(30500, 29500, 20000, 20000), round_wind=1,
                  hand_number=3, wall_remaining=0, rules=makura)
    assert declare_noten_gain(v, (0.0, 0.0, 0.0, 0.0)) > 0.0
    assert declare_noten_gain(v, (0.0, 1.0, 0.0, 0.0)) < 0.0


def _with_open_riichi(legal: list[Discard]) -> list[Discard]:
    """``legal`` plus the open riichi beside every riichi discard (makura 18)."""
    return legal + [Discard(a.tile, riichi=True, open=True) for a in legal if a.riichi]


def _riichi_discards(view: PlayerView, kind: str) -> list[Discard]:
    k = parse_kinds(kind)[0]
    tiles = view.concealed()
    return ([Discard(t) for t in tiles]
            + [Discard(t, riichi=True) for t in tiles if t >> 2 == k])


def test_a_furiten_riichi_is_shown_where_open_riichi_is_allowed() -> None:
    """makura 18), 25): a furiten riichi wins by tsumo only, so showing it costs no ron
    and adds a han: strong declares it open.  Under rules without open riichi (tenhou)
    the engine offers no open riichi and strong declares a closed one."""
    makura = load_ruleset("makura")
    v = make_view("234m456p678s55s34p", drawn="5z", rivers=("2p", "", "", ""),
                  rules=makura)
    d = ClubBot("strong", 0).decide(v, _with_open_riichi(_riichi_discards(v, "5z")))
    a = d.action
    assert isinstance(a, Discard)
    assert a == Discard(a.tile, riichi=True, open=True) and kind_name(a.tile >> 2) == "5z"
    assert d.reason.startswith("open riichi discard 5z")  # what the hint shows
    tenhou = make_view("234m456p678s55s34p", drawn="5z", rivers=("2p", "", "", ""),
                       rules=load_ruleset("tenhou"))
    b = make_bot("strong", 0).choose(tenhou, _riichi_discards(tenhou, "5z"))
    assert isinstance(b, Discard) and b.riichi and not b.open
    # normal does not weigh open riichi: a closed one
    c = make_bot("normal", 0).choose(v, _with_open_riichi(_riichi_discards(v, "5z")))
    assert isinstance(c, Discard) and not c.open


def test_open_riichi_only_where_its_han_beats_the_rons_it_gives_up() -> None:
    """makura 18): an open riichi gets no ron from a player not in riichi (they may not
    throw a shown wait).  With two players in riichi, who throw whatever they draw, a
    cheap kanchan riichi loses few rons by showing and doubles its value: open.  With a
    single player in riichi, or none, the rons of the other two are worth more: closed,
    a good wait with tanyao and pinfu too (players not yet in riichi are not counted as
    future payers: counting them opened far too often in measured games)."""
    makura = load_ruleset("makura")

    def choice(hand: str, riichi: tuple[int, ...], wall: int) -> Discard:
        rivers = ("", "1z" if 1 in riichi else "", "2z" if 2 in riichi else "", "")
        v = make_view(hand, drawn="5z", riichi=riichi, riichi_turns={s: 0 for s in riichi},
                      rivers=rivers, wall_remaining=wall, rules=makura)
        a = make_bot("strong", 0).choose(v, _with_open_riichi(_riichi_discards(v, "5z")))
        assert isinstance(a, Discard) and a.riichi and kind_name(a.tile >> 2) == "5z"
        return a

    cheap = "123m456p789s13s99m"  # no yaku but riichi, waiting on 2s
    good = "234m456p678s55s34p"  # tanyao pinfu on 2p-5p
    assert choice(cheap, (1, 2), 40).open
    assert not choice(cheap, (1,), 40).open
    assert not choice(cheap, (), 40).open
    assert not choice(good, (1,), 40).open
    assert not choice(good, (), 60).open


@pytest.mark.parametrize("shown_text", ["123m456p789p11s34s", "11s34s"],
                         ids=["whole hand", "the wait's part"])
def test_an_open_riichi_is_read_from_the_tiles_it_shows(shown_text: str) -> None:
    """makura 18): an open riichi shows its waits, its whole hand or only the part that
    makes them (部分さらし: 11s34s, the other nine tiles face down as sets); either way it
    waits on 2s-5s, and only they are dangerous."""
    used: set[int] = set()
    shown = tuple(parse_tiles(shown_text, 1, used=used))
    v = make_view("19m19p19s1234567z", riichi=(1,), riichi_turns={1: 0}, rivers=("", "6s", "", ""),
                  rules=load_ruleset("makura"), used=used)
    open_seat = msgspec.structs.replace(v.seats[1], open_riichi=True, shown_hand=shown)
    v = msgspec.structs.replace(v, seats=(v.seats[0], open_seat, v.seats[2], v.seats[3]))
    assert open_seat.hand_size == 13
    threat = next(t for t in defence.threats(v) if t.seat == 1)
    assert threat.waits == frozenset(parse_kinds("2s5s"))
    danger = defence.danger_table(v, unseen_counts(v), [threat])
    # its 6s does not make 5s furiten
    assert danger[parse_kinds("2s")[0]] == danger[parse_kinds("5s")[0]] == threat.value > 0
    assert all(danger[k] == 0.0 for k in range(34) if k not in threat.waits)


def test_standing_knows_a_west_round_dealer_keeps_playing_after_a_win() -> None:
    """Tenhou's West round (extension_dealer_keeps as_last_hand): a dealer who wins plays
    on though somebody already has 30,000, unless it is top with the target itself; with
    target_ends the game ends at once.  Dealing into the dealer is valued by that."""
    tenhou = load_ruleset("tenhou")
    scores = (20000, 29000, 31000, 20000)

    def loss(rules: Ruleset) -> tuple[float, float]:
        v = make_view("123m456p789s1199p", scores=scores, seat=1, dealer=0, round_wind=2,
                      hand_number=0, wall_remaining=30, rules=rules)
        st = Standing(v)
        final = equity(rules, [28000, 21000, 31000, 20000], 1, 0.0)
        ended = (st._base - final) / point_worth(rules)
        return st.loss(0, 8000), ended

    on, ended = loss(tenhou.replace(extension_dealer_keeps="as_last_hand"))
    assert abs(on - ended) > 1.0  # the game goes on: not the final result
    on, ended = loss(tenhou.replace(extension_dealer_keeps="target_ends"))
    assert abs(on - max(0.0, ended)) < 1e-9  # the game ends with these points


def test_declaring_noten_ends_nothing_where_a_noten_dealer_keeps_the_deal() -> None:
    """ako 8-15-01-01: a noten dealer passes the deal in the East round only; in South 4
    it keeps it, so declaring noten does not end the game: it only pays (no gain)."""
    rules = load_ruleset("makura").replace(renchan_at_draw="tenpai_or_after_east")
    v = make_view("123m456p789s1199p", scores=(30500, 29500, 20000, 20000), round_wind=1,
                  hand_number=3, wall_remaining=0, rules=rules)
    assert declare_noten_gain(v, (0.0, 0.0, 0.0, 0.0)) < 0.0
