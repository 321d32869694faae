"""The test kit: helpers that several test files share, imported as ``tests.kit.<module>``.

- ``game``: random and scripted choosers, the club ruleset variants, scripted walls
  (``build_wall``) and the move script (``run``) of the scenario tests.
- ``play``, ``play_ako``: a loaded preset's game started at a chosen hand and score, played
  out by the script (the ``test_play_<preset>.py`` tests).
- ``scoring``: a ``WinContext`` from mpsz text; ``mahjong_ref``: the ``mahjong`` package as a
  scoring oracle and a winning-hand generator (also used by ``benchmarks/bench_scoring.py``).
- ``tenhou_replay``: a recorded game replayed through ``Game`` from the players' choices.
- ``botviews``: hand-made ``PlayerView`` for bot tests; ``saved_games``: whole games to save.
- ``tui_driver``, ``tui_sample``, ``screen_text``: the app driven through Textual's pilot.
"""
