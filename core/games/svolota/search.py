"""A searching Svolota player: determinized Monte Carlo over what its seat has seen.

For each decision it deals the cards it cannot see in many ways consistent with everything the
table showed (`SvolotaView`: its own hand, every card laid so far, the face-up card and who drew
it, the hand sizes, and that whoever passed on the pile's last play could not beat it), and in
each such deal tries every distinct candidate move, playing the game out to its end with a quick
policy for everyone (`quick_move`). After 4, 8, 16... deals the worse half of the moves still in
play is dropped, and the one with the best total is played: a win counts 1, a loss a little less
than nothing the more cards are left. All candidates meet the same deals, so their difference is
the move's, not the luck of the deal.

It reads the view and nothing else: the hidden hands and the reserve's order are never seen, only
guessed (a test gives it two games that look the same from its seat and gets the same move).
How many moves its playouts may make in all is its budget (`steps`): near the end of a game,
where playouts are short and the decisions count, it tries more deals. The bot shrinks it when
many tables wait (`within`), and runs it off the event loop (bot/thinking.py). No clock is read here: the same
view, budget and random generator give the same move.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

from core.cards import Card
from core.decks import WITH_JOKERS
from core.games.svolota import rules
from core.games.svolota.hand import Hand
from core.games.svolota.heuristic import HeuristicPolicy
from core.games.svolota.moves import JOKER_MOVE, PASS, Move, Play
from core.games.svolota.plays import ABOVE, ALL_RANKS, ANY, BELOW, BLACK_FIRST, RED_FIRST, plays_of
from core.games.svolota.state import SvolotaState
from core.games.svolota.view import SvolotaView

FULL_DECK: Counter[Card] = Counter(WITH_JOKERS)
REPAIRS = 40  # swaps tried to give everyone who passed a hand that cannot beat
CUT = 4  # deals every move gets before the worse half is dropped (then 8, 16, ...: the budget goes to the best)
DEAL_STEPS = 10  # a deal costs about as much as this many playout moves
MAX_STEPS = 2_000  # a playout this long is cut off (and scores as a loss)
NAMES = tuple(f"p{i}" for i in range(6))  # events' names in playouts, never shown


@dataclass(frozen=True, slots=True)
class SearchPolicy:
    steps: int = 16_000  # playout moves per decision (about 4 µs each; a deal counts DEAL_STEPS)
    least: int = 2  # deals tried whatever the budget
    fallback: HeuristicPolicy = field(default_factory=lambda: HeuristicPolicy(endgame=True))

    def within(self, share: float) -> SearchPolicy:
        """The same player with `share` (0..1] of its budget: for a bot with many tables waiting."""
        return replace(self, steps=max(1, int(self.steps * share)))

    def choose(self, view: SvolotaView, legal: list[Move], rng: random.Random) -> Move | None:
        candidates = distinct(legal)
        if len(candidates) < 2:
            return candidates[0] if candidates else None
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        spent = deals = 0
        cut = CUT  # deals after which the worse half of the moves still in play is dropped
        unseen = Unseen.of(view)
        while spent < self.steps or deals < self.least:
            world = unseen.deal(rng)
            spent += DEAL_STEPS
            for i in alive:
                score, steps = playout(clone(world), view.seat, candidates[i], view.free_pass)
                totals[i] += score
                spent += steps
            deals += 1
            if deals == cut and len(alive) > 2:
                alive = sorted(alive, key=lambda i: -totals[i])[: max(2, (len(alive) + 1) // 2)]
                cut *= 2
        return self._pick(view, [candidates[i] for i in alive], [totals[i] for i in alive], rng)

    def _pick(self, view: SvolotaView, candidates: list[Move], totals: list[float], rng: random.Random) -> Move:
        """The move with the best total over the same deals; between equals, the heuristic's."""
        best = max(totals)
        ties = [m for m, t in zip(candidates, totals, strict=True) if t == best]
        if len(ties) == 1:
            return ties[0]
        preferred = self.fallback.choose(view, ties, rng)
        return preferred if preferred is not None else ties[0]


def distinct(legal: list[Move]) -> list[Move]:
    """The moves that lead to different positions: plays of the same cards differ only in their
    top card (the last laid); the first card's colour the pile decides."""
    seen: set[tuple[frozenset[Card], Card]] = set()
    out: list[Move] = []
    for move in legal:
        if isinstance(move, Play):
            key = (frozenset(move.cards), move.cards[-1])
            if key in seen:
                continue
            seen.add(key)
        out.append(move)
    return out


def deal_unseen(view: SvolotaView, rng: random.Random) -> SvolotaState:
    """One `Unseen` deal (a search makes many from one `Unseen`)."""
    return Unseen.of(view).deal(rng)


@dataclass(frozen=True, slots=True)
class Unseen:
    """What a seat has not seen, worked out once per decision, to deal again and again."""

    view: SvolotaView
    cards: list[Card]  # shuffled in place by each deal
    fixed: dict[int, list[Card]]  # cards known to be in a hand: the face-up card, drawn by another
    passed: list[int]  # who passed on the last play (when that says they could not beat it)
    free: list[int]  # the others who may hold any card

    @classmethod
    def of(cls, view: SvolotaView) -> Unseen:
        seat, sizes = view.seat, view.hand_sizes
        seen = Counter(view.hand) + Counter(view.played)
        if view.face_up is not None:
            seen[view.face_up] += 1
        fixed: dict[int, list[Card]] = {s: [] for s in range(len(sizes))}
        drawn = view.drawn_face_up
        if drawn is not None and drawn[0] != seat and not drawn[1].joker and not seen[drawn[1]]:
            fixed[drawn[0]].append(drawn[1])  # drawn by another and not laid since: still in that hand
            seen[drawn[1]] += 1
        cards = list((FULL_DECK - seen).elements())
        hidden = [s for s in range(len(sizes)) if s != seat]
        assert len(cards) == sum(sizes[s] - len(fixed[s]) for s in hidden) + view.reserve_size, "view inconsistent"
        telling = not view.free_pass and view.last_play is not None
        passed = [s for s in view.passed if s != seat] if telling else []
        return cls(view, cards, fixed, passed, [s for s in hidden if s not in passed])

    def deal(self, rng: random.Random) -> SvolotaState:
        """A whole position that looks exactly like the view from its seat: the cards it has not
        seen, shuffled into the other hands and the reserve. The face-up card stays with whoever
        drew it until they lay it; a player who passed on the pile's last play (when passing is
        only for those who cannot beat) gets a hand that cannot beat it (`_no_beats`)."""
        view, unseen, fixed = self.view, self.cards, self.fixed
        rng.shuffle(unseen)
        hands: list[Hand] = []
        at = 0
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                hands.append(Hand.of(view.hand))
                continue
            take = size - len(fixed[s])
            hands.append(Hand.of([*fixed[s], *unseen[at : at + take]]))
            at += take
        state = SvolotaState(
            hands=hands,
            reserve=unseen[at:],
            face_up=view.face_up,
            turn=view.turn,
            plays=[] if view.last_play is None else [view.last_play],  # only the last play and its top matter
            up=view.up,
            last_player=view.last_player,
            passed=set(view.passed),
        )
        if self.passed:
            _no_beats(state, self.passed, self.free, {c for f in fixed.values() for c in f}, rng)
        return state


def _no_beats(state: SvolotaState, passed: list[int], free: list[int], keep: set[Card], rng: random.Random) -> None:
    """Swap cards out of the hands of those who passed (they could not beat the last play) into
    the hands of those who did not, or the reserve, until none of them could beat it; a few
    tries, then the deal stands as it is."""
    for _ in range(REPAIRS):
        beats = [(s, plays) for s in passed if (plays := rules.beating_plays(state, s))]
        if not beats:
            return
        passer, plays = beats[0]
        play = rng.choice(plays)
        assert isinstance(play, Play)  # beating plays are plays
        card = rng.choice(play.cards)
        places = [*(("hand", s) for s in free if state.hands[s].size), *(("reserve", 0),) * bool(state.reserve)]
        if not places:
            return
        where, other_seat = rng.choice(places)
        if where == "reserve":
            i = rng.randrange(len(state.reserve))
            other, state.reserve[i] = state.reserve[i], card
        else:
            hand = state.hands[other_seat]
            other = rng.choice(hand.cards())
            if other in keep:  # the face-up card stays with whoever drew it
                continue
            hand.take((other,))
            hand.add(card)
        state.hands[passer].take((card,))
        state.hands[passer].add(other)


def clone(state: SvolotaState) -> SvolotaState:
    """A copy to play out (closed piles are left behind: no rule reads them)."""
    return SvolotaState(
        hands=[Hand(list(h.suits), h.ranks, h.mixed, h.jokers, h.size) for h in state.hands],
        reserve=list(state.reserve),
        face_up=state.face_up,
        turn=state.turn,
        plays=list(state.plays),
        up=state.up,
        last_player=state.last_player,
        passed=set(state.passed),
    )


def playout(state: SvolotaState, seat: int, move: Move, free_pass: bool) -> tuple[float, int]:
    """`seat` makes `move`, then everyone plays `quick_move` to the end: 1 for a win, otherwise a
    little below 0 for each card left in `seat`'s hand; and how many moves that took."""
    players = NAMES[: len(state.hands)]
    rules.apply(state, seat, move, players)
    steps = 1
    while state.winner is None and steps < MAX_STEPS:
        turn = state.turn
        rules.apply(state, turn, quick_move(state, turn, free_pass), players)
        steps += 1
    return (1.0 if state.winner == seat else -state.hands[seat].size / 100), steps


def quick_move(state: SvolotaState, seat: int, free_pass: bool) -> Move:
    """The heuristic player's judgement (core/games/svolota/heuristic.py, endgame care on) read
    straight off the position, fast enough for thousands of playouts a second: beat with the
    cheapest play (the weakest rank, without breaking up a set or laying extra cards, unless
    shedding once nothing is left to draw); lead the lowest whole set; lay a joker when there is
    nothing else or the end is near; otherwise pass. Always a legal move (`rules.legal_moves`'
    plays, worked out the same way; a pass only when no play beats, so `free_pass` changes nothing)."""
    hand, pile = state.hands[seat], state.plays
    shedding = not state.reserve and state.face_up is None
    if not pile:
        plays = plays_of(hand, ALL_RANKS, 1, ANY)
        if not plays:
            return JOKER_MOVE  # a leader holding only jokers
        suits, bonus = hand.suits, 3 if shedding else 1
        best, best_cost = plays[0], 1_000
        for m in plays:
            cards = m.cards  # type: ignore[union-attr]  # plays_of lists plays
            rank, size = cards[0].rank, len(cards)
            cost = rank - size * bonus - (2 if size == HELD[suits[rank]] else 0)
            if cost < best_cost:
                best, best_cost = m, cost
        return best
    last = pile[-1]
    up = state.up
    plays = plays_of(
        hand, ABOVE[last[0].rank] if up else BELOW[last[0].rank], len(last), BLACK_FIRST if last[-1].red else RED_FIRST
    )
    if not plays:
        return JOKER_MOVE if hand.jokers and shedding and hand.size <= 3 else PASS
    suits, needed, extra = hand.suits, len(last), -2 if shedding else 4
    best, best_cost = plays[0], 1_000
    for m in plays:
        cards = m.cards  # type: ignore[union-attr]
        rank, size = cards[0].rank, len(cards)
        held = HELD[suits[rank]]
        cost = (rank if up else 16 - rank) + 3 * (held - size) * (held > 1) + extra * (size - needed)
        if cost < best_cost:
            best, best_cost = m, cost
    return best


HELD = tuple(bin(mask).count("1") for mask in range(16))  # [suit bits] -> how many cards
