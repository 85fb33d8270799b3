"""A finished game's key moments: the few moves worth telling again on its result screen (jokers,
the pile turning, a big play, a stalemate broken, a deal of a match won, a foundation completed).

Chosen from the move log by what the move was and what it made happen (its notes,
bot/happened.py), the weightier first and, among equals, the later; told in the order they were
played. The game's last move is left out: the result screen tells it already ("Winning move: …").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables import LoggedMove, Table

KEY_MOMENTS = 4
SAME_KIND = 2

# What a note makes of a move: the weight of the weightiest note decides (0: not worth telling).
NOTE_WEIGHTS = {
    "down": 2,  # Svolota: an Ace turned the pile
    "up": 1,  # ... a 2 turned it back
    "recycled": 3,  # Speed: both reserves were empty
    "dealt": 3,  # ... a deal of a points match won (or drawn)
    "new": 2,  # ... nobody could play: a stalemate broken
    "rotated": 3,  # Racing Demon: everyone was stuck
    "out": 4,
    "stuck": 4,
}
COMPLETE = "K"  # Racing Demon: a King on a foundation completes it


def key_moments(table: Table, log: Sequence[LoggedMove]) -> list[LoggedMove]:
    """At most KEY_MOMENTS moves of the log (not its last), in the order they were played; at most
    SAME_KIND of one kind (a Speed game's many new centre piles are told once: moves that read
    alike are told once)."""
    weighed = sorted(((*reason(table, move), i) for i, move in enumerate(log[:-1])), key=lambda r: (-r[0], -r[2]))
    chosen: list[int] = []
    kinds: dict[str, int] = {}
    told: set[tuple[str, tuple[str, ...]]] = set()
    for worth, kind, i in weighed:
        if worth <= 0 or len(chosen) == KEY_MOMENTS:
            break
        said = (log[i].move if table.game == "svolota" else "", log[i].notes)
        if kinds.get(kind, 0) == SAME_KIND or said in told:
            continue
        chosen.append(i)
        kinds[kind] = kinds.get(kind, 0) + 1
        told.add(said)
    return [log[i] for i in sorted(chosen)]


def weight(table: Table, move: LoggedMove) -> int:
    """How worth telling a move is (0: not at all)."""
    return reason(table, move)[0]


def reason(table: Table, move: LoggedMove) -> tuple[int, str]:
    """How worth telling a move is, and what makes it so (a note's kind, "joker", or "cards")."""
    said = max(((_note_weight(note), note.split()[0]) for note in move.notes if note), default=(0, ""))
    if table.game == "svolota":
        if move.move == "joker":
            return max(said, (3, "joker"))
        cards = len(move.move.split()) - 1  # "play 8H 8C 8D"
        return max(said, (3 if cards >= 4 else 2 if cards == 3 else 0, "cards"))
    return said


def _note_weight(note: str) -> int:
    kind, *words = note.split()
    if kind == "built" and len(words) == 3 and words[1].startswith(COMPLETE):
        return 2
    return NOTE_WEIGHTS.get(kind, 0)
