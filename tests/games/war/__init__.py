"""The tests' fourth game, War (game.py): `registered()` makes it known to core (its rules) and
the bot (its place in a chat: screens.py) for as long as a test needs it, and forgets it after,
so no other test sees a game that does not ship. Its computers are computer.py beside its rules,
as for every game."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot import games
from core import registry
from tests.games.war.game import War
from tests.games.war.screens import GAME


@contextmanager
def registered() -> Iterator[None]:
    registry.register(War)
    games.register(GAME)
    try:
        yield
    finally:
        games.unregister(War.id)
        registry.unregister(War.id)
