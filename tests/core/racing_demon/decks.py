"""Hand-made Racing Demon deals: name the cards that matter, the rest fill in."""

from __future__ import annotations

from typing import Any

from core.cards import STANDARD_DECK, format_cards, parse_cards
from core.games.racing_demon.game import RacingDemon

PLAYERS = ("ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal")


def deck(demon: str = "", work: str = "", stock: str = "") -> str:
    """One player's 52 cards, top first. `demon` and `stock` are the first cards (top first) of
    those piles, `work` the cards of w1, w2, …; every card not named fills, in the order
    2♠ 3♠ … A♠ 2♣ … A♦, the rest of the demon, then the work piles, then the stock."""
    named = [parse_cards(demon), parse_cards(work), parse_cards(stock)]
    used = {c for part in named for c in part}
    assert sum(map(len, named)) == len(used), "a card is named twice"
    rest = iter([c for c in STANDARD_DECK if c not in used])
    demon_cards = named[0] + [next(rest) for _ in range(13 - len(named[0]))]
    work_cards = named[1] + [next(rest) for _ in range(4 - len(named[1]))]
    return format_cards(demon_cards + work_cards + named[2] + list(rest))


def table(*decks: str, **options: Any) -> RacingDemon:
    """A round with one hand-made deck per player (ann, bob, cy, … in seat order)."""
    players = list(PLAYERS[: len(decks)])
    return RacingDemon.new(players, deck=dict(zip(players, decks, strict=True)), options=options)


def tops(g: RacingDemon, seat: int = 0) -> list[str]:
    """A player's work pile tops, as canonical text."""
    return [str(p[-1]) if p else "-" for p in g.state.layouts[seat].work]


def foundations(g: RacingDemon) -> list[str]:
    """Each foundation's top card, in foundation order."""
    return [str(f.top) for f in g.state.foundations.piles]
