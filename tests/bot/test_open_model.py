"""An open table (bot/ui/table_model.py `open`, a finished game's replay): through random games of
each game, every card of the deal is in the model exactly once (each seat's deck, in Racing Demon),
with nothing to move; the same position for a spectator, not open, still shows no hand and hides
every card that lies face down."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.games import game_info
from bot.i18n import translator
from bot.people import ChatRef, PersonRef
from bot.tables import Seat, Status, Table
from bot.ui.table_model import TableModel
from core import game_class
from core.cards import STANDARD_DECK
from core.decks import WITH_JOKERS

PLAYERS = {"speed": 2, "racing_demon": 3, "svolota": 4}
EN = translator("en")


def _table(game: str, seats: int) -> Table:
    people = [PersonRef("telegram", str(i)) for i in range(seats)]
    seated = [Seat(f"P{i}", person) for i, person in enumerate(people)]
    return Table(9, ChatRef("telegram", "-1"), game, people[0], Status.FINISHED, seats=seated)


def _deck(game_id: str) -> Counter[str]:
    if game_id == "svolota":
        return Counter(c.text for c in WITH_JOKERS)
    decks = PLAYERS[game_id] if game_id == "racing_demon" else 1  # (a deck each in Racing Demon)
    return Counter({c.text: decks for c in STANDARD_DECK})


def _shown(model: TableModel) -> Counter[str]:
    return Counter(c for p in model.places for c in p.cards)


def _positions(game_id: str, seed: int) -> Any:
    """A random game's positions, from the deal to its end (or 300 moves)."""
    rng = random.Random(seed)
    game = game_class(game_id).new([str(i) for i in range(PLAYERS[game_id])], seed=seed)
    for _ in range(300):
        yield game
        if game.over:
            return
        movers = [s for s in range(PLAYERS[game_id]) if game.moves(str(s))]
        seat = rng.choice(movers)
        game.play(str(seat), rng.choice(game.moves(str(seat))))


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_an_open_table_shows_every_card_of_the_deal_exactly_once(game_id: str):
    table = _table(game_id, PLAYERS[game_id])
    deck = _deck(game_id)
    positions = 0
    for seed in range(3):
        for game in _positions(game_id, seed):
            for seat in (None, 1):
                model = game_info(game_id).model(table, game, seat, EN, open=True)
                assert model is not None and model.open and model.moves == ()
                assert _shown(model) == deck
                assert len({p.id for p in model.places}) == len(model.places)
                assert all(len(p.cards) == p.count and p.down <= p.count for p in model.places)
            positions += 1
    assert positions > 100


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_spectator_table_still_shows_no_hand_and_no_face_down_card(game_id: str):
    table = _table(game_id, PLAYERS[game_id])
    for game in _positions(game_id, 4):
        closed = game_info(game_id).model(table, game, None, EN)
        opened = game_info(game_id).model(table, game, None, EN, open=True)
        assert closed is not None and opened is not None and not closed.open
        assert all(not p.cards for p in closed.places if p.kind == "hand")
        assert closed.moves == ()
        hidden = sum(p.down for p in opened.places)
        if hidden:  # (what lies face down is in the open table and not in the spectator's)
            assert sum(_shown(closed).values()) < sum(_shown(opened).values())
