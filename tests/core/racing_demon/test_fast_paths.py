"""The speed-ups must not change what is legal: the foundations' wanted cards kept as bits, the
legal moves and the everyone-stuck analysis agree with the same rules worked out the slow way
(card by card, with sets of cards) in random rounds."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import new_game
from core.cards import STANDARD_DECK, Card
from core.games.racing_demon import rules
from core.games.racing_demon.foundations import Foundations
from core.games.racing_demon.game import RacingDemon
from core.games.racing_demon.layout import Layout
from core.games.racing_demon.moves import TURN, Move, Source, ToFoundation, ToWork
from core.games.racing_demon.ranks import KING, LOW_ACE, builds_on, card_of, rank, run_onto
from core.games.racing_demon.state import DemonState
from core.games.racing_demon.stuck import waste_tops
from tests.examples import examples


def slow_wanted(foundations: Foundations) -> set[Card]:
    aces = {card_of(LOW_ACE, c.suit) for c in STANDARD_DECK if c.suit is not None}
    return aces | {card_of(f.rank + 1, f.suit) for f in foundations.piles if f.rank < KING}


def slow_legal(state: DemonState, seat: int) -> list[Move]:
    if state.end is not None:
        return []
    lay, wanted = state.layouts[seat], slow_wanted(state.foundations)
    moves: list[Move] = [ToFoundation(s) for s in Source if (c := lay.top(s)) is not None and c in wanted]
    tops = [lay.work_top(n) for n in rules.PILES]
    for source in (Source.DEMON, Source.WASTE):
        card = lay.top(source)
        if card is not None:
            moves += [ToWork(source, n) for n, t in zip(rules.PILES, tops, strict=True) if t and builds_on(card, t)]
    for m in rules.PILES:
        pile = lay.work[m - 1]
        moves += [
            ToWork(Source.of_work(m), n)
            for n, t in zip(rules.PILES, tops, strict=True)
            if n != m and t is not None and run_onto(pile, t) is not None
        ]
    if lay.stock or lay.waste:
        moves.append(TURN)
    return moves


def slow_is_stuck(lay: Layout, wanted: set[Card]) -> bool:
    tops = [p[-1] for p in lay.work if p]
    if any(t in wanted for t in tops):
        return False
    if lay.demon and (lay.demon[-1] in wanted or any(builds_on(lay.demon[-1], t) for t in tops)):
        return False
    for source in lay.work:
        for target in lay.work:
            if source is not target and source and target:
                count = run_onto(source, target[-1])
                if count is not None and (count == len(source) or source[-count - 1] in wanted):
                    return False
    reachable: Iterator[Card] = waste_tops(lay)
    return not any(c in wanted or any(builds_on(c, t) for t in tops) for c in reachable)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), auto_aces=st.booleans())
def test_wanted_cards_legal_moves_and_stuck_agree_with_the_slow_way_in_random_rounds(seed, players, auto_aces):
    g = new_game("racing_demon", players=[f"p{i}" for i in range(players)], seed=seed, options={"auto_aces": auto_aces})
    assert isinstance(g, RacingDemon)
    rng = random.Random(seed)
    for _ in range(600):
        foundations = g.state.foundations
        wanted = slow_wanted(foundations)
        assert set(foundations.wanted()) == wanted
        assert {c for c in STANDARD_DECK if foundations.fits(c)} == wanted
        assert all(foundations.fits(c) == (foundations.accepting(c) is not None) for c in STANDARD_DECK)
        for seat, lay in enumerate(g.state.layouts):
            assert g.legal_moves(seat) == slow_legal(g.state, seat)
            if not g.over:
                assert g.is_stuck(seat) == slow_is_stuck(lay, wanted)
        if g.over:
            break
        options = [(s, m) for s in range(players) for m in g.legal_moves(s)]
        if not options:
            break
        others = [o for o in options if o[1] is not TURN]
        g.apply(*(rng.choice(others) if others and rng.random() < 0.7 else rng.choice(options)))


def test_the_wanted_bits_survive_saving():
    g = new_game("racing_demon", players=["ann", "bob"], seed=5)
    assert isinstance(g, RacingDemon)
    rng = random.Random(5)
    for _ in range(300):
        options = [(s, m) for s in (0, 1) for m in g.legal_moves(s) if m is not TURN] or [(0, TURN)]
        if g.over:
            break
        g.apply(*rng.choice(options))
    loaded = RacingDemon.from_json(g.to_json())
    assert loaded.state.foundations.wanted_bits == g.state.foundations.wanted_bits
    assert loaded.state.foundations.wanted() == g.state.foundations.wanted()
    assert [rank(f.top) for f in loaded.state.foundations.piles] == [rank(f.top) for f in g.state.foundations.piles]
