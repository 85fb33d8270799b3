"""The live table's cards (#34): a person plays by tapping a card, then where it goes (or dragging it
there), on a 390×844 phone, never touching the moves drawer (whole games: test_whole_games.py).
Whatever the page lights for a selected card is checked against the server's own legal moves; a
move the server no longer takes (the page's view stale) is refused and changes nothing."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from adapters.web.words import page_words
from bot.commands import Play, SetLook
from bot.games import game_info
from bot.i18n import translator
from bot.running import game_of
from bot.tables import Status
from bot.ui.speed import offered
from core import load_game
from tests.browser.live import POLL_MS, Live, caught_up, shown, telegram_person

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
LIT = "() => [...document.querySelectorAll('#table [data-legal=\"true\"]')].map(n => n.dataset.target).sort()"
PRESSED = "#table [aria-pressed='true']"
NOT_MINE = "#table .centre button[data-card], #table .seat button[data-card]"  # a card only moves from its holder


async def speed_moves(live: Live, table_id: int) -> list[str]:
    """Ann's legal moves as the server has them (the fills it offers only where they help, as her buttons)."""
    game = game_of(await live.table(table_id))
    return [m for m in game.moves("0") if offered(game, 0, m)]


async def a_play(live: Live, table_id: int) -> tuple[list[str], list[str]]:
    """Ann's moves once one of them is a play (the computer plays on meanwhile), and that play's words."""
    for _ in range(60):
        moves = await speed_moves(live, table_id)
        plays = [m.split() for m in moves if m.startswith("play")]
        if plays:
            return moves, plays[0]
        await live.advance(1.0)
    raise AssertionError("Ann never had a card to play")


async def lit(page: Any) -> list[str]:
    return list(await page.evaluate(LIT))


@pytest.mark.async_timeout(120)
async def test_a_card_dragged_to_a_pile_is_played_and_a_wrong_drop_snaps_back(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id))
        await shown(page)
        moves, play = await a_play(live, table_id)
        await caught_up(live, page, table_id)
        wrong = next(f"s{i}" for i in range(1, 6) if f"play {i} " not in " ".join(moves) and str(i) != play[1])
        card = page.locator(f"#table [data-place='s{play[1]}'] [data-card]")
        version = (await live.table(table_id)).version

        await card.drag_to(page.locator(f"#table [data-target='{wrong}']"))  # not where it goes
        toast = page.locator("#toast")
        await toast.wait_for(state="visible")
        assert (await toast.inner_text()).strip() == page_words("en")["nowhere"]
        assert (await live.table(table_id)).version == version  # nothing was sent
        assert await page.locator(f"#table [data-place='s{play[1]}'] [data-card]").count() == 1  # back in place

        await card.drag_to(page.locator(f"#table [data-target='p{play[2]}']"))
        for _ in range(100):
            if (await live.table(table_id)).version > version:
                break
            await page.wait_for_timeout(POLL_MS)
        logged = await live.store.moves(table_id)
        assert [m.move for m in logged if m.seat == 0] == [" ".join(play)]


@pytest.mark.async_timeout(120)
async def test_a_drop_the_server_no_longer_takes_is_refused_and_changes_nothing(browser):
    """The page's view is held back (its socket's views dropped) while the same move is made from
    elsewhere: the page still lights the pile, the drop sends the stale move and lays the card on
    the pile at once; the server refuses it, and the card goes back."""
    hold: dict[str, Any] = {"views": False, "answers": None}  # answers: a list while they are held

    def socket(route: Any) -> None:
        server = route.connect_to_server()

        def down(message: str | bytes) -> None:
            kind = json.loads(message).get("type") if isinstance(message, str) else None
            if hold["views"] and kind == "view":
                return
            if hold["answers"] is not None and kind == "answer":
                hold["answers"].append(message)
                return
            route.send(message)

        hold["route"] = route
        server.on_message(down)
        route.on_message(lambda message: server.send(message))

    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id), socket=socket)
        await shown(page)
        play = (await a_play(live, table_id))[1]
        await caught_up(live, page, table_id)
        await page.locator(f"#table [data-place='s{play[1]}'] [data-card]").tap()
        assert f"p{play[2]}" in await lit(page)

        card = await page.locator(f"#table [data-place='s{play[1]}'] [data-card]").get_attribute("data-card")
        hold["views"], hold["answers"] = True, []
        reply = await live.service.handle(Play(ANN, table_id, " ".join(play)))  # the same move, from the chat
        assert reply.ok, reply
        before = await live.table(table_id)
        await page.locator(f"#table [data-target='p{play[2]}']").tap()  # the page still shows it legal
        laid = f"#table [data-place='p{play[2]}'] [data-card='{card}']"
        await page.locator(laid).wait_for()  # at once, before any answer
        assert await page.locator(f"#table [data-place='s{play[1]}'] [data-card='{card}']").count() == 0
        while not hold["answers"]:
            await asyncio.sleep(0.01)
        for answer in hold["answers"]:
            hold["route"].send(answer)
        hold["answers"] = None
        await page.locator(f"#table [data-place='s{play[1]}'] [data-card='{card}']").wait_for()  # back
        assert await page.locator(laid).count() == 0

        toast = page.locator("#toast")
        await toast.wait_for(state="visible")
        assert await toast.get_attribute("data-ok") == "no"
        assert (await toast.inner_text()).strip() != page_words("en")["nowhere"]  # the server's refusal, not the page's
        after = await live.table(table_id)
        assert (after.version, after.state) == (before.version, before.state)
        assert sum(m.seat == 0 for m in await live.store.moves(table_id)) == 1


@pytest.mark.async_timeout(180)
async def test_svolota_cards_are_laid_on_the_pile_by_tapping(browser):
    async with Live(seed=2, browser=browser) as live:
        table_id, page = await live.playing_page(ANN, "svolota", 2)
        others = page.locator("#table .seat [data-kind='hand']")
        assert await others.count() == 2 and await others.locator("[data-card]").count() == 0  # backs only
        laid = several = 0  # Ann's moves, and those of two cards or more
        for _ in range(400):
            table = await live.table(table_id)
            if (laid >= 3 and several) or table.status is not Status.PLAYING:
                break
            game = load_game(table.state)
            if game.turn != 0:
                await live.advance(1.0)
                continue
            await caught_up(live, page, table_id)
            moves = game.moves("0")
            plays = sorted((m for m in moves if m.startswith("play")), key=lambda m: -len(m.split()))
            if plays:  # the most cards laid at once: each tapped, then the pile
                cards = plays[0].split()[1:]
                several += len(cards) > 1
                for code in cards:
                    await page.locator(f"#table .mine [data-card='{code}']").tap()
                assert await page.locator(PRESSED).count() == len(cards)
                assert await lit(page) == ["pile"]
                await page.locator("#table [data-target='pile']").tap()
            else:  # a joker or a pass
                target = "pile" if "joker" in moves else "pass"
                if target == "pile":
                    await page.locator("#table .mine [data-card='JK']").tap()
                await page.locator(f"#table [data-target='{target}']").tap()
            await page.wait_for_function(
                "() => !document.querySelector('#panel-buttons button:disabled')", polling=POLL_MS
            )
            await live.advance(0.5)
            laid += 1
        assert laid >= 3 and several, (laid, several)
        assert sum(m.seat == 0 for m in await live.store.moves(table_id)) == laid


@pytest.mark.async_timeout(180)
async def test_racing_demon_cards_go_to_work_piles_and_foundations_by_tapping(browser):
    async with Live(seed=3, browser=browser) as live:
        table_id = await live.open(ANN, "racing_demon")
        await live.start_with_computers(ANN, table_id, 2)
        await live.advance(6.0)  # (seed 3) an A♦ of another deck on a foundation, Ann's own A♦ to play
        page = await live.page(live.telegram_url(ANN, table_id))
        await shown(page)
        await caught_up(live, page, table_id)
        assert await page.locator("#table .centre [data-card='AD']").count() == 1
        assert await page.locator("#table .mine button[data-card='AD']").count() == 1
        assert await page.locator(NOT_MINE).count() == 0  # only her own A♦ is a card she may move
        made: list[str] = []
        for _ in range(200):
            if sum(m != "turn" for m in made) >= 3:
                break
            table = await live.table(table_id)
            model = game_info("racing_demon").model(table, game_of(table), 0, translator("en"))
            assert model is not None
            plays = [m for m in model.moves if m.cards]
            turns = [m for m in model.moves if m.target == "stock"]
            if not plays and not turns:
                await live.advance(1.0)
                continue
            await caught_up(live, page, table_id)
            if plays:
                move = plays[0]
                await page.locator(f"#table .mine [data-card='{move.cards[0]}']").tap()
                assert await lit(page) == sorted({m.target for m in plays if m.cards == move.cards})
                assert await page.locator(PRESSED).count() == 1 and await page.locator(NOT_MINE).count() == 0
            else:  # turning the stock: a tap on it
                move = turns[0]
            await page.locator(f"#table [data-target='{move.target}']").tap()
            await page.wait_for_function(
                "() => !document.querySelector('#panel-buttons button:disabled')", polling=POLL_MS
            )
            made.append(move.move)
            await live.advance(0.5)
        assert sum(m != "turn" for m in made) >= 3
        assert [m.move for m in await live.store.moves(table_id) if m.seat == 0] == made


CARD_NAME = re.compile(r"(\d+|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)|joker|a face-down card")


@pytest.mark.async_timeout(120)
async def test_the_keyboard_alone_plays_a_card_and_every_card_and_place_has_a_spoken_name(browser):
    async with Live(browser=browser) as live:
        table_id, page = await live.playing_page(ANN, "speed", 1)
        names = await page.evaluate("() => [...document.querySelectorAll('#table .card')].map(n => n.ariaLabel)")
        assert names and all(CARD_NAME.fullmatch(name or "") for name in names), names
        places = await page.evaluate("() => [...document.querySelectorAll('#table .place')].map(n => n.ariaLabel)")
        assert "stack 1" in places and "pile 2" in places and "reserve" in places, places
        # Chromium's own accessibility tree: nothing a person can press or read is nameless
        tree = await (await page.context.new_cdp_session(page)).send("Accessibility.getFullAXTree")
        nameless = [
            n["role"]["value"]
            for n in tree["nodes"]
            if not n.get("ignored") and n.get("role", {}).get("value") in ("button", "img", "link")
            if not n.get("name", {}).get("value")
        ]
        assert not nameless, nameless

        moves, (_, stack, pile) = await a_play(live, table_id)
        await caught_up(live, page, table_id)
        before = (await live.table(table_id)).version
        await page.locator(f"#table [data-place='s{stack}'] button[data-card]").focus()
        await page.keyboard.press("Enter")  # the card is selected: where it goes lights up
        assert f"p{pile}" in await lit(page)
        for _ in range(40):  # the arrow keys walk back to the pile
            if await page.evaluate("() => document.activeElement.dataset.target") == f"p{pile}":
                break
            await page.keyboard.press("ArrowUp")
        assert await page.evaluate("() => document.activeElement.getAttribute('aria-label')") == f"pile {pile}"
        await page.keyboard.press("Space")
        await page.wait_for_function(f"() => Number(document.getElementById('page').dataset.version) > {before}")
        assert any(m.seat == 0 and m.move == f"play {stack} {pile}" for m in await live.store.moves(table_id)), moves


ANIMATIONS = """
window.__glides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  if (this.dataset && this.dataset.card) window.__glides.push([this.dataset.card, JSON.stringify(frames[0]), options]);
  return animate.call(this, frames, options);
};
"""


@pytest.mark.async_timeout(120)
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
async def test_a_played_card_glides_to_its_pile_unless_motion_is_reduced(motion, browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id), script=ANIMATIONS, motion=motion)
        await shown(page)
        _, (_, stack, pile) = await a_play(live, table_id)
        await caught_up(live, page, table_id)
        card = await page.locator(f"#table [data-place='s{stack}'] button[data-card]").get_attribute("data-card")
        await page.locator(f"#table [data-place='s{stack}'] button[data-card]").tap()
        await page.locator(f"#table [data-target='p{pile}']").tap()
        await page.wait_for_function(
            "card => document.querySelector(\"#table [data-place^='p'] [data-card='\" + card + \"']\")", arg=card
        )
        glides = await page.evaluate("() => window.__glides")
        mine = [g for g in glides if g[0] == card and "translate" in g[1]]
        if motion == "reduce":
            assert glides == []
        else:
            assert mine and 120 <= (mine[0][2]["duration"] if isinstance(mine[0][2], dict) else mine[0][2]) <= 200


INKS = (
    "() => [...document.querySelectorAll('#table .card[data-suit]')]"
    ".map(n => [n.dataset.suit, getComputedStyle(n).color])"
)


async def test_a_person_of_the_four_colour_deck_sees_an_ink_per_suit(browser):
    """As the four-colour pictures: ♠ black, ♥ red, ♦ blue, ♣ green (a suit told by colour as well
    as by its sign); the classic deck inks ♦ as ♥."""
    four = {"S": "rgb(28, 28, 30)", "H": "rgb(192, 57, 43)", "D": "rgb(28, 92, 222)", "C": "rgb(16, 128, 48)"}
    async with Live(seed=3, browser=browser) as live:
        assert (await live.service.handle(SetLook(ANN, "four"))).ok
        _, page = await live.playing_page(ANN, "racing_demon", 2)
        inks = dict(await page.evaluate(INKS))
        assert len(inks) >= 3 and inks == {suit: four[suit] for suit in inks}, inks
        assert (await live.service.handle(SetLook(ANN, "classic"))).ok
        await live.advance(1.0)  # (her look shows from the next view on)
        await page.wait_for_function("() => document.getElementById('table').dataset.deck === 'classic'")
        classic = dict(await page.evaluate(INKS))
        assert classic.get("D", four["H"]) == four["H"] and classic.get("C", four["S"]) == four["S"], classic
