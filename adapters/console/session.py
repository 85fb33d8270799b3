"""The console game loop: you at seat 0, computer players in the other seats, until the game ends,
you quit, or the input runs out."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence

from adapters.console import render
from adapters.console.commands import Empty, Help, Notation, Number, Quit, read_command
from adapters.console.computers import Computer, pick_names
from adapters.console.terminal import Terminal
from bot.i18n import Translator
from core.cards import JOKER, Card
from core.errors import IllegalMove
from core.events import Event
from core.games.svolota.computer import LEVELS
from core.games.svolota.events import JokerPlayed, Played
from core.games.svolota.game import Svolota
from core.games.svolota.moves import Move

ME = 0


def new_table(name: str, players: int, seed: int | None, difficulty: str, t: Translator) -> Session:
    """A fresh Svolota game with you at seat 0 and `players - 1` computer players."""
    names = [name, *pick_names(name, players - 1, t)]
    game = Svolota.new(names, seed=seed)
    rng = random.Random(f"console:{game.rng.seed}")  # the printed seed replays the computers too
    computers = [Computer(seat, LEVELS[difficulty], rng) for seat in range(1, players)]
    return Session(game, computers, t, difficulty)


class Session:
    def __init__(self, game: Svolota, computers: Sequence[Computer], t: Translator, difficulty: str) -> None:
        self.game = game
        self.computers = {c.seat: c for c in computers}
        self.t = t
        self.difficulty = difficulty
        self.me = game.players[ME]

    def run(self, term: Terminal, delay: float = 0.0, sleep: Callable[[float], None] | None = None) -> int:
        """Play to the end; 0 when the game ends, you quit, or the input ends."""
        pause = sleep or time.sleep
        term.say(*render.intro(self.game.players, self.game.rng.seed, self.difficulty, self.t))
        try:
            while not self.game.over:
                seat = self.game.turn
                if seat == ME:
                    if not self._your_turn(term):
                        term.say(self.t.gettext("Bye."))
                        return 0
                elif seat is not None:
                    self._computer_turn(seat, term)
                    if delay > 0:
                        pause(delay)
        except EOFError:
            term.say(self.t.gettext("End of input. Bye."))
            return 0
        scores = self.game.seat_scores()
        term.say("", *render.result(self.game.players, scores, self.game.winner_seat, self.me, self.t))
        return 0

    def _computer_turn(self, seat: int, term: Terminal) -> None:
        move = self.computers[seat].choose(self.game)
        term.say(*render.events(self.game.apply(seat, move), self.me, self.t))

    def _your_turn(self, term: Terminal) -> bool:
        """Ask until a legal move is made (True) or you quit (False)."""
        t = self.t
        view = self.game.view(ME)
        legal = self.game.legal_moves(ME)
        term.say("", *render.table(view, t), *render.options(legal, t))
        while True:
            command = read_command(term.ask(render.prompt(len(legal), t)))
            if isinstance(command, Quit):
                return False
            if isinstance(command, Help):
                term.say(*render.help_text(t))
                continue
            if isinstance(command, Empty):
                term.say(render.hint(len(legal), t))
                continue
            if isinstance(command, Number) and not 1 <= command.n <= len(legal):
                term.say("✗ " + render.no_such_number(command.text, len(legal), t))
                continue
            before = list(view.hand)
            try:
                happened = self._make(command, legal)
            except IllegalMove as e:
                term.say("✗ " + t.illegal(e))
                continue
            term.say(*render.events(happened, self.me, t, self._drawn(before, happened)))
            return True

    def _make(self, command: Number | Notation, legal: list[Move]) -> list[Event]:
        if isinstance(command, Number):
            return self.game.apply(ME, legal[command.n - 1])
        return self.game.play(self.me, command.text)

    def _drawn(self, before: list[Card], happened: list[Event]) -> list[Card]:
        """The cards you just drew: your hand now, less what you kept from before."""
        kept = Counter(before)
        for event in happened:
            if isinstance(event, Played) and event.player == self.me:
                kept -= Counter(event.cards)
            elif isinstance(event, JokerPlayed) and event.player == self.me:
                kept -= Counter([JOKER])
        drawn = Counter(self.game.view(ME).hand) - kept
        return sorted(drawn.elements(), key=lambda c: c.key)
