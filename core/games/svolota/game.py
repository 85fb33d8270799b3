"""Svolota behind the scripting contract: `new_game("svolota", players=[...], seed=...)`."""

from __future__ import annotations

from typing import Any, ClassVar

from core.decks import WITH_JOKERS, parse_deck
from core.errors import GameOver
from core.events import Event
from core.game import Game
from core.games.svolota import rules
from core.games.svolota.hand import Hand
from core.games.svolota.moves import Move, format_move, parse_move
from core.games.svolota.state import SvolotaState
from core.games.svolota.view import SvolotaView, view_of
from core.options import Option
from core.rng import Rng

HAND = 7


class Svolota(Game[Move, SvolotaView]):
    id: ClassVar[str] = "svolota"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    declared_options: ClassVar[tuple[Option, ...]] = (
        Option("free_pass", False, help="a player may pass even when they could beat the pile"),
        Option("first", 0, low=0, high=5, help="the seat that leads the first pile"),
    )

    state: SvolotaState

    def __init__(self, players: tuple[str, ...], options: dict[str, bool | int], rng: Rng) -> None:
        super().__init__(players, options, rng)
        self._free_pass = bool(options["free_pass"])  # read on every move: not from the dict each time

    def deal(self, deck: Any) -> None:
        n = len(self.players)
        if self.options["first"] >= n:
            raise ValueError(f"option 'first' must be a seat from 0 to {n - 1}, not {self.options['first']}")
        cards = self.rng.shuffled(WITH_JOKERS) if deck is None else parse_deck(deck, WITH_JOKERS)
        hands: list[list[Any]] = [[] for _ in range(n)]
        for i in range(HAND * n):  # one at a time in seat order, seat 0 first
            hands[i % n].append(cards[i])
        self.state = SvolotaState(
            hands=[Hand.of(h) for h in hands],
            reserve=cards[HAND * n + 1 :],
            face_up=cards[HAND * n],
            turn=int(self.options["first"]),
        )

    @property
    def free_pass(self) -> bool:
        return self._free_pass

    def legal_moves(self, seat: int) -> list[Move]:
        return rules.legal_moves(self.state, seat, self._free_pass)

    def verify(self, seat: int, move: Move) -> None:
        if not rules.was_listed(self.state, seat, move):  # just listed as legal: nothing to work out
            rules.verify(self.state, seat, move, self._free_pass, self.players)

    def apply(self, seat: int, move: Move) -> list[Event]:
        """The base's apply (game over? verify, then make the move) in one call, for speed: it is the
        inner loop of every simulation. A move just listed for this position is legal."""
        state = self.state
        if state.winner is not None:
            raise GameOver("the game is over")
        if not rules.was_listed(state, seat, move):
            rules.verify(state, seat, move, self._free_pass, self.players)
        return rules.apply(state, seat, move, self.players)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        return rules.apply(self.state, seat, move, self.players)

    def view(self, seat: int) -> SvolotaView:
        return view_of(self.state, seat, self.players, self._free_pass)

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def winner_seat(self) -> int | None:
        return self.state.winner

    @property
    def turn(self) -> int | None:
        """The seat to act, or None once the game is over."""
        state = self.state
        return None if state.winner is not None else state.turn

    def seat_scores(self) -> list[int]:
        return [h.size for h in self.state.hands]

    def default_move(self, player: str) -> str | None:
        """The move the turn timer plays for an absent player (SPEC §3), or None if they may not act."""
        move = rules.default_move(self.state, self.seat(player), self._free_pass)
        return None if move is None else format_move(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def state_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    def load_state(self, data: dict[str, Any]) -> None:
        self.state = SvolotaState.from_dict(data)
