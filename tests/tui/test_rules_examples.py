"""The rules reference shows an example hand under each yaku, in the chosen faces, scored
under the preset shown, the yaku highlighted (issue 40, item 10)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from hanchan.engine.scoring import yaku_table
from hanchan.rulesets import load_ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import RulesScreen, _examples
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import face
from hanchan.words.yaku_examples import example, example_tiles, situation_words
from tests.kit.screen_text import screen_text


def test_each_example_is_drawn_in_the_faces_with_its_yaku_highlighted() -> None:
    rules = load_ruleset("ako")
    texts = _examples(rules, "kanji")
    plain = [t.plain for t in texts]
    for y in yaku_table(rules):
        at = plain.index(y.name)
        ex = example(y.id, rules)
        if ex is None:
            continue
        tiles, win, _ = example_tiles(ex, rules)
        hand, scored = texts[at + 1], texts[at + 2]
        assert all(face(t, "kanji").strip() in hand.plain for t in [*tiles, win])
        marked = [scored.plain[s.start:s.end] for s in scored.spans
                  if "reverse" in str(s.style)]
        assert len(marked) == 1 and isinstance(scored, Text)


async def test_the_rules_page_shows_the_examples_of_the_preset(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0,
                                                                   faces="kanji"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("u")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, RulesScreen)
        names = [p.name for p in scr.infos]
        scr.query_one("#presets", OptionList).highlighted = names.index("ako")
        await pilot.pause()
        scr.query_one("#about", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        ako = load_ruleset("ako")
        last = [y for y in yaku_table(ako) if example(y.id, ako)][-1]
        ex = example(last.id, load_ruleset("ako"))
        assert ex is not None
        tiles, _, _ = example_tiles(ex, load_ruleset("ako"))
        assert face(tiles[0], "kanji").strip() in text
        assert situation_words(ex).rsplit(", ", 1)[-1] in text  # the words wrap in the box
