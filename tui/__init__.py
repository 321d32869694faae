"""The Textual app: the table, the menus, the replay, review and drill screens.

The ``hanchan`` command is in ``cli``; only ``cli.play`` opens the app."""
