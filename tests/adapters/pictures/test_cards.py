"""Every card can be told from every other, in both decks and at every size a board uses; in the
four-colour deck each suit has its own ink."""

from __future__ import annotations

import io
import math
from collections import Counter
from itertools import combinations

import pytest
from PIL import Image

from adapters.pictures.cards import DECK_CARDS, SUITS, card_image
from adapters.pictures.decks import DECKS, FELT, NORMAL, SMALL, CardSize
from adapters.pictures.demon import MINI
from adapters.pictures.render import render
from bot.ui.picture import DOWN, EMPTY, Hand
from tests.adapters.pictures.golden import channel_difference

KINDS = (*DECK_CARDS, DOWN, EMPTY)  # 52 cards, the joker, the back, an empty place
CLEAR = 64  # a channel this far apart is a visible difference, not an edge's shading
MARGIN = 0.01  # every two cards differ clearly on at least this share of their pixels


def _on_felt(text: str, deck: str, size: CardSize) -> Image.Image:
    ground = Image.new("RGB", (size.width, size.height), FELT)
    card = card_image(text, deck, size)
    ground.paste(card, (0, 0), card)
    return ground


def _ink(image: Image.Image) -> tuple[int, int, int]:
    """The commonest colour that is neither the card's face nor a grey: its rank's and suit's ink."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for count, colour in image.convert("RGB").getcolors(1 << 16) or []:
        if max(colour) - min(colour) > 60 or max(colour) < 60:
            counts[colour] += count
    return counts.most_common(1)[0][0]


@pytest.mark.parametrize("size", [NORMAL, SMALL, MINI], ids=["normal", "small", "mini"])
@pytest.mark.parametrize("deck", list(DECKS))
def test_every_card_differs_from_every_other(deck: str, size: CardSize) -> None:
    cards = {text: _on_felt(text, deck, size) for text in KINDS}
    pixels = size.width * size.height
    alike = []
    for a, b in combinations(KINDS, 2):
        histogram = channel_difference(cards[a], cards[b]).histogram()
        share = sum(histogram[CLEAR + 1 :]) / pixels
        if share < MARGIN:
            alike.append(f"{a or 'empty'}/{b or 'empty'} {share:.2%}")
    assert not alike, f"cards too alike in the {deck} deck: {', '.join(alike)}"


def test_the_deck_has_every_card_once() -> None:
    assert len(DECK_CARDS) == 53 and len(set(DECK_CARDS)) == 53


def test_four_colour_deck_gives_each_suit_its_own_ink() -> None:
    deck = DECKS["four_colour"]
    inks = {suit: _ink(_on_felt("7" + suit, "four_colour", NORMAL)) for suit in SUITS}
    assert inks == deck.ink  # drawn exactly in the deck's colours
    for a, b in combinations(SUITS, 2):
        assert math.dist(inks[a], inks[b]) > 100, (a, b, inks[a], inks[b])


def test_classic_deck_inks_red_and_black() -> None:
    inks = {suit: _ink(_on_felt("7" + suit, "classic", NORMAL)) for suit in SUITS}
    assert inks["H"] == inks["D"] and inks["S"] == inks["C"]
    assert math.dist(inks["H"], inks["S"]) > 100


def test_suits_keep_their_inks_through_the_palette() -> None:
    """The PNG's 256 colours keep the four inks apart (each card's ink read back from the file)."""
    png = render(Hand(tuple("7" + suit for suit in SUITS)), "four_colour")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    step = 110  # hand.SPACED: the cards lie side by side
    inks = [_ink(image.crop((20 + i * step, 20, 20 + i * step + NORMAL.width, 20 + NORMAL.height))) for i in range(4)]
    expected = [DECKS["four_colour"].ink[suit] for suit in SUITS]
    for got, wanted in zip(inks, expected, strict=True):
        assert math.dist(got, wanted) < 12, (got, wanted)


@pytest.mark.parametrize("size", [NORMAL, SMALL])
def test_a_chats_own_court_letters_change_its_court_cards_and_nothing_else(size):
    """`court` "ВДКТ" (a Russian chat's `/settings ranks native`): Д on the queen, Т on the ace."""
    for code in ("JH", "QS", "KD", "AC"):
        assert card_image(code, "classic", size, "ВДКТ").tobytes() != card_image(code, "classic", size).tobytes()
    for code in ("10H", "2S", "JK", DOWN, EMPTY):
        assert card_image(code, "classic", size, "ВДКТ").tobytes() == card_image(code, "classic", size).tobytes()
    # the same letter draws the same index: German B D K A shares the K and the A
    assert card_image("KD", "classic", size, "BDKA").tobytes() == card_image("KD", "classic", size).tobytes()


def test_a_picture_draws_its_cards_with_its_court_letters():
    russian, latin = Hand(("QH", "10S"), court="ВДКТ"), Hand(("QH", "10S"))
    assert render(russian) != render(latin)
    assert render(Hand(("9H", "10S"), court="ВДКТ")) == render(Hand(("9H", "10S")))
