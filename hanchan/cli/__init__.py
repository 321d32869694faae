"""The ``hanchan`` command: argument parsing and the sub-commands (contract: docs/cli.md).

``cli.parser`` declares every sub-command's arguments and ``cli.main`` imports only
the module of the command that runs, so ``hanchan score`` never loads the bots,
the save-file tools or Textual; ``cli.play`` (play, replay, the menu) is the one
module that opens the terminal app.
"""
