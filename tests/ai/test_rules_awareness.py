"""Rule-aware choices: agari-yame, riichi kans, pao, nagashi, waits, yakuhai pairs."""

from __future__ import annotations

from botviews import make_view

from ai import make_bot
from ai.club import ClubBot
from engine.actions import ClosedKan, Discard, EndGame, ShowHand
from engine.events import Meld
from engine.tiles import kind_name, parse_kinds, parse_tiles
from engine.view import SeatInfo


def discards(view):  # type: ignore[no-untyped-def]
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
    from rulesets.loader import load_ruleset

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
    v = v.__class__(**{**{f: getattr(v, f) for f in v.__dataclass_fields__},
                       "seats": (riichi_me, *v.seats[1:])})
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
    assert kind_name(a.tile >> 2) != "7z"


def test_ryanmen_over_kanchan() -> None:
    # 123456m 789s 11z 34p 6p: discarding 6p waits 2p-5p (ryanmen), 3p waits 5p (kanchan)
    v = make_view("123456m789s11z34p", drawn="6p")
    a = make_bot("strong", 0).choose(v, discards(v))
    assert kind_name(a.tile >> 2) == "6p"


def test_tanki_on_an_honour_rather_than_a_middle_tile() -> None:
    # 123m456p789s 111z + 5z + 5s drawn: keep 5z (tanki on a lone honour) or 5s?
    v = make_view("123m456p789s1115z", drawn="5s")
    a = ClubBot("strong", 0).choose(v, discards(v))
    assert kind_name(a.tile >> 2) == "5s"


def test_a_yakuhai_pair_is_worth_more_than_another_pair() -> None:
    """An open hand keeps its yakuhai pair: it is the way to a yaku."""
    from ai.value import context, estimate
    from engine.tiles import counts_of

    v = make_view("1m")
    ctx = context(v)
    chi = Meld("chi", tuple(parse_tiles("234m")), None, 3)
    un = [3] * 34
    dragons = estimate(counts_of(parse_kinds("567p45s89m77z")), (chi,), ctx, un)
    plain = estimate(counts_of(parse_kinds("567p45s89m99s")), (chi,), ctx, un)
    assert dragons.points > plain.points and dragons.yaku_chance > plain.yaku_chance


def test_nagashi_alive_only_with_terminal_discards_under_the_rule() -> None:
    from rulesets.schema import Ruleset

    bot = ClubBot("strong", 0)
    alive = make_view("123m456p789s1199s", rivers=("19m19p1z9s", "", "", ""))
    assert bot._nagashi_alive(alive)
    spoilt = make_view("123m456p789s1199s", rivers=("19m19p1z5s", "", "", ""))
    assert not bot._nagashi_alive(spoilt)
    off = make_view("123m456p789s1199s", rivers=("19m19p1z9s", "", "", ""),
                    rules=Ruleset().replace(nagashi_mangan="none"))
    assert not bot._nagashi_alive(off)


def test_last_dealer_declares_noten_to_end_the_game_on_top() -> None:
    """makura 4) and 32): a tenpai without riichi is shown only by declaring it, and the
    last dealer's noten ends the game.  Strong, top by 6,000 at the last draw, declares
    noten: no noten payment can cost it the top and the game ends.  Far ahead it shows
    (the payments are worth more than the small risk of one more hand), behind it shows
    and plays on; a non-dealer, a hand before the last and a style that ignores the
    score always show."""
    from rulesets.loader import load_ruleset

    makura = load_ruleset("makura")
    legal = [ShowHand(True), ShowHand(False)]

    def view(scores, **kw):  # type: ignore[no-untyped-def]
        args = {"round_wind": 1, "hand_number": 3, "wall_remaining": 0, "rules": makura}
        args.update(kw)
        return make_view("123m456p789s1199p", scores=scores, **args)

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
    from ai.standing import declare_noten_gain, noten_payments
    from rulesets.loader import load_ruleset

    makura = load_ruleset("makura")
    assert noten_payments(makura, (True, False, False, False)) == [3000, -1000, -1000, -1000]
    assert noten_payments(makura, (True, True, False, False)) == [1500, 1500, -1500, -1500]
    assert noten_payments(makura, (False,) * 4) == [0, 0, 0, 0]
    v = make_view("123m456p789s1199p", scores=(30500, 29500, 20000, 20000), round_wind=1,
                  hand_number=3, wall_remaining=0, rules=makura)
    assert declare_noten_gain(v, (0.0, 0.0, 0.0, 0.0)) > 0.0
    assert declare_noten_gain(v, (0.0, 1.0, 0.0, 0.0)) < 0.0
