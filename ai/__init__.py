"""Bots: given a PlayerView and the legal actions, choose one."""
