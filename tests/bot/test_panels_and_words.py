"""A private panel is enough to play from; the board says in words what happened; at the end every
panel turns into the result, which shows the move that ended the game and each person's rating
change."""

from __future__ import annotations

import re

from bot.bidi import isolated
from bot.settings import ServiceConfig
from bot.tables import Status
from core import load_game
from tests.bot.harness import ANN, BOB, CY, Harness, a_racing_demon_round_of_eight, a_speed_game, a_svolota_game
from tests.names import named

CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]"


def svolota_of_three(h: Harness) -> int:
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    return t


def test_a_svolota_panel_shows_the_pile_what_beats_it_every_hand_and_the_reserve():
    h = Harness()
    t = svolota_of_three(h)
    game = load_game(h.table(t).state)
    leader = (ANN, BOB, CY)[game.state.turn]
    assert h.play(leader, t, game.moves(str(game.state.turn))[0]).ok
    nxt = (ANN, BOB, CY)[load_game(h.table(t).state).state.turn]
    panel = h.screen(t, nxt, "panel").text
    assert re.search(rf"Pile ↑: {CARD}( {CARD})* \(by {isolated(leader.name)}\)", panel), panel
    assert re.search(
        r"Beat it with (a higher (red|black) card|\d or more higher cards of one rank, (red|black) first)\.", panel
    )
    assert re.search(named(r"Cards in hand: .*Ann \d+ · .*Bob \d+ · .*Cy \d+"), panel), panel
    assert re.search(rf"Reserve: \d+ · face up: {CARD}", panel), panel
    labels = [b.label for row in h.screen(t, nxt, "panel").buttons for b in row]
    assert all("passes" not in label and "plays" not in label for label in labels), labels  # imperative words


def test_beating_a_black_card_needs_a_red_one_and_an_ace_turns_the_pile_down():
    h = Harness()
    t = svolota_of_three(h)
    for _ in range(60):  # play the first listed move until an Ace goes down on a rising pile
        table = h.table(t)
        if table.status is not Status.PLAYING or any("up" in m.notes or "down" in m.notes for m in table.recent):
            break
        game = load_game(table.state)
        seat = game.state.turn
        h.play((ANN, BOB, CY)[seat], t, next((m for m in game.moves(str(seat)) if "A" in m), game.moves(str(seat))[0]))
    board = h.screen(t).text
    assert [m for m in h.table(t).recent if "down" in m.notes], "the deal of seed 1 plays an Ace on a rising pile"
    assert re.search(named(r"· (Ann|Bob|Cy) plays A[♠♣] · the pile turns ↓"), board), board
    assert re.search(named(r"Pile ↓: A[♠♣] \(by (Ann|Bob|Cy)\)\nBeat it with a lower red card\."), board), board


def test_everyone_passing_is_said_with_who_leads():
    h = Harness()
    t = h.open(ANN, "svolota", free_pass=True).table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    game = load_game(h.table(t).state)
    leader = game.state.turn
    people = (ANN, BOB, CY)
    assert h.play(people[leader], t, game.moves(str(leader))[0]).ok
    for _ in range(2):
        seat = load_game(h.table(t).state).state.turn
        assert h.play(people[seat], t, "pass").ok
    assert f"everyone passed — {isolated(people[leader].name)} leads" in h.screen(t).text


def test_a_speed_panel_shows_the_centre_and_the_opponents_stacks():
    h = Harness(ServiceConfig(idle_seconds=1000))
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    h.advance(1.6)
    panel = h.screen(t, ANN, "panel").text
    assert re.search(rf"Centre: {CARD} · {CARD}", panel), panel
    assert re.search(r"You: .* \(\d+ cards in stacks, reserve \d+\)", panel), panel
    assert re.search(named(r"Bob: .* \(\d+ cards in stacks, reserve \d+\)"), panel), panel
    labels = [b.label for row in h.screen(t, ANN, "panel").buttons for b in row]
    assert all(
        re.fullmatch(rf"{CARD} → {CARD}|Turn up stack \d|Fill stack \d|New centre cards|🚪 Leave the game", x)
        for x in labels
    ), labels


def test_a_racing_demon_panel_shows_the_foundations_and_everyones_demon():
    h = Harness(ServiceConfig(idle_seconds=1000))
    t = h.open(ANN, "racing_demon").table_id
    h.press(BOB, t, "Join")
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    h.advance(6)
    panel = h.screen(t, ANN, "panel").text
    assert re.search(r"Your demon: .* \(\d+ left\) · score -?\d+", panel), panel
    assert "Foundations: " in panel and "Work piles: " in panel and "Waste: " in panel
    assert re.search(named(r"Bob: demon \d+"), panel) and re.search(r"🤖 .*: demon \d+", panel), panel
    assert named("Ann: demon") not in panel  # your own demon is shown once, as yours


def test_the_real_time_board_names_who_put_which_card_where():
    h = a_racing_demon_round_of_eight()
    boards = [s.text for _, screens in h.notifier.calls for s in screens if s.public and s.slot == "table"]
    lines = [line for text in boards for line in text.splitlines() if line.startswith("· ")]
    assert any(re.fullmatch(rf"· .+: {CARD} (→ foundation|starts foundation) \d+", line) for line in lines), lines[:20]
    assert not any("since the last look" in text for text in boards)


def test_at_the_end_every_panel_turns_into_the_result_with_the_last_move_and_rating_changes():
    for h in (a_svolota_game(3), a_speed_game()):
        t = 1
        result = h.screen(t).text
        assert re.search(r"(Winning|Last) move: .+", result), result
        assert re.search(r"— .* · [▲▼±] \d+", result), result  # two people or more: a rated game
        for actor in (ANN, BOB):
            panel = h.screen(t, actor, "panel")
            assert panel.text == result and panel.final and not panel.buttons


def test_a_practice_game_shows_no_rating_change():
    h = Harness(ServiceConfig(computer_think=0.5))
    t = h.open(ANN, "svolota").table_id
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    h.advance(4000, step=1)
    assert h.table(t).status is Status.FINISHED
    assert not re.search(r"[▲▼±]", h.screen(t).text)
