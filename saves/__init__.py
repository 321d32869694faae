"""Game files: writing, reading, replaying, and other tools' logs."""
