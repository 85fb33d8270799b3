"""Every table screen describes its picture (bot/ui/picture.py) beside its text, and carries the
chat's look: the adapters draw the picture in that deck, or only the text."""

from __future__ import annotations

from bot.answers import own_look_line, settings_lines
from bot.i18n import translator
from bot.settings import LOOK_WORDS, ChatSettings, ServiceConfig
from bot.ui.picture import DemonBoard, Podium, SpeedBoard, SvolotaBoard
from bot.ui.screen import LOOKS
from core import load_game
from tests.bot.harness import ANN, BOB, CY, Harness, person

ADMIN = person("Ada", admin=True)


def test_a_svolota_board_and_panel_describe_the_pile_the_seats_and_the_hand():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    game = load_game(h.table(t).state)
    board, panel = h.screen(t).picture, h.screen(t, ANN, "panel").picture
    assert isinstance(board, SvolotaBoard) and isinstance(panel, SvolotaBoard)
    assert board.hand is None  # the group sees no hand
    assert panel.hand == tuple(c.text for c in game.view(0).hand)
    assert [s.name for s in board.seats] == ["Ann", "Bob", "Cy"]
    assert [s.turn for s in board.seats] == [i == game.state.turn for i in range(3)]
    assert board.last_play == () and board.follow is None and board.up


def test_real_time_pictures_put_the_viewers_own_layout_below():
    h = Harness(ServiceConfig(idle_seconds=1000))
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    h.advance(1.6)
    ann, bob = h.screen(t, ANN, "panel").picture, h.screen(t, BOB, "panel").picture
    assert isinstance(ann, SpeedBoard) and isinstance(bob, SpeedBoard)
    assert [lay.name for lay in ann.layouts] == ["Bob", "Ann"]
    assert [lay.name for lay in bob.layouts] == ["Ann", "Bob"]
    assert ann.centre == bob.centre and len(ann.centre) == 2

    h = Harness(ServiceConfig(idle_seconds=1000))
    t = h.open(CY, "racing_demon").table_id
    h.press(ANN, t, "Join")
    h.press(CY, t, "Start")
    h.advance(1.6)
    board, mine = h.screen(t).picture, h.screen(t, CY, "panel").picture
    assert isinstance(board, DemonBoard) and isinstance(mine, DemonBoard)
    assert board.own is None and mine.own is not None and len(mine.own.work) == 4
    assert [s.cards for s in board.seats] == [13, 13]


def test_the_result_is_a_podium_with_the_rating_changes():
    h = Harness(ServiceConfig(computer_think=0.5))
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    h.advance(4000, step=1)
    podium = h.screen(t).picture
    assert isinstance(podium, Podium)
    assert [s.place for s in podium.standings] == [1, 2, 3]
    assert all(s.change is not None for s in podium.standings)  # three people: rated


def test_the_chats_look_goes_with_every_screen_and_an_admin_changes_it():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    assert h.screen(t).look == "classic"  # pictures by default
    assert h.setting(ADMIN, "look", "four").ok
    h.press(BOB, t, "Join")
    assert h.screen(t).look == "four_colour"
    assert h.setting(ADMIN, "look", "text").ok
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    assert h.screen(t).look == "text" and h.screen(t, ANN, "panel").look == "text"
    refused = h.setting(ADMIN, "look", "sepia")
    assert not refused.ok and "classic" in (refused.text or "")


def test_the_settings_say_the_chats_look_and_a_person_hears_how_their_panels_look():
    assert set(LOOK_WORDS.values()) == set(LOOKS)
    ru = translator("ru")
    assert "🃏 Карты: четырёхцветная колода" in settings_lines(ChatSettings(look="four_colour"), ru)
    en = translator("en")
    assert own_look_line("text", "classic", en) == "🃏 Your panels show cards as: text only, in every chat."
    assert own_look_line(None, "classic", en).endswith(": classic deck here.")
    assert own_look_line(None, None, en) == "🃏 Your panels show cards as each chat's board does."
