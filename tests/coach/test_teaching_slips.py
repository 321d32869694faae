"""The teaching slips a player saw (issue 38): each test replays the situation reported."""

from __future__ import annotations

from hanchan.ai.review import review_game
from hanchan.coach.review import mistake_lines, why
from tests.ai.test_review import _one


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
