"""The plain-text layer: game facts in words, for the terminal app and the command line.

Seat and hand names, actions, events, penalties, yaku names, a preset's key rules,
a game's statistics, the player's hand advice, and ``hanchan score``'s written hands
(mpsz tiles and meld strings in, a scored win and its JSON or text out), and the
practice drills (drawn winning hands, a called score judged and explained, discard
problems from saved games).  Everything
here is read from the engine's events, views and results and returns ``str`` or plain
data: no styles, no Textual, no rich, so the command line uses it without loading the
app.  Nothing here knows a rule: the engine decides, this layer says it in words.
"""
