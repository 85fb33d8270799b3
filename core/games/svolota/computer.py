"""Computer players for Svolota, by level. Each sees only its seat's view (its own hand, the hand
sizes, every card laid so far, who drew the face-up card); they differ in what they make of it:

- easy: the heuristic (core/games/svolota/heuristic.py), but a third of its moves are any legal
  move at all: it breaks sets, wastes jokers and passes up the end. A beginner beats it.
- normal: the heuristic with endgame care: it sheds sets once nothing is left to draw and blocks
  a player about to go out. It never looks further than the move in hand.
- hard: searches (core/games/svolota/search.py): it deals the unseen cards many ways consistent
  with what it saw, plays each candidate move out to the end of the game in every deal, and keeps
  the move that wins most often. It plans; it also reacts faster.
"""

from __future__ import annotations

from core.computer import Level, RandomPolicy, ReactionTime
from core.games.svolota.heuristic import HeuristicPolicy
from core.games.svolota.moves import Move
from core.games.svolota.search import SearchPolicy
from core.games.svolota.view import SvolotaView

LEVELS: dict[str, Level[Move, SvolotaView]] = {
    "easy": Level("easy", ReactionTime(2.5, 0.4, 0.8), HeuristicPolicy(slip=0.35)),
    "normal": Level("normal", ReactionTime(1.6, 0.35, 0.6), HeuristicPolicy(endgame=True)),
    "hard": Level("hard", ReactionTime(1.0, 0.3, 0.4), SearchPolicy()),
}
RANDOM: Level[Move, SvolotaView] = Level("random", ReactionTime(1.0), RandomPolicy())

__all__ = ["LEVELS", "RANDOM", "HeuristicPolicy", "SearchPolicy"]
