"""Speed (SPEC §4) on the common `Game` base: dealing, the deal's and the match's end, the view,
and serialisation. What is legal lives in `rules.py`, what a move does in `effects.py`.

Both players act at any moment; the caller applies moves in the order they arrive. After every
move the engine checks the deal's end (all of the mover's stacks empty) and the stalemate: with
both reserves empty it recycles the centre at once, or, with nothing to recycle, ends the deal by
fewest stack cards. A points match (`target` > 0) then deals again with the game's generator.
"""

from __future__ import annotations

from typing import Any, ClassVar

from core.cards import STANDARD_DECK
from core.decks import parse_deck
from core.events import Event
from core.game import Game
from core.games.speed import effects, rules
from core.games.speed.events import DealEnded, DealScored, DealStarted, MatchEnded, Stalled
from core.games.speed.layout import lay_out
from core.games.speed.match import Match
from core.games.speed.moves import Move, format_move, parse_move
from core.games.speed.state import Table
from core.games.speed.view import SpeedView, view_of
from core.options import Option
from core.rng import Rng


class Speed(Game[Move, SpeedView]):
    id = "speed"
    min_players = 2
    max_players = 2
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("stacks", 5, choices=(4, 5), help="stacks per player (stack i holds i cards)"),
        Option("colours", False, help="piles alternate red/black by number and take only that colour"),
        Option("target", 0, low=0, high=1000, help="points to win a match of deals; 0: a single deal"),
    )

    table: Table
    match: Match

    def __init__(self, players: tuple[str, ...], options: dict[str, bool | int], rng: Rng) -> None:
        super().__init__(players, options, rng)
        self.stack_count = int(options["stacks"])
        self.colours = bool(options["colours"])
        self.target = int(options["target"])
        self.match = Match()

    def deal(self, deck: Any) -> None:
        cards = list(self.rng.shuffled(STANDARD_DECK)) if deck is None else parse_deck(deck, STANDARD_DECK)
        self.table = lay_out(cards, self.stack_count)

    # ----- the native API -------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over:
            return []
        return rules.legal_moves(self.table, seat, self.colours)

    def verify(self, seat: int, move: Move) -> None:
        rules.verify(self.table, seat, move, self.colours)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events = effects.apply_move(self.table, seat, move, self.players[seat], self.colours)
        if effects.all_out(self.table, seat):
            return events + self._end_deal(seat, stuck=False)
        if not rules.stalemate(self.table, self.colours):
            return events
        if not any(self.table.reserves):
            if not effects.recyclable(self.table):
                return events + self._end_deal(self._fewest_stack_cards(), stuck=True)
            events.append(effects.recycle(self.table, self.rng))
        return [*events, Stalled(tuple(self.players[s] for s in self.new_callers))]

    def _fewest_stack_cards(self) -> int | None:
        a, b = (self.table.stack_cards(s) for s in (0, 1))
        return None if a == b else (0 if a < b else 1)

    def _end_deal(self, winner: int | None, stuck: bool) -> list[Event]:
        table = self.table
        left = (table.stack_cards(0), table.stack_cards(1))
        name = None if winner is None else self.players[winner]
        events: list[Event] = [DealEnded(self.match.deal, name, left, stuck)]
        if not self.target:
            self.match.end_single_deal(winner)
            return events
        gained = (len(table.reserves[1]), len(table.reserves[0]))
        deal = self.match.deal
        goes_on = self.match.score_deal(gained, self.target)
        points = (self.match.points[0], self.match.points[1])
        events.append(DealScored(deal, gained, points, (self.players[0], self.players[1])))
        if goes_on:
            self.table = lay_out(self.rng.shuffled(STANDARD_DECK), self.stack_count)
            events.append(DealStarted(self.match.deal))
            if self.stalemate:
                events.append(Stalled(tuple(self.players[s] for s in self.new_callers)))
            return events
        champion = self.match.winner
        return [*events, MatchEnded(None if champion is None else self.players[champion], points)]

    def view(self, seat: int) -> SpeedView:
        return view_of(self.table, self.match, seat, self.players, self.colours, self.target)

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def winner_seat(self) -> int | None:
        return self.match.winner

    def seat_scores(self) -> list[int]:
        """Single deal: the cards left in each player's stacks. Points match: the match points."""
        if self.target:
            return list(self.match.points)
        return [self.table.stack_cards(0), self.table.stack_cards(1)]

    # ----- what the bot needs in real time ---------------------------------------------------

    @property
    def stalemate(self) -> bool:
        """Nobody can play and no stack top is face down (the bot may time the `new` call)."""
        return not self.over and rules.stalemate(self.table, self.colours)

    @property
    def new_callers(self) -> tuple[int, ...]:
        """The seats that may call `new` now (in a stalemate, those with a reserve)."""
        return () if self.over else rules.new_callers(self.table, self.colours)

    # ----- notation and serialisation -------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def state_dict(self) -> dict[str, Any]:
        return {"match": self.match.to_dict(), "table": self.table.to_dict()}

    def load_state(self, data: dict[str, Any]) -> None:
        self.match = Match.from_dict(data["match"])
        self.table = Table.from_dict(data["table"], self.stack_count)
