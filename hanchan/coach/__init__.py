"""Coaching: the player's hand advice and the hint's reasons, the review in words, the
position analysis (何切る), career figures, and the practice drills (drawn winning
hands, a called score judged and explained, discard problems from saved games).

It asks the bots (``ai``) for their judgment and says it with ``hanchan.words``, so
it sits above ``ai``; only the command line and the app use it.
"""
