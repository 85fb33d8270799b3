"""One picture of each kind at each game's largest table, with the names people really have
(Cyrillic, Arabic, Persian, Chinese, Japanese, Korean, emoji, too long for their place): what the
golden-image tests, the benchmark and the README's pictures draw."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.ui.picture import (
    DOWN,
    EMPTY,
    ChartLine,
    DemonBoard,
    DemonOwn,
    Hand,
    Picture,
    Podium,
    RatingChart,
    SeasonMark,
    SeatLine,
    SpeedBoard,
    SpeedLayout,
    Standing,
    SvolotaBoard,
)

# A Svolota hand at six players: 54 cards, nine each.
HAND = Hand(cards=("3C", "5D", "7S", "7H", "9D", "10S", "QC", "KH", "AS"))

SVOLOTA = SvolotaBoard(
    last_play=("QH", "QD", "JK"),
    up=True,
    follow="red",
    seats=(
        SeatLine("Оля", 7),
        SeatLine("Max 🎲", 9, turn=True),
        SeatLine("سارا رضایی", 4, passed=True),
        SeatLine("Александра Константинопольская", 9),
        SeatLine("さくら", 1, passed=True),
        SeatLine("Ірина 🌻", 6),
    ),
    reserve=11,
    face_up="5C",
    hand=HAND.cards,
)

SPEED = SpeedBoard(
    centre=("7D", "8S"),
    layouts=(
        SpeedLayout(name="Оля", stacks=("KH", DOWN, "4C", EMPTY, "JS"), stack_cards=11, reserve=9),
        SpeedLayout(name="محمد 🎲", stacks=("2D", "10C", "AS", "QH", "6H"), stack_cards=15, reserve=12),
    ),
)

# Eight players have 32 foundations to make: 26 open here, 3 complete, 3 not yet started.
OPEN_FOUNDATIONS = "4S 9H 2D JC AS 6D 10H 3C QS 8D 5H 7C 2S KD 9C 4H 6S AD 3H 10C 5S 8H QC 7D 2H JS"

DEMON = DemonBoard(
    foundations=tuple(OPEN_FOUNDATIONS.split()),
    complete=3,
    seats=(
        SeatLine("Оля", 9, score=14, top="8C"),
        SeatLine("Max 🎲", 4, score=21, top="3D"),
        SeatLine("محمد علي", 11, score=-4, top="KH"),
        SeatLine("Александра Константинопольская", 7, score=8, top="10S"),
        SeatLine("Sam", 0, score=26, top=EMPTY),
        SeatLine("Ірина 🌻", 12, score=0, top="6H"),
        SeatLine("김민준", 6, score=11, top="AC"),
        SeatLine("王小明", 10, score=-7, top="QD"),
    ),
    own=DemonOwn(demon="8C", demon_cards=9, work=("KS", "7D", EMPTY, "4H"), waste="JD", stock=17),
)

PODIUM = Podium(
    title="Racing Demon",
    standings=(
        Standing(1, "Sam", "26 points", 24),
        Standing(2, "Max 🎲", "21 points", 11),
        Standing(3, "Оля", "14 points", 3),
        Standing(3, "김민준", "14 points", 2),
        Standing(5, "Александра Константинопольская", "8 points", 0),
        Standing(6, "Ірина 🌻", "0 points", -5),
        Standing(7, "سارا رضایی", "−4 points", -12),
        Standing(8, "王小明", "−7 points", None),
    ),
)


def _walk(seed: int, start: float, days: float, games: int, rating: int) -> tuple[tuple[float, int], ...]:
    """A rating history: `games` rated games over `days` days from `start`, each moving the rating
    by what a game moves it (a few points, more while it is new)."""
    rng = random.Random(seed)
    times = sorted(start + rng.random() * days * 86_400 for _ in range(games))
    points = []
    for n, at in enumerate(times):
        rating += round(rng.gauss(1.5, 14 if n < 10 else 7))
        points.append((at, rating))
    return tuple(points)


def _month(year: int, month: int) -> float:
    return datetime(year, month, 1, tzinfo=UTC).timestamp()


# A person's three months of games: Svolota most evenings, Speed now and then, Racing Demon twice;
# two seasons begin within it.
CHART = RatingChart(
    title="📊 Max 🎲 in this chat",
    lines=(
        ChartLine("Svolota", _walk(1, _month(2026, 9) + 5 * 86_400, 84, 60, 1000), 0),
        ChartLine("Speed", _walk(2, _month(2026, 9) + 20 * 86_400, 70, 14, 1000), 1),
        ChartLine("Racing Demon", _walk(3, _month(2026, 10) + 3 * 86_400, 40, 2, 1000), 2),
    ),
    seasons=(SeasonMark(_month(2026, 10), "October 2026"), SeasonMark(_month(2026, 11), "November 2026")),
    first_day="Sep 6, 2026",  # (the first and last points' days)
    last_day="Nov 28, 2026",
)

ALL: dict[str, Picture] = {
    "hand": HAND,
    "svolota": SVOLOTA,
    "speed": SPEED,
    "demon": DEMON,
    "podium": PODIUM,
    "chart": CHART,
}
