"""cardbot's rules: pure, no I/O, no clock. The scripting contract is SPEC §2."""

# ruff: noqa: E402  (the compiled build's finder goes in before any module it may replace is imported)
from core.compiled import install

COMPILED = install()
"""Whether the hot modules come from the compiled build (`core/compiled.py`; CARDBOT_COMPILED)."""

from core.cards import Card, Suit, parse_card, parse_cards
from core.errors import BadNotation, GameOver, IllegalMove, NotYourTurn, TooSlow
from core.game import Game
from core.registry import GAMES, game_class, load_game, new_game

__all__ = [
    "COMPILED",
    "GAMES",
    "BadNotation",
    "Card",
    "Game",
    "GameOver",
    "IllegalMove",
    "NotYourTurn",
    "Suit",
    "TooSlow",
    "game_class",
    "load_game",
    "new_game",
    "parse_card",
    "parse_cards",
]
