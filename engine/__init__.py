"""The rules engine: tiles, hand analysis, scoring and the event-sourced game. No I/O."""
