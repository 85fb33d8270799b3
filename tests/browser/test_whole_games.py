"""Whole games on the card table (#34 point 8): Ann, a Telegram viewer, plays each game to its end
against easy computers, on a 390×844 phone (taps) and a 1280×800 desktop (clicks), by touching only
what the table shows — a card of hers, then a place that lights up, or the table's own controls
(a face-down stack, the stock, Pass) — choosing as a person looking at the table would; never the
moves drawer. Between her moves the game's time passes: the computers move, the windows close.

Every move of her seat is a press her page sent, and the server took each one; whatever lit up for
a selection is what the server's legal moves say; the page ends on the result and its podium."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from adapters.web.limits import Pace
from bot.games import game_info
from bot.i18n import translator
from bot.running import game_of
from bot.tables import Status
from tests.browser.live import DESKTOP, PHONE, Live, caught_up, telegram_person
from tests.browser.test_sounds import OVER, RECORD, TURN

pytestmark = pytest.mark.slow  # Chromium drives the page through whole games

ANN = telegram_person(101, "Ann", "en")
RED = "HD"

# Whoever touches the moves drawer (its summary or a button in it) is counted.
DRAWER_WATCH = """
window.__drawer = 0;
document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#drawer")) window.__drawer++;
}, true);
"""

# What a person sees on the table, read in one go.
LOOK = """() => {
  const table = document.getElementById("table");
  const all = (css) => [...table.querySelectorAll(css)];
  const top = all("[data-place='pile'] [data-card]").pop();
  return {
    playing: !table.hidden,
    drawer: document.getElementById("drawer").open,
    turn: all(".mine .seat-head[data-turn='true']").length > 0,
    cards: all(".mine button[data-card]").map((b) => ({
      card: b.dataset.card,
      place: b.closest("[data-place]").dataset.place,
      top: b === b.parentElement.lastElementChild,
      bottom: b === b.parentElement.firstElementChild,
      under: b.previousElementSibling ? b.previousElementSibling.dataset.card || null : null,
    })),
    foundations: all(".centre [data-kind='foundation'] [data-card]").map((n) => n.dataset.card),
    turned: ["stock", "waste"].map((id) => {  // the cards her stock and waste hold (a count shown past one)
      const place = table.querySelector(`.mine [data-place='${id}']`);
      const count = place && place.querySelector(".badge-count");
      return count ? Number(count.textContent) : place && place.querySelector(".back, [data-card]") ? 1 : 0;
    }).reduce((a, b) => a + b, 0),
    down: all(".mine [data-kind='stack']").filter((p) => p.querySelector(".back")).map((p) => p.dataset.target),
    stock: all(".mine [data-place='stock'] .back, .mine [data-place='waste'] [data-card]").length > 0,
    actions: all(".action").map((b) => b.dataset.target),
    pile: top ? top.dataset.card : null,
    lit: all("[data-legal='true']").map((n) => n.dataset.target).sort(),
    pressed: all("[aria-pressed='true']").map((n) => n.dataset.card),
    theirs: all(".centre button[data-card], .seat button[data-card]").map((n) => n.dataset.card),
    narrowest: Math.min(...all(".mine .card").map((n) => n.offsetWidth)),
  };
}"""

# Where a person touches an element: a point of it that shows (a work pile's card shows only its top
# edge, the next card lying on it), in the page's coordinates, once scrolled into view; else what
# covers its middle.
SHOWING = """(node) => {
  node.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = node.getBoundingClientRect();
  for (const y of [0.5, 0.2, 0.08, 0.8]) {
    for (const x of [0.5, 0.25, 0.75]) {
      const at = { x: box.left + box.width * x, y: box.top + box.height * y };
      const hit = document.elementFromPoint(at.x, at.y);
      if (hit && node.contains(hit)) return at;
    }
  }
  const over = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return { covered: over ? over.outerHTML.slice(0, 120) : "nothing: off the page" };
}"""


@dataclass(frozen=True, slots=True)
class Card:
    card: str  # its code: "7C", "JK"
    place: str  # the place it lies in ("s2", "hand", "w3", "demon")
    top: bool  # the last of its place's fan (a work pile's top, the card on a stack)
    bottom: bool  # the first (a work pile's bottom: moving from it empties the pile)
    under: str | None  # the card it lies on in a fan (a work pile's), uncovered if it moves


@dataclass(frozen=True, slots=True)
class Look:
    playing: bool  # the cards are drawn (not the result)
    drawer: bool  # the moves drawer is open
    turn: bool  # her seat's name is marked as the one to act (Svolota)
    cards: list[Card]  # hers that she may move (buttons), in the table's order
    down: list[str]  # her stacks whose top lies face down (Speed)
    stock: bool  # her stock or waste has cards to turn (Racing Demon)
    actions: list[str]  # the table's buttons of moves with no card (Pass, new centre cards)
    pile: str | None  # the pile's top card (Svolota)
    foundations: list[str]  # the foundations' top cards (Racing Demon)
    turned: int  # the cards of her stock and waste (Racing Demon)
    lit: list[str]
    pressed: list[str]
    theirs: list[str]  # cards not hers that are buttons (none: a card only moves from its holder)
    narrowest: float  # px: her narrowest card


@dataclass
class Presses:
    """The page's socket as it passes (Playwright's route): the presses it sent, the answers back.
    (No slots: Playwright marks a handler with an attribute of its own.)"""

    sent: int = 0
    answers: list[bool] = field(default_factory=list)  # each answer's ok
    refusals: list[str] = field(default_factory=list)  # the words of those not ok
    pace: Pace = field(default_factory=Pace)  # the server's count of them, mirrored

    def __call__(self, route: Any) -> None:
        server = route.connect_to_server()

        def up(message: str | bytes) -> None:
            if _kind(message) == "press":
                self.sent += 1
                self.pace.take(time.monotonic())
            server.send(message)

        def down(message: str | bytes) -> None:
            if _kind(message) == "answer":
                answer = json.loads(message)
                self.answers.append(answer.get("ok") is not False)
                if not self.answers[-1]:
                    self.refusals.append(str(answer.get("text")))
            route.send(message)

        route.on_message(up)
        server.on_message(down)

    async def paced(self) -> None:
        """Until the socket takes one more press: it answers "Slow down" past RATE a second and
        BURST at once (adapters/web/limits.py), more than a person taps, but less than the test."""
        pace = self.pace
        tokens = min(pace.burst, pace.tokens + (time.monotonic() - pace.last) * pace.rate) if pace.last else pace.tokens
        if tokens < 1.5:  # (half a press to spare: the server's clock reads a little later)
            await asyncio.sleep((1.5 - tokens) / pace.rate)

    async def answered(self, made: int) -> None:
        """Until the page has sent the press of each of the `made` moves she made, and each has its
        answer (a frame reaches this route a little after the tap that sent it)."""
        for _ in range(2000):
            if self.sent >= made and len(self.answers) >= self.sent:
                assert self.sent == made, f"{made} moves made on the cards, {self.sent} presses sent"
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"{made} moves made on the cards, {self.sent} presses sent, {len(self.answers)} answered")


def _kind(message: str | bytes) -> str | None:
    return json.loads(message).get("type") if isinstance(message, str) else None


@dataclass(slots=True)
class Ann:
    """Ann at her page: she taps (a phone) or clicks (a desktop) what the table shows."""

    live: Live
    table_id: int
    page: Any
    phone: bool  # else a desktop, with a mouse
    turns: int = 0  # Racing Demon: the stock turned since another move...
    waits_on: list[str] | None = None  # ...and, once through it all in vain, the foundations then

    async def look(self) -> Look:
        seen = await self.page.evaluate(LOOK)
        seen["cards"] = [Card(**c) for c in seen["cards"]]
        look = Look(**seen)
        if look.playing:
            assert not look.drawer, "the moves drawer opened while the cards are drawn"
            assert not look.theirs, f"cards not hers may move: {look.theirs}"
            assert look.narrowest >= 40, f"a card of hers {look.narrowest} px wide: too small to read"
        return look

    async def touch(self, css: str) -> None:
        """A tap (a click on a desktop) where the element shows; it must show somewhere."""
        at = await self.page.locator(f"#table {css}").evaluate(SHOWING)
        assert "covered" not in at, f"{css} cannot be touched: {at['covered']} covers it"
        await (self.page.touchscreen.tap if self.phone else self.page.mouse.click)(at["x"], at["y"])

    async def card(self, code: str) -> None:
        await self.touch(f".mine button[data-card='{code}']")

    async def target(self, target: str) -> None:
        await self.touch(f"[data-target='{target}']")

    async def select(self, *codes: str) -> list[str]:
        """Each card tapped in turn (all of them stay selected); where the selection may go, lit up,
        checked against the server's own legal moves for it."""
        for code in codes:
            await self.card(code)
        look = await self.look()
        assert sorted(look.pressed) == sorted(codes), f"tapped {codes}, selected {look.pressed}"
        table = await self.live.table(self.table_id)
        model = game_info(table.game).model(table, game_of(table), 0, translator("en"))
        assert model is not None
        legal = sorted({m.target for m in model.moves if sorted(m.cards) == sorted(codes)})
        assert look.lit == legal, f"{codes} selected: lit {look.lit}, the server's moves go to {legal}"
        return look.lit


# ----- how she plays each game (what she sees, never the server's moves) ---------------------------


async def speed(ann: Ann, look: Look) -> bool:
    """A card she may move, onto the first pile that lights up; else a face-down stack turned up;
    else new centre cards (a stalemate). False: nothing to do but wait."""
    if look.cards:
        lit = await ann.select(look.cards[0].card)
        assert lit, f"{look.cards[0]} may move, yet nothing lights up"
        await ann.target(lit[0])
    elif look.down:
        await ann.target(look.down[0])
    elif look.actions:
        await ann.target(look.actions[0])
    else:
        return False
    return True


async def svolota(ann: Ann, look: Look) -> bool:
    """On her turn: the rank she has most of (among the cards she may lay), as many of them as
    alternate in colour from the one the pile's top calls for, then the pile; with none, Pass, or
    else her joker."""
    if not look.turn:
        return False
    ranks = Counter(c.card[:-1] for c in look.cards if c.card != "JK")
    if ranks:
        rank = max(ranks, key=lambda r: ranks[r])  # (the first of the most: the table's order)
        laid = alternating([c.card for c in look.cards if c.card[:-1] == rank], look.pile)
        assert await ann.select(*laid) == ["pile"], f"{laid} on {look.pile} lights nothing"
        await ann.target("pile")
    elif "pass" in look.actions:
        await ann.target("pass")
    else:
        assert await ann.select("JK") == ["pile"]
        await ann.target("pile")
    return True


def alternating(cards: list[str], top: str | None) -> list[str]:
    """As many of `cards` (one rank) as can be laid red on black on red: starting with the colour
    opposite to `top`'s (on an empty pile, or a joker's, the colour she has more of)."""
    reds = [c for c in cards if c[-1] in RED]
    blacks = [c for c in cards if c[-1] not in RED]
    red_first = len(reds) >= len(blacks) if top is None or top == "JK" else top[-1] not in RED
    first, second = (reds, blacks) if red_first else (blacks, reds)
    out: list[str] = []
    while first:
        out.append(first.pop(0))
        first, second = second, first
    return out


async def racing_demon(ann: Ann, look: Look) -> bool:
    """Her demon's top, her waste's top, then the cards of her work piles that may move, each tried
    (tapped: what lights up?): onto a foundation first; onto a work pile from the demon or the
    waste, or a work pile's run that empties it (the demon fills it) or uncovers a card that goes
    up; none of these: turn the stock. Through all her stock in vain, she is stuck: she waits until
    the foundations change. (No run moved to and fro: the round ends when everyone is stuck.)"""
    first = {"demon": 0, "waste": 1}

    def helps(card: Card) -> bool:  # a run moved to another work pile
        return card.place in first or card.bottom or (card.under is not None and goes_up(card.under, look.foundations))

    for card in sorted(look.cards, key=lambda c: first.get(c.place, 2)):
        if not (card.top or helps(card)):
            continue
        lit = await ann.select(card.card)
        goes = [t for t in lit if t.startswith("f")] or [t for t in lit if t.startswith("w") and helps(card)]
        if goes:
            await ann.target(goes[0])
            ann.turns, ann.waits_on = 0, None
            return True
        await ann.card(card.card)  # put down again: the next one is tried alone
    if not look.stock or ann.waits_on == look.foundations:  # (nothing new came up: she waits)
        return False
    if ann.turns > -(-look.turned // 3):  # every card of her stock came up: stuck, until another's move
        ann.turns, ann.waits_on = 0, look.foundations
        return False
    ann.turns += 1
    await ann.target("stock")
    return True


LOW_TO_HIGH = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # Racing Demon's Ace is low


def goes_up(card: str, foundations: list[str]) -> bool:
    """Whether `card` goes onto a foundation: an Ace starts one, else one of its suit a rank lower."""
    rank = LOW_TO_HIGH.index(card[:-1])
    return rank == 0 or any(f[-1] == card[-1] and LOW_TO_HIGH.index(f[:-1]) == rank - 1 for f in foundations)


@dataclass(frozen=True, slots=True)
class Case:
    computers: int
    seed: int
    step: float  # seconds of the game's time after each of her tries (the computers move meanwhile)
    wait: float  # ... after a try that made no move (she waits for the others)


CASES = {
    "speed": Case(computers=1, seed=5, step=1.0, wait=1.0),
    "svolota": Case(computers=2, seed=2, step=1.0, wait=1.0),
    "racing_demon": Case(computers=2, seed=5, step=1.0, wait=5.0),
}
PLAYS = {"speed": speed, "svolota": svolota, "racing_demon": racing_demon}


@pytest.mark.async_timeout(120)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", list(CASES))
async def test_a_whole_game_is_played_on_the_cards_alone_against_easy_computers(
    game: str, viewport: dict[str, int], browser: Any
) -> None:
    case, presses = CASES[game], Presses()
    async with Live(seed=case.seed, browser=browser) as live:
        table_id, page = await live.playing_page(
            ANN, game, case.computers, "easy", viewport=viewport, socket=presses, script=DRAWER_WATCH + RECORD
        )
        await page.locator("#sounds").click()  # she plays with sounds on
        ann = Ann(live, table_id, page, phone=viewport == PHONE)
        tries = made = 0
        while (await live.table(table_id)).status is Status.PLAYING:
            tries += 1
            assert tries < 500, f"{game}: no end after {tries} tries"
            await caught_up(live, page, table_id)
            await presses.paced()
            look = await ann.look()
            assert look.playing, await page.locator("#board-text").inner_text()  # (the store said it goes on)
            moved = await PLAYS[game](ann, look)
            if moved:
                made += 1
                await presses.answered(made)
            await live.advance(case.step if moved else case.wait)

        moves = [m for m in await live.store.moves(table_id) if m.seat == 0]
        assert moves and all(m.by == "person" for m in moves), moves
        assert not presses.refusals, f"presses of hers refused: {presses.refusals}"
        assert len(moves) == made == presses.sent, f"{len(moves)} moves of her seat, {made} made, {presses.sent} sent"
        assert await page.evaluate("() => window.__drawer") == 0, "the moves drawer was touched"
        await caught_up(live, page, table_id)
        assert await page.locator("#table").is_hidden()  # the result: the board and its podium
        await page.locator("#board-picture").wait_for()
        heard = await page.evaluate("() => window.__notes")
        assert OVER in heard, "the game's end was not heard"
        assert (TURN in heard) == (game == "svolota"), "her turn is heard in a game of turns, and only there"
