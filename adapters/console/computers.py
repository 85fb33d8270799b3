"""The computer players at a console table: their names and how each picks a move."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.i18n import Translator
from core.computer import Level
from core.games.svolota.game import Svolota
from core.games.svolota.moves import Move
from core.games.svolota.view import SvolotaView


def computer_names(t: Translator) -> list[str]:
    return [
        t.pgettext("computer player", "Ann"),
        t.pgettext("computer player", "Bob"),
        t.pgettext("computer player", "Cy"),
        t.pgettext("computer player", "Dee"),
        t.pgettext("computer player", "Eve"),
        t.pgettext("computer player", "Finn"),
    ]


def pick_names(me: str, count: int, t: Translator) -> list[str]:
    """`count` computer names, none of them the human's."""
    taken = me.casefold()
    names = [n for n in computer_names(t) if n.casefold() != taken]
    return names[:count]


@dataclass(slots=True)
class Computer:
    seat: int
    level: Level[Move, SvolotaView]
    rng: random.Random

    def choose(self, game: Svolota) -> Move:
        legal = game.legal_moves(self.seat)
        move = self.level.policy.choose(game.view(self.seat), legal, self.rng)
        return legal[0] if move is None else move
