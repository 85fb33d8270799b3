"""cardbot's rules: pure, no I/O, no clock. The scripting contract is SPEC §2."""

from core.cards import Card, Suit, parse_card, parse_cards
from core.errors import BadNotation, GameOver, IllegalMove, NotYourTurn, TooSlow
from core.game import Game
from core.registry import GAMES, game_class, load_game, new_game

__all__ = [
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
