"""The table as its cards lie (bot/ui/table_model.py), for the live table's page: through whole
random games of each game, a seat's model offers exactly its legal moves (as its buttons do), each
at a place the model draws (or as its own button), made of cards the seat can see; every card
counted once; and nothing hidden reaches anyone: no one else's hand, nothing for a spectator."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict
from typing import Any

import pytest

from bot.games import game_info
from bot.i18n import translator
from bot.people import ChatRef, PersonRef
from bot.tables import Seat, Status, Table
from bot.tokens import decode
from bot.ui.speed import offered
from bot.ui.table_model import TableModel
from core import game_class, load_game

PLAYERS = {"speed": 2, "racing_demon": 3, "svolota": 4}
EN = translator("en")


def _table(game: str, seats: int) -> Table:
    people = [PersonRef("telegram", str(i)) for i in range(seats)]
    seated = [Seat(f"P{i}", person) for i, person in enumerate(people)]
    return Table(9, ChatRef("telegram", "-1"), game, people[0], Status.PLAYING, seats=seated)


def _buttons(game_id: str, game: Any, seat: int) -> set[str]:
    moves = game.moves(str(seat))
    return {m for m in moves if offered(game, seat, m)} if game_id == "speed" else set(moves)


def _check(game_id: str, table: Table, game: Any, seat: int) -> TableModel:
    model = game_info(game_id).model(table, game, seat, EN)
    assert model is not None
    places = {p.id: p for p in model.places}
    assert len(places) == len(model.places)  # ids are unique
    assert {m.move for m in model.moves} == _buttons(game_id, game, seat)
    mine = Counter(c for p in model.places if p.seat == seat for c in p.cards)
    for m in model.moves:
        token = decode(m.token)
        assert token is not None and (token.action, token.arg) == ("move", m.move)
        if m.cards:
            assert all(mine[c] for c in m.cards), (m, mine)  # cards the seat holds, shown to it
            assert m.target in places
        elif m.source is not None:
            assert places[m.source].seat == seat and m.target in places
        else:  # a tap on a place, or a button of its own
            assert m.target in places or m.target in ("new", "pass")
    for p in model.places:
        assert len(p.cards) + p.down <= p.count
    assert model.json() == asdict(model)  # (what the page is sent: made field by field, the same)
    return model


def _lands_on_its_target(game_id: str, table: Table, game: Any, model: TableModel, seat: int) -> None:
    """Each card move, made on a copy of the game, leaves its card on the place it lit: the target
    is where the server puts the card, not merely a place that exists."""
    for m in model.moves:
        if not m.cards or m.cards == ("JK",):  # (a joker clears the pile: it lands nowhere to see)
            continue
        after = load_game(game.to_json())
        after.play(str(seat), m.move)
        drawn = game_info(game_id).model(table, after, seat, EN)
        assert drawn is not None
        places = [p for p in drawn.places if p.id == m.target or (m.target == "fnew" and p.kind == "foundation")]
        assert any(m.cards[0] in p.cards for p in places), (m, places)


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_seats_model_offers_exactly_its_moves_where_its_cards_lie(game_id: str):
    rng = random.Random(7)
    for seed in range(3):
        game = game_class(game_id).new([str(i) for i in range(PLAYERS[game_id])], seed=seed)
        table = _table(game_id, PLAYERS[game_id])
        for step in range(400):
            if game.over:
                break
            for seat in range(PLAYERS[game_id]):
                model = _check(game_id, table, game, seat)
                if seat == 0 and step % 4 == 0:  # (a copy of the game per move: every 4th position)
                    _lands_on_its_target(game_id, table, game, model, seat)
            movers = [s for s in range(PLAYERS[game_id]) if game.moves(str(s))]
            seat = rng.choice(movers)
            game.play(str(seat), rng.choice(game.moves(str(seat))))


def test_svolota_shows_a_hand_to_its_owner_alone_and_no_hand_to_a_spectator():
    game = game_class("svolota").new(["0", "1", "2"], seed=4)
    table = _table("svolota", 3)
    own = game_info("svolota").model(table, game, 1, EN)
    spectator = game_info("svolota").model(table, game, None, EN)
    assert own is not None and spectator is not None
    hands = {p.id: p for p in own.places if p.kind == "hand"}
    assert set(hands["hand"].cards) == {c.text for c in game.view(1).hand}
    assert hands["0.hand"].cards == hands["2.hand"].cards == ()
    assert hands["0.hand"].count == hands["0.hand"].down == len(game.view(0).hand)
    assert all(not p.cards for p in spectator.places if p.kind == "hand") and spectator.moves == ()


def test_a_racing_demon_spectator_sees_only_what_the_table_shows():
    game = game_class("racing_demon").new(["0", "1", "2"], seed=4)
    spectator = game_info("racing_demon").model(_table("racing_demon", 3), game, None, EN)
    assert spectator is not None and spectator.moves == ()
    assert {p.seat for p in spectator.places} == {None, 0, 1, 2}
    assert all(len(p.cards) <= 1 and not p.spread for p in spectator.places if p.seat is not None)  # tops only


def test_a_racing_demon_ace_goes_where_a_foundation_starts_and_a_card_where_it_lands():
    game = game_class("racing_demon").new(["0", "1"], seed=11)
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        if game.over:
            break
        model = _check("racing_demon", _table("racing_demon", 2), game, 0)
        for m in model.moves:
            if m.move.endswith(">f"):
                (card,) = m.cards
                seen.add("fnew" if m.target == "fnew" else "f")
                top = next((p.cards[-1] for p in model.places if p.id == m.target and p.cards), None)
                assert (card[0] == "A") == (m.target == "fnew"), (card, m.target, top)
        movers = [s for s in (0, 1) if game.moves(str(s))]
        seat = rng.choice(movers)
        game.play(str(seat), rng.choice(game.moves(str(seat))))
    assert seen == {"fnew", "f"}
