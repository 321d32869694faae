"""The teaching slips a player saw (issue 38): each test replays the situation reported."""

from __future__ import annotations

from hanchan.ai.hints import hint
from hanchan.ai.review import review_game
from hanchan.coach.advice import advise, reason_words
from hanchan.coach.discard_problems import DiscardProblem
from hanchan.coach.drills import Question, question_items, questions
from hanchan.coach.position import build_position
from hanchan.coach.review import mistake_lines, strong_reason, summary_lines, why
from hanchan.engine.actions import Discard
from hanchan.engine.events import Meld
from hanchan.engine.scoring import WinContext, score_win
from hanchan.engine.tiles import kind_name, kind_of, parse_tiles
from hanchan.engine.view import PlayerView
from hanchan.rulesets import load_ruleset
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from tests.ai.test_review import _one
from tests.kit.botviews import make_view
from tests.kit.real_logs import TENHOU6


def test_a_red_five_thrown_is_named_red_and_its_dora_is_in_the_why() -> None:
    # issue 38: "a red five thrown is called 'discard 5s' and the lost dora is not in
    # the why".  123m 456p 789s 23s 0s 1z + 9m: the player throws the red 5s (a dora)
    ev = _one("123m456p789s230s1z", "9m", "d 0s")
    d = review_game(ev, 0).decisions[0]
    assert d.mistake
    assert d.played.text == "discard red 5s"
    assert "you     discard red 5s:" in "\n".join(mistake_lines(d))
    assert "yours throws away a dora (red 5s), strong's none" in why(d)


def test_a_plain_five_is_not_called_red_nor_a_dora() -> None:
    ev = _one("123m456p789s235s1z", "9m", "d 5s")
    d = review_game(ev, 0).decisions[0]
    assert d.played.text == "discard 5s"
    assert "dora" not in why(d)


def _after_a_chi() -> PlayerView:
    """Chi 234m, then 234p 567p 88m 78s + 1z: tenpai on 6s-9s, where only the 6s gives
    a yaku (tanyao; the 9s is a terminal); a 6s and a 9s are in the rivers."""
    used: set[int] = set()
    chi = Meld("chi", tuple(parse_tiles("234m", used=used)), None, 3)
    used.update(chi.tiles)
    return make_view("234p567p88m78s", drawn="1z", melds={0: [chi]},
                     rivers=("", "6s", "9s", ""), used=used, wall_remaining=40)


def _winning(view: PlayerView, wait: str) -> bool:
    """The engine's scorer: does the hand (less the 1z) win by ron on ``wait``?"""
    rest = tuple(t for t in view.concealed() if t != view.drawn)
    tile = next(t for t in range(136) if t not in rest and kind_name(kind_of(t)) == wait
                and all(t not in m.tiles for m in view.me.melds))
    ctx = WinContext(rest + (tile,), view.me.melds, tile, tsumo=False, seat_wind=0,
                     round_wind=0)
    return score_win(ctx, view.ruleset).valid


def test_the_help_line_counts_only_the_waits_that_win() -> None:
    # issue 38: after a chi, "waiting on 69s (6 left)" where 9s gives no yaku: 3 win
    view = _after_a_chi()
    assert _winning(view, "6s") and not _winning(view, "9s")
    assert advise(view, view.drawn).words() == "Tenpai, waiting on 6s (3 left); no yaku on 9s"


def test_the_hint_counts_only_the_waits_that_win() -> None:
    view = _after_a_chi()
    d = hint(view, [Discard(t) for t in view.concealed()])
    assert d.action == Discard(view.drawn or 0)
    words = reason_words(d)
    assert words.startswith("single wait on 6s (3 tiles)"), words
    assert words.endswith(", no yaku on 9s"), words


def test_against_an_early_riichi_a_hint_chosen_for_safety_says_safety() -> None:
    # issue 38: "pushing: keeps 3-shanten, 59 tiles accept" against an early riichi
    # taught pushing where the reason was safety.  2357m 3468p 3578s 6z + 2p against
    # South's riichi at its third discard: strong throws the lone 6z, no tile of the
    # hand being notably safer (within the danger model's error)
    view = make_view("2357m3468p3578s6z", drawn="2p", rivers=("", "5p4s6m", "", ""),
                     riichi=(1,), riichi_turns={1: 2}, wall_remaining=58)
    d = hint(view, [Discard(t) for t in view.concealed()])
    assert isinstance(d.action, Discard) and kind_name(kind_of(d.action.tile)) == "6z"
    words = reason_words(d)
    assert not words.startswith("pushing"), words
    assert words.startswith("safety: 6z is about the least dangerous tile (about "), words
    assert "against South's riichi if tenpai); keeps 3-shanten, " in words, words


def test_a_real_push_against_a_riichi_still_says_pushing() -> None:
    # 2468m 2468p 2468s 3z + 5m: strong throws the 3z though the 4s is genbutsu
    view = make_view("2468m2468p2468s3z", drawn="5m", rivers=("", "5p4s6m", "", ""),
                     riichi=(1,), riichi_turns={1: 2}, wall_remaining=58)
    d = hint(view, [Discard(t) for t in view.concealed()])
    assert isinstance(d.action, Discard) and kind_name(kind_of(d.action.tile)) == "3z"
    assert reason_words(d).startswith("pushing: keeps 3-shanten"), reason_words(d)


def test_a_defence_problem_shows_every_river() -> None:
    # issue 38: "a defence problem in the discard drill shows only the riichi player's
    # river".  South is in riichi; East's and North's discards (suji, genbutsu of later
    # turns) and the player's own river are what the safe tile is read from
    pos = build_position("23457m3468p3578s", "2p", seat_wind="W", dora="1z",
                         rivers={"E": "9p1s", "S": "4s6m*", "W": "1m", "N": "7z"})
    review = review_game(_one("123m456p789s235s1z", "9m", "d 5s"), 0).decisions[0]
    lines = DiscardProblem("game.jsonl E1-0", review, pos.view).lines()
    rivers = [x for x in lines if ": river " in x]
    assert rivers == ["East: river 9p 1s.", "South, in riichi: river 4s 6m* (* riichi tile).",
                      "West (you): river 1m.", "North: river 7z."]


def _drawn_for(kind: str, fid: str) -> Question:
    return next(q for q in questions(kind, load_ruleset("ako"), count=10, seed=1)
                if q.hand.feature == fid)


def test_a_score_drill_drawn_for_a_club_rule_names_the_rule() -> None:
    # issue 38: "score drills drawn to test a club rule never name the rule (ako's 大車輪,
    # ako 2-01-07's 20-fu open ron)".  The answer names the option and the preset's
    # citation of its rule (rulesets/presets/ako.toml)
    q = _drawn_for("fu", "open_pinfu")
    said = q.check(str(q.key.fu))
    assert said.right
    assert said.lines[-1] == (
        "Drawn for the club's rule on the fu of an open hand with no fu won by ron: "
        "喰いピンフ形の符 (open_pinfu_ron_fu = 20) — ako 2-01-07: 鳴きがあって符がない栄和は20符.")
    q = _drawn_for("scores", "daisharin")
    assert any(y == "daisharin" for y, _ in q.hand.result.yaku)
    rule = q.check("yakuman 32000").lines[-1]
    assert "大車輪 (daisharin = any_pairs" in rule and "ako 3-09-01" in rule
    item = next(i for i in question_items("scores", load_ruleset("ako"), count=10, seed=1)
                if "大車輪" in " ".join(i.reveal))
    assert item.reveal[-1] == rule


def test_a_freely_drawn_hand_names_no_rule() -> None:
    q = next(q for q in questions("fu", load_ruleset("ako"), count=10, seed=1)
             if not q.hand.feature)
    assert not any("club's rule" in x for x in q.check(str(q.key.fu)).lines)


def test_review_lines_name_every_seat_by_its_wind_in_the_hand() -> None:
    # issue 38: "review lines name seats by their starting wind in some places and by the
    # hand's wind in others".  One convention: within a hand, the seat wind of that hand
    # (as the table and the hint say it); only the title says where the player started.
    # Phoenix game 2019021004gm-00a9, E2-0: the seat that started as East is North; the
    # seat that started as South is the dealer, East, and in riichi
    log = TENHOU6[12]
    events = events_from_recorded(parse_tenhou6(log.read_text(encoding="utf-8")))
    r = review_game(events, 0)
    d = next(d for d in r.decisions if d.position == 147)
    v = d.view
    assert v is not None and v.me.wind == 3  # North in E2-0
    riichi = [s for s in v.seats if s.riichi]
    assert [(s.seat, s.wind) for s in riichi] == [(1, 0)]  # started South, East in E2
    lines = mistake_lines(d)
    assert lines[0].startswith("E2-0 push/fold (you were North): ")
    assert "   table   East in riichi" in lines
    assert "East's riichi" in strong_reason(d)
    assert summary_lines(r)[0].startswith("Review of ") and "(started as East)" in \
        summary_lines(r)[0]
    text = "\n".join(lines)
    for word in ("right", "left", "across"):  # the seats relative to the player: no more
        assert f"{word} in riichi" not in text and f"from {word}" not in text, word
