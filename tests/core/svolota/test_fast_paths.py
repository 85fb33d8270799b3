"""The speed-ups must not change what is legal: a hand held as suits by rank stays in step with its
cards, the plays table lists exactly the plays worked out the slow way, and the legal moves the
state remembers never let an illegal move through after the position changed."""

from __future__ import annotations

import random
from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import IllegalMove, new_game
from core.cards import ACE, JOKER, STANDARD_DECK, Card, parse_cards
from core.decks import WITH_JOKERS
from core.games.svolota import rules
from core.games.svolota.game import Svolota
from core.games.svolota.hand import Hand
from core.games.svolota.moves import PASS, Move, Play
from core.games.svolota.plays import ANY, BLACK_FIRST, RED_FIRST, plays_of
from core.games.svolota.state import SvolotaState
from tests.core.svolota.deals import game
from tests.examples import examples


def fresh(hand: Hand) -> Hand:
    """The same cards, indexed from scratch."""
    return Hand.of(list(hand.cards()))


def assert_in_step(hand: Hand, cards: list[Card]) -> None:
    """The index (suits by rank, ranks, mixed ranks, jokers, size) and the cards shown agree with
    `cards`, and with an index built from scratch."""
    assert list(hand.cards()) == sorted(cards, key=lambda c: c.key)
    assert len(hand) == len(cards) == hand.size
    assert hand == fresh(hand)  # compares suits, ranks, mixed, jokers and size
    hand._shown = None  # the cached order must be what building it again gives
    assert list(hand.cards()) == sorted(cards, key=lambda c: c.key)


# ----- the hand ---------------------------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(WITH_JOKERS), max_size=20), st.randoms(use_true_random=False))
def test_a_hand_stays_in_step_with_its_cards_as_they_come_and_go(cards: list[Card], rnd: random.Random) -> None:
    cards = [c for i, c in enumerate(cards) if c.joker or c not in cards[:i]]  # a hand holds a card once
    held = cards[: len(cards) // 2]
    hand = Hand.of(held)
    assert_in_step(hand, held)
    for card in cards[len(cards) // 2 :]:
        if rnd.random() < 0.5 and held:
            gone = held.pop(rnd.randrange(len(held)))
            hand.take((gone,))
        else:
            held.append(card)
            hand.add(card)
        assert_in_step(hand, held)
        for c in set(WITH_JOKERS):
            assert hand.count(c) == held.count(c)


def test_a_hand_holds_a_card_once_but_two_jokers():
    with pytest.raises(ValueError, match="only once"):
        Hand.of(parse_cards("8H 9C 8H"))
    assert Hand.of([JOKER, JOKER]).jokers == 2


def test_ranks_held_in_both_colours_are_the_mixed_ones():
    hand = Hand.of(parse_cards("8H 8D 9C 9S 10H 10C"))
    assert hand.mixed == 1 << 10
    hand.take(tuple(parse_cards("10C")))
    assert hand.mixed == 0 and hand.ranks == (1 << 8) | (1 << 9) | (1 << 10)


# ----- the plays table against the plays worked out the slow way --------------------------------


def slow_plays(cards: list[Card], low: int, high: int, min_size: int, start: int) -> list[Play]:
    """Every ordering of same-rank cards (1 to 4) alternating colours, in the documented order."""
    found = []
    for size in range(min_size, 5):
        for rank in range(low + 1, high):
            suited = [c for c in cards if c.rank == rank and not c.joker]
            ordered = []
            for seq in permutations(suited, size):
                if any(a.red == b.red for a, b in pairwise(seq)):
                    continue
                if (start == BLACK_FIRST and seq[0].red) or (start == RED_FIRST and not seq[0].red):
                    continue
                ordered.append(seq)
            # black-led before red-led, then by the cards' sort keys in laid order
            ordered.sort(key=lambda s: (s[0].red, [c.key for c in s]))
            found += [Play(seq) for seq in ordered]
    return found


def rank_bits(low: int, high: int) -> int:
    return sum(1 << r for r in range(low + 1, high))


@settings(max_examples=examples(300), deadline=None)
@given(
    cards=st.lists(st.sampled_from(STANDARD_DECK), max_size=14, unique=True),
    bounds=st.tuples(st.integers(0, ACE), st.integers(1, ACE + 1)),
    min_size=st.integers(1, 4),
    start=st.sampled_from([ANY, BLACK_FIRST, RED_FIRST]),
)
def test_the_plays_table_lists_what_the_slow_way_finds(cards, bounds, min_size, start):
    low, high = bounds
    assert plays_of(Hand.of(cards), rank_bits(low, high), min_size, start) == slow_plays(
        cards, low, high, min_size, start
    )


def test_listed_plays_are_shared_objects():
    hand = Hand.of(parse_cards("8H 8C 8D 9S"))
    first = plays_of(hand, rank_bits(0, 15), 1, ANY)
    again = plays_of(Hand.of(parse_cards("8H 8C 9S")), rank_bits(0, 15), 1, ANY)
    shared = [p for p in again if p in first]
    assert shared and all(any(p is q for q in first) for p in shared)


# ----- random games: the index and the remembered moves never go stale --------------------------


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), free_pass=st.booleans())
def test_in_random_games_every_hand_stays_in_step_and_every_listed_move_is_legal(seed, players, free_pass):
    g = new_game("svolota", players=[f"p{i}" for i in range(players)], seed=seed, options={"free_pass": free_pass})
    assert isinstance(g, Svolota)
    rng = random.Random(seed)
    while not g.over:
        for hand in g.state.hands:
            assert hand == fresh(hand)
            assert list(hand.cards()) == sorted(hand.cards(), key=lambda c: c.key)
        seat = g.turn
        assert seat is not None
        legal = g.legal_moves(seat)
        texts = g.moves(g.players[seat])
        # the slow verify (a parsed move is a new object, never one just listed) agrees with the list
        for text in texts:
            rules.verify(g.state, seat, g.parse_move(text), g.free_pass, g.players)
        assert [g.format_move(m) for m in legal] == texts
        g.apply(seat, rng.choice(legal))
    saved = SvolotaState.from_dict(g.state.to_dict())
    assert saved == g.state


def moves_of(g: Svolota, player: str) -> list[Move]:
    return g.legal_moves(g.seat(player))


def play_of(g: Svolota, player: str, text: str) -> Move:
    """The very object `legal_moves` listed for this text."""
    return next(m for m in moves_of(g, player) if g.format_move(m) == text)


def test_a_listed_move_is_checked_again_once_the_hand_was_replaced():
    g = game(["8H 2C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    eight = play_of(g, "ann", "play 8H")
    g.state.hands[0] = Hand.of(parse_cards("2C 2D 2H 9C 9D 10S JK"))  # from outside: no 8H now
    with pytest.raises(IllegalMove, match="don't have"):
        g.apply(0, eight)
    assert g.state.plays == [] and g.state.turn == 0


def test_a_listed_move_is_checked_again_after_set_hand():
    g = game(["8H 2C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    eight = play_of(g, "ann", "play 8H")
    g.state.set_hand(0, parse_cards("2C 2D 2H 9C 9D 10S"))
    with pytest.raises(IllegalMove, match="don't have"):
        g.apply(0, eight)


def test_a_move_listed_before_the_last_move_is_checked_again():
    g = game(["8H 2C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    two = play_of(g, "ann", "play 2C")
    g.apply(0, play_of(g, "ann", "play 9D"))
    g.apply(1, play_of(g, "bob", "play KS"))
    g.apply(2, PASS)
    with pytest.raises(IllegalMove, match="goes up"):
        g.apply(0, two)  # was legal on the empty pile, not on K♠


def test_changing_the_listed_list_lets_nothing_illegal_through():
    g = game(["8H 2C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    g.apply(0, play_of(g, "ann", "play 10S"))
    legal = moves_of(g, "bob")
    seven = Play(tuple(parse_cards("7D")))
    legal.append(seven)  # the caller's own list: not what the game remembers
    with pytest.raises(IllegalMove, match="goes up"):
        g.apply(1, seven)


def test_moves_listed_for_one_seat_do_not_pass_for_another():
    g = game(["8H 2C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    eight = play_of(g, "ann", "play 8H")
    with pytest.raises(IllegalMove, match="not your turn"):
        g.apply(1, eight)


def cards_in(value: object) -> list[Card]:
    """Every card reachable from a view: its fields, and the tuples and sets in them."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list | frozenset | set):
        return [c for item in value for c in cards_in(item)]
    fields = getattr(type(value), "__dataclass_fields__", None)
    if fields is not None:
        return [c for name in fields for c in cards_in(getattr(value, name))]
    return []


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_view_shows_only_the_seats_own_hand_and_the_open_cards(seed):
    """Open: every card laid so far (all were face up when laid), the face-up card, and that
    card once drawn (everyone saw who took it)."""
    g = new_game("svolota", players=["a", "b", "c", "d"], seed=seed)
    assert isinstance(g, Svolota)
    rng = random.Random(seed)
    while not g.over:
        state = g.state
        public = {*state.discarded, *(c for play in state.plays for c in play)}
        public |= {state.face_up} if state.face_up else set()
        public |= {state.drawn_face_up[1]} if state.drawn_face_up else set()
        for seat in range(4):
            view = g.view(seat)
            assert not isinstance(view.hand, Hand)  # a plain tuple of cards, not the state's own hand
            own = set(state.hands[seat].cards())
            assert own <= set(cards_in(view)) <= own | public
        g.apply(g.turn, rng.choice(g.legal_moves(g.turn)))
