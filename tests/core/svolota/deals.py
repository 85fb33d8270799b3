"""Fixed Svolota deals written as hands, for tests that read like the rules."""

from __future__ import annotations

from collections import Counter

from core import new_game
from core.cards import parse_cards
from core.decks import WITH_JOKERS
from core.games.svolota.game import Svolota


def deck(hands: list[str], face_up: str | None = None, reserve: str = "") -> str:
    """The deck (top first) that deals these 7-card hands, turns `face_up`, and puts `reserve`
    on top of the reserve; every other card follows in the reserve."""
    dealt = [parse_cards(h) for h in hands]
    assert all(len(h) == 7 for h in dealt), "each hand is dealt 7 cards"
    order = [dealt[i % len(dealt)][i // len(dealt)] for i in range(7 * len(dealt))]
    order += parse_cards(reserve)
    if face_up is None:  # any card not named, so a test need not pick one
        face_up = str(next(c for c in WITH_JOKERS if not c.joker and c not in order))
    order[7 * len(dealt) : 7 * len(dealt)] = parse_cards(face_up)
    rest = Counter(WITH_JOKERS) - Counter(order)
    assert all(n >= 0 for n in (Counter(order) - Counter(WITH_JOKERS)).values())
    order += sorted(rest.elements(), key=lambda c: c.key)
    return " ".join(str(c) for c in order)


def game(hands: list[str], face_up: str | None = None, reserve: str = "", **options: bool | int) -> Svolota:
    players = ["ann", "bob", "cy", "dan", "eve", "fay"][: len(hands)]
    g = new_game("svolota", players=players, deck=deck(hands, face_up, reserve), options=options)
    assert isinstance(g, Svolota)
    return g
