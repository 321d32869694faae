"""mjai: the JSON-lines protocol of riichi AIs (Mortal, akochan, mjai.app), both ways.

* :mod:`ai.mjai.protocol`: one seat's view of our events as mjai events, and a bot's
  mjai reply as one of our legal actions (or ours as an mjai reply).
* :mod:`ai.mjai.seat`: :class:`~ai.mjai.seat.MjaiSeat`, an outside mjai bot (a
  subprocess) in one of our seats.
* :mod:`ai.mjai.options`: what a game needs without speaking to a bot (wire styles,
  timeout, a bot's short name, the sentence on the rules), light to import.
* :mod:`ai.mjai.wire`: the events an mjai bot receives, read from a line into typed,
  bounded values (``hanchan mjai-bot``'s input).
* :mod:`ai.mjai.mirror`: the table rebuilt from the mjai events one seat receives, so
  that our bots can play as mjai bots (``hanchan mjai-bot``); each event is checked
  against the table first.

The tile names and event shapes are those of :mod:`saves.logs.mjai` (the log reader and
writer), reused here.
"""
