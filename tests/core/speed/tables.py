"""Speed positions for tests that read like the rules: fixed decks written as layouts, and
mid-game tables written card by card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core import new_game
from core.cards import STANDARD_DECK, Card, parse_cards
from core.games.speed.game import Speed
from core.games.speed.layout import per_player
from core.games.speed.state import Pile, Stack, Table

PLAYERS = ["ann", "bob"]
ANN, BOB = 0, 1


def deck(
    ann: list[str], bob: list[str], piles: tuple[str, str], reserves: tuple[str, str] = ("", ""), stacks: int = 5
) -> str:
    """The fixed deck (top first) that deals these stacks (each written top first, as many of its
    cards as the test cares about), these two centre piles, and puts `reserves` on top of each
    reserve. Every card not named fills the remaining places, lowest first."""
    t = per_player(stacks)
    places: list[Card | None] = [None] * 52
    for seat, layout in enumerate((ann, bob)):
        assert len(layout) == stacks
        for i, text in enumerate(layout, 1):
            cards = parse_cards(text)
            assert len(cards) <= i, f"stack {i} holds {i} cards"
            for k, card in enumerate(cards):
                places[seat * t + i * (i - 1) // 2 + k] = card
    places[2 * t], places[2 * t + 1] = (parse_cards(p)[0] for p in piles)
    for seat, text in enumerate(reserves):
        for r, card in enumerate(parse_cards(text)):
            places[2 * t + 2 + 2 * r + seat] = card
    named = [c for c in places if c is not None]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = iter(c for c in STANDARD_DECK if c not in set(named))
    return " ".join(str(c if c is not None else next(rest)) for c in places)


def dealt(
    ann: list[str], bob: list[str], piles: tuple[str, str], reserves: tuple[str, str] = ("", ""), **options: bool | int
) -> Speed:
    stacks = int(options.get("stacks", 5))
    game = new_game("speed", PLAYERS, deck=deck(ann, bob, piles, reserves, stacks), options=options)
    assert isinstance(game, Speed)
    return game


def _stack(text: str) -> Stack:
    """`7H 2C` is 7H face up on a face-down 2C; `#7H 2C` has its top face down too; `` is empty."""
    down = text.startswith("#")
    cards = parse_cards(text.lstrip("#"))[::-1]
    return Stack(cards, up=bool(cards) and not down)


def position(
    ann: list[str],
    bob: list[str],
    piles: list[str],
    reserves: tuple[str, str] = ("", ""),
    rest: tuple[int, int] | list[tuple[int, int]] | None = None,
    **options: bool | int,
) -> Speed:
    """A game in the middle of a deal: stacks and piles written top first. Every card not named
    goes face down under pile 1 (`rest=None`), or under the stack `rest` = (seat, stack number),
    or dealt in turn under each of a list of such stacks."""
    game = new_game("speed", PLAYERS, seed=0, options=options)
    assert isinstance(game, Speed)
    table = Table(
        [[_stack(s) for s in ann], [_stack(s) for s in bob]],
        [parse_cards(r) for r in reserves],
        [Pile(parse_cards(p)[::-1]) for p in piles],
    )
    named = Counter(table.cards())
    assert all(n == 1 for n in named.values()), "a card is named twice"
    leftover = [c for c in STANDARD_DECK if c not in named]
    if rest is None:
        table.piles[0].cards[:0] = leftover
    else:
        places = rest if isinstance(rest, list) else [rest]
        for k, (seat, number) in enumerate(places):
            table.stacks[seat][number - 1].cards[:0] = leftover[k :: len(places)]
    assert Counter(table.cards()) == Counter(STANDARD_DECK)
    game.table = table
    return game


def tops(game: Speed) -> list[str]:
    return [str(p.top) for p in game.table.piles]


def texts(events: Sequence[object]) -> list[str]:
    return [str(e) for e in events]


def plays(game: Speed, player: str) -> list[str]:
    """The player's legal plays (not flips, fills or `new`)."""
    return [m for m in game.moves(player) if m.startswith("play")]
