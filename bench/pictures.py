"""Card pictures: how long one takes to draw and encode, with the cache out of the way.

For each picture kind at its game's largest table (a Svolota hand of nine, a Svolota board of six
with the hand, Speed, a Racing Demon board of eight with the player's own layout, a podium of
eight) and each deck, `--images` different pictures (the cards dealt afresh from a seeded
generator, so no two are equal) are rendered with `adapters.pictures.render` on an emptied cache:
every one is drawn and encoded. The cards themselves are drawn once per deck and kept (57 kinds),
as in a running bot; the first picture of each deck, which draws them, is reported apart.

Printed per kind and deck: the picture's size, its PNG bytes (median), the time to draw and to
encode (median), and render time p50/p99/max (the target for a board: p99 < 20 ms), and the
p99 of the process's CPU time for the same renders (on a busy machine the wall-clock tail is
mostly waiting for a core); then what a cache hit costs; then a Svolota move's pictures as a game
draws them (its board for the chat, then three players' own pictures, that board above each hand:
`--moves` different moves, median time for all four); then how long a new pool of drawing
processes (adapters/pictures/workers.py, one worker) takes to its first picture: the bot's first
pool, which starts the fork server, and one started in its place.

    python -m bench.pictures [--images 200] [--moves 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from unittest import mock

from adapters.pictures import cards, palette, svolota
from adapters.pictures import render as pictures
from adapters.pictures.cards import DECK_CARDS
from adapters.pictures.decks import DECKS
from adapters.pictures.samples import DEMON, HAND, PODIUM, SPEED, SVOLOTA
from adapters.pictures.workers import Workers
from bot.ui.picture import DOWN, EMPTY, DemonBoard, Hand, Picture, Podium, SpeedBoard, SvolotaBoard

TARGET_MS = 20.0  # p99 of a board
BOARDS = ("svolota", "speed", "demon")


def _deal(rng: random.Random, count: int) -> tuple[str, ...]:
    return tuple(rng.sample(DECK_CARDS, count))


def _hand(rng: random.Random) -> Hand:
    return Hand(_deal(rng, len(HAND.cards)))


def _svolota(rng: random.Random) -> SvolotaBoard:
    seats = tuple(dataclasses.replace(s, cards=rng.randint(1, 9), passed=rng.random() < 0.3) for s in SVOLOTA.seats)
    return dataclasses.replace(
        SVOLOTA,
        last_play=_deal(rng, rng.randint(1, 4)),
        up=rng.random() < 0.5,
        follow=rng.choice(("red", "black")),
        seats=seats,
        reserve=rng.randint(0, 20),
        face_up=rng.choice(DECK_CARDS),
        hand=_deal(rng, 9),
    )


def _speed(rng: random.Random) -> SpeedBoard:
    def stacks() -> tuple[str, ...]:
        return tuple(rng.choice((*DECK_CARDS[:-1], DOWN, EMPTY)) for _ in range(5))

    top, bottom = SPEED.layouts
    return SpeedBoard(
        centre=_deal(rng, 2),
        layouts=(
            dataclasses.replace(top, stacks=stacks(), stack_cards=rng.randint(0, 15), reserve=rng.randint(0, 15)),
            dataclasses.replace(bottom, stacks=stacks(), stack_cards=rng.randint(0, 15), reserve=rng.randint(0, 15)),
        ),
    )


def _demon(rng: random.Random) -> DemonBoard:
    seats = tuple(
        dataclasses.replace(s, cards=rng.randint(0, 13), score=rng.randint(-20, 40), top=rng.choice(DECK_CARDS[:-1]))
        for s in DEMON.seats
    )
    assert DEMON.own is not None
    own = dataclasses.replace(
        DEMON.own, demon=rng.choice(DECK_CARDS[:-1]), work=_deal(rng, 4), waste=rng.choice(DECK_CARDS[:-1])
    )
    return DemonBoard(
        foundations=tuple(rng.choice(DECK_CARDS[:-1]) for _ in range(rng.randint(20, 32))),
        complete=rng.randint(0, 12),
        seats=seats,
        own=own,
    )


def _podium(rng: random.Random) -> Podium:
    return dataclasses.replace(
        PODIUM, standings=tuple(dataclasses.replace(s, change=rng.randint(-30, 30)) for s in PODIUM.standings)
    )


MAKERS: dict[str, Callable[[random.Random], Picture]] = {
    "hand": _hand,
    "svolota": _svolota,
    "speed": _speed,
    "demon": _demon,
    "podium": _podium,
}


@dataclasses.dataclass
class Timing:
    draw: list[float] = dataclasses.field(default_factory=list)  # ms
    encode: list[float] = dataclasses.field(default_factory=list)
    total: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)  # this process's CPU time of the same renders
    sizes: list[int] = dataclasses.field(default_factory=list)
    width: int = 0
    height: int = 0

    def percentile(self, p: float, cpu: bool = False) -> float:
        ordered = sorted(self.cpu if cpu else self.total)
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(kind: str, deck: str, images: int, rng: random.Random) -> Timing:
    """Render `images` different pictures of `kind` on an empty cache: each a miss, drawn and
    encoded; the draw and the encoding are also timed apart, on the same picture."""
    timing = Timing()
    for _ in range(images):
        picture = MAKERS[kind](rng)
        pictures.CACHE.clear()
        started, cpu = time.perf_counter(), time.process_time()
        png = pictures.render(picture, deck)
        timing.total.append((time.perf_counter() - started) * 1000)
        timing.cpu.append((time.process_time() - cpu) * 1000)
        assert pictures.CACHE.misses == 1 and pictures.CACHE.hits == 0
        timing.sizes.append(len(png))
        svolota.board.cache_clear()  # drawn from nothing again, as it was just now
        started = time.perf_counter()
        image = pictures.draw(picture, deck)
        drawn = time.perf_counter()
        pictures.encode(image, deck)
        timing.draw.append((drawn - started) * 1000)
        timing.encode.append((time.perf_counter() - drawn) * 1000)
        timing.width, timing.height = image.size
    return timing


def first_render_ms(deck: str, kept: bool) -> float:
    """The first picture of a deck in a process: it draws the deck's cards, and makes the deck's
    palette, or (`kept`) reads the one an earlier process kept (adapters/pictures/palette.py)."""
    # a cache folder of the bench's own: nothing kept, or this run's (the palette then stays in memory)
    with tempfile.TemporaryDirectory() as folder, mock.patch.dict(os.environ, {"XDG_CACHE_HOME": folder}):
        palette.palette.cache_clear()
        if kept:
            palette.palette(deck)  # (made, and kept in this folder)
            palette.palette.cache_clear()
        cards._card.cache_clear()
        pictures.CACHE.clear()
        started = time.perf_counter()
        pictures.render(HAND, deck)
        return (time.perf_counter() - started) * 1000


def hit_us(rounds: int = 2000) -> float:
    pictures.CACHE.clear()
    pictures.render(SVOLOTA)
    started = time.perf_counter()
    for _ in range(rounds):
        pictures.render(SVOLOTA)
    return (time.perf_counter() - started) / rounds * 1e6


def move_ms(deck: str, moves: int, rng: random.Random) -> float:
    """A Svolota move's four pictures (the chat's board, three players' own), each new: the
    median time for all four."""
    times = []
    for _ in range(moves):
        board = dataclasses.replace(_svolota(rng), hand=None)
        hands = [dataclasses.replace(board, hand=_deal(rng, rng.randint(1, 9))) for _ in range(3)]
        pictures.CACHE.clear()
        started = time.perf_counter()
        for picture in (board, *hands):
            pictures.render(picture, deck)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def pool_starts() -> tuple[float, float]:
    """Seconds from a new pool of one drawing process to its first picture: the first pool of
    this process (the fork server starts and loads the fonts and decks), then one in its place."""
    times = []
    for _ in range(2):
        workers = Workers(1, 2.0)
        started = time.perf_counter()
        assert await workers.draw(SPEED, "classic") is not None
        times.append(time.perf_counter() - started)
        workers.close()
    return times[0], times[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--images", type=int, default=200, help="pictures per kind and deck (default 200)")
    parser.add_argument("--moves", type=int, default=200, help="Svolota moves drawn (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the cards dealt")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    print(f"Card pictures: {args.images} different pictures per kind and deck, cache emptied before each (ms)")
    for deck in DECKS:
        made, kept = first_render_ms(deck, kept=False), first_render_ms(deck, kept=True)
        print(
            f"  first picture of the {deck} deck in a process (draws its cards): {made:.0f} ms making its palette,"
            f" {kept:.0f} ms with it kept"
        )
    for deck in DECKS:  # every card, as a drawing process has them from its fork server (preload.py)
        palette.draw_cards(deck)
    print(
        f"{'kind':<9}{'deck':<13}{'size':>9}{'PNG KB':>8}{'draw':>7}{'encode':>8}"
        f"{'p50':>7}{'p99':>7}{'max':>7}{'cpu p99':>9}  target"
    )
    worst = 0.0
    for kind in MAKERS:
        for deck in DECKS:
            t = measure(kind, deck, args.images, rng)
            p99 = t.percentile(99)
            target = ""
            if kind in BOARDS:
                worst = max(worst, p99)
                target = "ok" if p99 < TARGET_MS else f"over {TARGET_MS:.0f}"
            print(
                f"{kind:<9}{deck:<13}{f'{t.width}x{t.height}':>9}{statistics.median(t.sizes) / 1024:>8.1f}"
                f"{statistics.median(t.draw):>7.1f}{statistics.median(t.encode):>8.1f}"
                f"{t.percentile(50):>7.1f}{p99:>7.1f}{max(t.total):>7.1f}{t.percentile(99, cpu=True):>9.1f}  {target}"
            )
    print(f"boards: worst p99 {worst:.1f} ms (target < {TARGET_MS:.0f} ms); a cache hit: {hit_us():.1f} µs")
    for deck in DECKS:
        ms = move_ms(deck, args.moves, rng)
        print(f"a Svolota move, its board and three players' pictures ({deck}, {args.moves} moves): p50 {ms:.1f} ms")
    first, again = asyncio.run(pool_starts())
    print(f"a new pool of one drawing process to its first picture: {first:.2f} s, one in its place {again:.2f} s")


if __name__ == "__main__":
    main()
