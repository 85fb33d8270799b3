"""The searching player (hard): it guesses the hidden cards only from what its seat saw, every
guess looks exactly like the table it sees, and it plays legal moves that come out better."""

from __future__ import annotations

import random

import pytest

from core.games.svolota import rules
from core.games.svolota.computer import LEVELS
from core.games.svolota.game import Svolota
from core.games.svolota.hand import Hand
from core.games.svolota.search import SearchPolicy, deal_unseen, distinct, playout, quick_move
from core.games.svolota.state import SvolotaState
from core.games.svolota.view import SvolotaView, view_of

QUICK = SearchPolicy(steps=2_000)  # a small budget: the same search, fewer playouts


def mid_game(seed: int, moves: int, players: int = 4) -> Svolota:
    """A game `moves` moves in, played by normal players."""
    game = Svolota.new([f"p{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.turn
        if seat is None:
            break
        game.apply(seat, LEVELS["normal"].policy.choose(game.view(seat), game.legal_moves(seat), rng))
    return game


def reshuffled(game: Svolota, seat: int, seed: int) -> Svolota:
    """The same game as `seat` sees it, with everything it cannot see dealt again: the other
    hands and the reserve's order (the face-up card, once drawn, stays with whoever drew it)."""
    other = Svolota.from_json(game.to_json())
    state = other.state
    drawn = state.drawn_face_up
    kept = {
        s: [drawn[1]] if drawn and drawn[0] == s and drawn[1] in state.hands[s].cards() and s != seat else []
        for s in range(4)
    }
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h.cards()]
    for cards in kept.values():
        for card in cards:
            hidden.remove(card)
    hidden += state.reserve
    random.Random(seed).shuffle(hidden)
    at = 0
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        take = hand.size - len(kept[s])
        state.hands[s] = Hand.of([*kept[s], *hidden[at : at + take]])
        at += take
    state.reserve = hidden[at:]
    return other


@pytest.mark.parametrize("seed, moves", [(1, 6), (2, 30), (3, 45), (4, 55), (5, 62)])
def test_two_games_that_look_the_same_from_its_seat_get_the_same_move(seed: int, moves: int) -> None:
    game = mid_game(seed, moves)
    seat = game.turn
    assert seat is not None
    other = reshuffled(game, seat, seed + 100)
    assert (other.state.hands, other.state.reserve) != (game.state.hands, game.state.reserve)
    assert other.view(seat) == game.view(seat)
    mine = QUICK.choose(game.view(seat), game.legal_moves(seat), random.Random(7))
    theirs = QUICK.choose(other.view(seat), other.legal_moves(seat), random.Random(7))
    assert mine == theirs


@pytest.mark.parametrize("seed", range(12))
def test_every_guess_looks_exactly_like_the_table_it_sees(seed: int) -> None:
    game = mid_game(seed, 4 + 5 * seed)
    seat = game.turn
    if seat is None:
        pytest.skip("the game ended")
    view = game.view(seat)
    world = deal_unseen(view, random.Random(seed))
    guessed = view_of(world, seat, view.players, view.free_pass)
    for field in ("hand", "hand_sizes", "last_play", "top", "up", "reserve_size", "face_up", "turn", "passed"):
        assert getattr(guessed, field) == getattr(view, field), field


def guessed(seed: int, moves: int) -> tuple[Svolota, int, SvolotaView, SvolotaState]:
    """A game `moves` moves in, the seat to act, its view and one guess of what it cannot see."""
    game = mid_game(seed, moves)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    return game, seat, view, deal_unseen(view, random.Random(seed))


def test_a_guess_uses_every_card_once() -> None:
    _, _, view, world = guessed(9, 40)
    cards = [*view.played, *(c for h in world.hands for c in h.cards()), *world.reserve]
    cards += [] if view.face_up is None else [view.face_up]
    full = Svolota.new(["a", "b", "c"], seed=0)
    deck = [*full.state.reserve, full.state.face_up, *(c for h in full.state.hands for c in h.cards())]
    assert sorted(map(str, cards)) == sorted(map(str, deck))


def test_the_face_up_card_stays_with_whoever_drew_it_until_laid() -> None:
    checked = 0
    for seed in range(20):
        game = Svolota.new(["a", "b", "c", "d"], seed=seed)
        rng = random.Random(seed)
        while (seat := game.turn) is not None:
            drawn = game.state.drawn_face_up
            if drawn and drawn[0] != seat and not drawn[1].joker and drawn[1] in game.state.hands[drawn[0]].cards():
                held = deal_unseen(game.view(seat), random.Random(checked)).hands[drawn[0]]
                assert drawn[1] in held.cards()
                checked += 1
            game.apply(seat, LEVELS["normal"].policy.choose(game.view(seat), game.legal_moves(seat), rng))
    assert checked > 50


def test_whoever_passed_on_the_last_play_is_dealt_a_hand_that_cannot_beat_it() -> None:
    found = 0
    for seed in range(80):
        game = mid_game(seed, 25)
        seat = game.turn
        view = game.view(seat) if seat is not None else None
        if view is None or view.last_play is None or not view.passed - {seat}:
            continue
        found += 1
        for i in range(5):
            world = deal_unseen(view, random.Random(i))
            for passer in view.passed - {seat}:
                assert not rules.beating_plays(world, passer)
    assert found >= 5


def test_plays_that_differ_only_in_order_inside_are_one_candidate() -> None:
    game = Svolota.new(["a", "b", "c"], deck=_deck_with_hand("8S 8H 8C 8D 4S 5S 6S"))
    legal = game.legal_moves(0)
    moves = distinct(legal)
    tops = {(frozenset(m.cards), m.cards[-1]) for m in moves if hasattr(m, "cards")}
    assert len(tops) == len(moves) < len(legal)


def test_a_playout_ends_the_game_and_scores_a_win_as_one() -> None:
    game, seat, view, world = guessed(4, 20)
    score, steps = playout(world, seat, game.legal_moves(seat)[0], view.free_pass)
    assert world.winner is not None and steps > 1
    assert score == 1.0 if world.winner == seat else -0.54 <= score < 0


def test_a_smaller_share_of_the_budget_plays_fewer_playouts_but_never_none() -> None:
    assert SearchPolicy(steps=400).within(0.25).steps == 100
    assert SearchPolicy(steps=400).within(0.0001).steps == 1


def _deck_with_hand(hand: str) -> str:
    """A fixed 3-player deck whose seat 0 holds `hand` (dealt one card each in turn)."""
    mine = hand.split()
    rest = [c for c in _all_cards() if c not in mine]
    deck: list[str] = []
    for i in range(7):
        deck += [mine[i], rest.pop(), rest.pop()]
    return " ".join(deck + rest)


def _all_cards() -> list[str]:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return [r + s for r in ranks for s in "SCHD"] + ["JK", "JK"]


@pytest.mark.parametrize("free_pass", [False, True])
def test_the_playouts_player_only_ever_makes_legal_moves(free_pass: bool) -> None:
    for seed in range(40):
        game = Svolota.new([f"p{i}" for i in range(3 + seed % 4)], seed=seed, options={"free_pass": free_pass})
        while (seat := game.turn) is not None:
            move = quick_move(game.state, seat, free_pass)
            assert move in game.legal_moves(seat)
            game.apply(seat, move)
