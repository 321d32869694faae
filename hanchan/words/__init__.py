"""Game facts in words: seats and hands, actions, events, penalties, yaku, a preset's
key rules, a game's figures, a hand's facts and ledger, and ``hanchan score``'s written hands.

Everything here reads the engine's events, views and results and returns ``str`` or
plain data: no styles and no Textual, so the command line, the save tools and the app
share one wording.  It sits just above the engine (``saves`` and everything higher
use it) and knows no rule: the engine decides, this package says it.
"""
