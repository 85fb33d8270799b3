"""Svolota (SPEC §3): a turn-based shedding game for 3–6 players."""
