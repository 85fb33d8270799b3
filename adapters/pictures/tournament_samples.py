"""Tournaments played out for the pictures' samples and tests (adapters/pictures/tournament.py):
a field of people with names in many scripts, paired by bot/pairings.py round after round, each
match decided by a seeded generator that favours the better rated (and now and then calls a
draw), the standings by bot/standings.py; the same tournament every time."""

from __future__ import annotations

import random

from bot.i18n import translator
from bot.pairings import knocked_out, next_round
from bot.people import ChatRef, PersonRef
from bot.standings import bye_match, match_points, standings
from bot.tournament import Entrant, Format, Match, Out, Round, Stage, Tournament
from bot.ui.picture import TournamentPicture
from bot.ui.tournament_picture import standings_picture

NAMES = (
    "Оля", "Max 🎲", "سارا رضایی", "Александра Константинопольская", "さくら", "Ірина 🌻", "김민준", "王小明",
    "محمد علي", "Sam", "Zoë", "Jürgen", "ليلى", "山田太郎", "Ana Beatriz dos Santos Oliveira", "Mehmet",
)  # fmt: skip
GAMES = {Format.SWISS: "speed", Format.ELIMINATION: "speed", Format.POINTS: "svolota"}
SIZES = {"speed": (2, 2), "svolota": (3, 6)}


def field(n: int) -> list[str]:
    """`n` names: the sixteen above, then numbered ones."""
    return [NAMES[i] if i < len(NAMES) else f"{NAMES[i % len(NAMES)]} {i // len(NAMES) + 1}" for i in range(n)]


def played(fmt: Format, n: int, rounds: int = 0, seed: int = 38, finish: bool = True) -> Tournament:
    """A tournament of `n` entrants played to its end (`finish`) or to `rounds` rounds."""
    rng = random.Random(seed)
    game = GAMES[fmt]
    t = Tournament(
        38, ChatRef("sample", "chat"), game, fmt, PersonRef("sample", "admin"),
        rounds_planned=0 if fmt is Format.ELIMINATION else max(rounds, 3), table_size=4,
        entrants=[
            Entrant(name, PersonRef("sample", str(i)) if i % 7 != 6 else None, rating=round(rng.gauss(20, 6), 1))
            for i, name in enumerate(field(n))
        ],
        stage=Stage.RUNNING,
    )  # fmt: skip
    while (matches := next_round(t, SIZES[game])) is not None and (finish or len(t.rounds) < rounds):
        done = []
        for m in matches:
            if len(m) == 1:
                done.append(bye_match(fmt, m[0], matches))
                continue
            strength = {i: t.entrants[i].rating + rng.gauss(0, 8) for i in m}
            order = sorted(m, key=lambda i: -strength[i])
            places = [order.index(i) + 1 for i in m]
            if len(m) == 2 and abs(strength[m[0]] - strength[m[1]]) < 1:
                places = [1, 1]  # a draw
            done.append(Match(list(m), points=match_points(fmt, places), places=places))
        t.rounds.append(Round(len(t.rounds) + 1, done))
        for match in done:
            if (out := knocked_out(t, match)) is not None:
                t.entrants[out].out = Out.ELIMINATED
        if len(t.rounds) == 2 and n > 5:
            t.entrants[5].out = t.entrants[5].out or Out.DISQUALIFIED  # someone is disqualified after round 2
    if matches is None:
        t.stage = Stage.FINISHED
    return t


def picture(fmt: Format, n: int, lang: str = "en", rounds: int = 0, finish: bool = True) -> TournamentPicture:
    t = played(fmt, n, rounds, finish=finish)
    return standings_picture(t, standings(t), translator(lang))
