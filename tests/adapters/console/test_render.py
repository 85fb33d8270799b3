"""The console's text for what happened and for the table, in English and Russian."""

from __future__ import annotations

from adapters.console import render
from bot.i18n import translator
from core.cards import Card, parse_cards
from core.games.svolota.events import DirectionChanged, Drew, JokerPlayed, Leads, Passed, PileClosed, Played, Won
from core.games.svolota.game import Svolota

EN, RU = translator("en"), translator("ru")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_a_play_and_its_draw_share_a_line_and_you_see_what_you_drew():
    happened = [Played("you", cards("AS")), DirectionChanged(up=False), Drew("you", 1)]
    assert render.events(happened, "you", EN, cards("KH")) == [
        "You play A♠ and draw 1 card: K♥",
        "The pile now goes down ↓",
    ]
    assert render.events(happened, "you", RU, cards("KH")) == [
        "Вы кладёте A♠ и берёте 1 карту: K♥",
        "Теперь стопка идёт вниз ↓",
    ]


def test_what_others_draw_is_a_count():
    happened = [Played("Ann", cards("8H 8C")), Drew("Ann", 2)]
    assert render.events(happened, "you", EN) == ["Ann plays 8♥ 8♣ and draws 2 cards"]
    assert render.events(happened, "you", RU) == ["Ann кладёт 8♥ 8♣ и берёт 2 карты"]


def test_every_event_has_its_own_words():
    happened = [
        Passed("Ann"),
        PileClosed("you"),
        JokerPlayed("Bob"),
        Drew("Bob", 1),
        Leads("Cy"),
        Played("Cy", cards("2D")),
        Won("Cy"),
    ]
    assert render.events(happened, "you", EN) == [
        "Ann passes",
        "Everyone passed: the pile is discarded and you lead",
        "Bob plays a joker: the pile is discarded",
        "Bob draws 1 card",
        "Cy leads a new pile",
        "Cy plays 2♦",
        "Cy has no cards left and wins",
    ]


def test_the_table_as_you_see_it():
    game = Svolota.new(["you", "Ann", "Bob"], seed=4)
    lines = render.table(game.view(0), EN)
    assert lines[0] == "Pile: empty, you lead (any card, or up to four of one rank)"
    assert lines[1] == "Players: ▶ you: 7 cards · Ann: 7 cards · Bob: 7 cards"
    assert lines[2].startswith("Reserve: 32 cards · face up ")
    assert lines[3].startswith("Your hand: ")


def test_the_result_ranks_by_cards_left():
    lines = render.result(["you", "Ann", "Bob"], [3, 0, 5], 1, "you", EN)
    assert lines == ["Game over: Ann wins", "Cards left: Ann 0 · you 3 · Bob 5"]
    assert render.result(["you", "Ann", "Bob"], [0, 2, 5], 0, "you", RU)[0] == "Игра окончена: вы победили!"
