"""Sub-commands of the hanchan command, one module each (see tui/cli.py)."""
