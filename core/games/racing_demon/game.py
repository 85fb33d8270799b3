"""Racing Demon (SPEC §5) on the core contract: dealing, the moves, the automatic rules, views,
scores and saving. The rules themselves live in `rules`, `stuck` and `settle`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from core.cards import STANDARD_DECK, Card
from core.decks import parse_deck
from core.events import Event
from core.game import Game
from core.games.racing_demon import rules
from core.games.racing_demon.foundations import Foundations
from core.games.racing_demon.layout import Layout
from core.games.racing_demon.moves import Move, format_move, parse_move
from core.games.racing_demon.settle import settle
from core.games.racing_demon.state import DemonState, End
from core.games.racing_demon.stuck import is_progress, is_stuck
from core.games.racing_demon.view import DemonView, view_for
from core.options import Option


class RacingDemon(Game[Move, DemonView]):
    id: ClassVar[str] = "racing_demon"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("demon_penalty", 1, low=0, high=13, help="points lost for each card left in your demon"),
        Option("auto_aces", False, help="exposed Aces go to the foundations by themselves"),
    )

    state: DemonState

    # ----- dealing --------------------------------------------------------------------------

    def deal(self, deck: Any) -> None:
        """One 52-card deck per player: `deck` maps each player id to a deck (text or a list, top
        first), or each deck is shuffled from the game's generator in seat order."""
        decks = self._fixed_decks(deck) if deck is not None else self._shuffled_decks()
        self.state = DemonState([Layout.deal(d) for d in decks], Foundations())
        settle(self.state, self.players, auto_aces=self.auto_aces, progressed=False)

    def _shuffled_decks(self) -> list[list[Card]]:
        return [self.rng.shuffled(STANDARD_DECK) for _ in self.players]

    def _fixed_decks(self, deck: Any) -> list[list[Card]]:
        if not isinstance(deck, Mapping):
            raise ValueError("racing_demon takes one deck per player: a dict of player id to 52 cards")
        if set(deck) != set(self.players) or len(deck) != len(self.players):
            raise ValueError(f"the decks must be exactly one per player: {list(self.players)}")
        return [parse_deck(deck[p], STANDARD_DECK, what=f"deck of {p}") for p in self.players]

    # ----- options --------------------------------------------------------------------------

    @property
    def auto_aces(self) -> bool:
        return bool(self.options["auto_aces"])

    @property
    def demon_penalty(self) -> int:
        return int(self.options["demon_penalty"])

    # ----- the native API -------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        return rules.legal_moves(self.state, seat)

    def verify(self, seat: int, move: Move) -> None:
        rules.verify(self.state, seat, move)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        progressed = is_progress(self.state.layouts[seat], move, self.state.foundations.wanted_bits)
        events = rules.apply(self.state, seat, move, self.players[seat])
        return events + settle(self.state, self.players, auto_aces=self.auto_aces, progressed=progressed)

    def view(self, seat: int) -> DemonView:
        return view_for(self.state, seat, self.players, self.demon_penalty)

    def is_stuck(self, seat: int) -> bool:
        """Whether `seat` has no placing move now nor anywhere in a full cycle of their stock
        (the everyone-stuck analysis of SPEC §5; False once the round is over)."""
        return self.state.end is None and is_stuck(self.state.layouts[seat], self.state.foundations.wanted_bits)

    @property
    def over(self) -> bool:
        return self.state.end is not None

    @property
    def ended_by(self) -> End | None:
        """How the round ended: a demon went out, or everyone stayed stuck; None while it runs."""
        return self.state.end

    @property
    def out_seat(self) -> int | None:
        """The seat whose demon emptied ("Out!"), if that is how the round ended."""
        return self.state.out

    @property
    def winner_seat(self) -> int | None:
        if not self.over:
            return None
        scores = self.seat_scores()
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    def seat_scores(self) -> list[int]:
        return self.state.scores(self.demon_penalty)

    # ----- notation and saving --------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def state_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    def load_state(self, data: dict[str, Any]) -> None:
        if not isinstance(data, dict):
            raise TypeError("a saved round is a mapping")
        self.state = DemonState.from_dict(data, len(self.players))
