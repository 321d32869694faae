"""The Textual app and the hanchan command."""
