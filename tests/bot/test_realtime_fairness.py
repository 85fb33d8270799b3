"""Real time that is fair to people: a computer reacts to the board as it was drawn, a person sees
their own move at once, a stalemate offer stays long enough to press, and `fill` is offered only
where it helps. Time is the fake clock's; every drawing is recorded with the position it showed."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.games import game_info
from bot.i18n import translator
from bot.notifier import RecordingNotifier
from bot.people import ChatRef
from bot.settings import ServiceConfig
from bot.tables import Seat, Status, Table
from bot.timers import stalemate_offer
from bot.tokens import Token
from bot.ui import speed
from bot.ui.screen import Screen
from core import load_game, new_game
from core.games.speed.game import Speed
from tests.bot.harness import ANN, BOB, CHAT, Harness
from tests.core.speed.tables import deck

WINDOW = 1.5


class Drawings(RecordingNotifier):
    """Keeps, for every public board drawn, when it was drawn and the game it showed."""

    def __init__(self) -> None:
        super().__init__()
        self.h: Harness
        self.boards: list[tuple[float, str]] = []  # (time, the game's state as drawn)

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        await super().show(chat, screens)
        for screen in screens:
            if screen.public and screen.slot == "table":
                table = await self.h.store.load(screen.table_id)
                if table is not None and table.state is not None:
                    self.boards.append((self.h.clock.now(), table.state))


def recorded(config: ServiceConfig, seed: int) -> tuple[Harness, Drawings]:
    """A harness whose every drawing is recorded."""
    drawings = Drawings()
    drawings.h = Harness(config, seed=seed, notifier=drawings)
    return drawings.h, drawings


def add_computer(h: Harness, t: int, level: str) -> None:
    table = h.table(t)
    assert h.press_token(ANN, Token(t, table.version, "add_computer", level).encode()).ok


def ann_against_a_computer(level: str, seed: int) -> tuple[Harness, Drawings, int]:
    """Ann plays Speed against a computer: she makes her first legal play every second (a quick
    person), so the two race for the same piles."""
    h, drawings = recorded(ServiceConfig(window_seconds=WINDOW, idle_seconds=10_000), seed)
    t = h.open(ANN, "speed").table_id
    add_computer(h, t, level)  # two seats: the game starts
    for _ in range(400):
        if h.table(t).status is not Status.PLAYING:
            break
        plays = [m for m in load_game(h.table(t).state).moves("0") if m.startswith(("play", "flip", "new"))]
        if plays:
            h.play(ANN, t, plays[0])
        h.advance(1.0)
    return h, drawings, t


def computer_moves_and_what_they_rested_on(h: Harness, t: int) -> list[tuple[float, str, Any, Any]]:
    """Each computer move with the position it was made on (the log replayed from the deal)."""
    table = h.table(t)
    saved = load_game(table.state)
    game = new_game("speed", players=list(saved.players), seed=table.seed, options=saved.options)
    out = []
    for logged in h.log(t):
        if logged.by == "computer":
            out.append((logged.at, logged.move, game.view(logged.seat), logged.seat))
        game.play(str(logged.seat), logged.move)
    return out


def shows(state: str, seat: int, move: str, before: Any) -> bool:
    """Whether a board drawn with `state` showed what `move` of `seat` rested on, as it was when
    the move was made (`before`: the mover's view then)."""
    drawn = load_game(state).view(seat)
    words = move.split()
    if words[0] == "play":
        stack, pile = int(words[1]) - 1, int(words[2]) - 1
        return (
            pile < len(drawn.piles)
            and drawn.piles[pile].top == before.piles[pile].top
            and drawn.mine.stacks[stack] == before.mine.stacks[stack]
        )
    if words[0] in ("flip", "fill"):
        stack = int(words[1]) - 1
        return drawn.mine.stacks[stack] == before.mine.stacks[stack]
    return drawn.stalemate and drawn.piles == before.piles  # new: the stalemate as it was


@pytest.mark.parametrize(("level", "seed"), [("hard", 1), ("hard", 5), ("normal", 6), ("easy", 4)])
def test_a_computer_never_plays_on_a_position_sooner_than_its_reaction_time_after_it_was_drawn(level, seed):
    h, drawings, t = ann_against_a_computer(level, seed)
    floor = game_info("speed").levels[level].reaction.floor
    made = computer_moves_and_what_they_rested_on(h, t)
    assert len(made) >= 5, "the computer took part"
    for at, move, before, seat in made:
        in_time = [when for when, state in drawings.boards if when <= at - floor and shows(state, seat, move, before)]
        assert in_time, f"{move} at {at - 1_000_000:.2f} s rested on a position not drawn {floor} s before"


def test_a_computer_makes_at_most_one_move_per_drawing():
    h, drawings, t = ann_against_a_computer("hard", 5)
    times = [at for at, *_ in computer_moves_and_what_they_rested_on(h, t)]
    drawn = [when for when, _ in drawings.boards]
    for earlier, later in itertools.pairwise(times):
        assert any(earlier < when < later for when in drawn), "two computer moves with no drawing between"


def test_a_persons_panel_is_redrawn_right_after_their_accepted_press():
    h = Harness(ServiceConfig(window_seconds=WINDOW, idle_seconds=10_000))
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    h.advance(WINDOW + 0.1)  # a window has passed: nothing waits to be drawn
    ann_move = next(m for m in load_game(h.table(t).state).moves("0") if m.startswith("play"))
    button = h.button(t, speed.move_label(load_game(h.table(t).state), 0, ann_move, translator("en")), ANN)
    calls = h.notifications()

    assert h.press_token(ANN, button.token or "", where=None).ok

    drawn = [s for _, screens in h.notifier.calls[calls:] for s in screens]
    assert [(s.audience, s.slot) for s in drawn] == [(ANN.person, "panel")]  # her panel only, not the board
    assert drawn[0].version == h.table(t).version  # showing the position after her move
    refused = h.play(BOB, t, "play 9 9")
    assert not refused.ok
    assert len(h.notifier.calls) == calls + 1  # a refused press redraws nothing


def stalemate_table(h: Harness) -> int:
    """A Speed table of two people played (first legal move each) into a stalemate."""
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    for _ in range(500):
        g = load_game(h.table(t).state)
        if g.stalemate or g.over:
            break
        seat = next((s for s in (0, 1) if [m for m in g.moves(str(s)) if not m.startswith("fill")]), None)
        if seat is None:
            break
        move = next(m for m in g.moves(str(seat)) if not m.startswith("fill"))
        h.play((ANN, BOB)[seat], t, move)
    return t


def a_stalemate(window: float) -> tuple[Harness, int]:
    for seed in range(1, 40):
        h = Harness(ServiceConfig(idle_seconds=10_000, window_seconds=window), seed=seed)
        t = stalemate_table(h)
        if load_game(h.table(t).state).stalemate:
            return h, t
    raise AssertionError("no seed played into a stalemate")


def offer_shown_at(h: Harness, t: int) -> float:
    """Let windows pass until the board shows the stalemate; when it did."""
    for _ in range(3):
        h.advance(h.service.config.window_seconds)
        if "Nobody can play" in h.screen(t).text:
            return h.clock.now()
    raise AssertionError("the stalemate was never shown")


@pytest.mark.parametrize("window", [1.5, 1.0, 2.0])
def test_a_stalemate_offer_stays_at_least_two_windows_and_three_seconds(window):
    h, t = a_stalemate(window)
    logged = len(h.log(t))
    shown = offer_shown_at(h, t)
    while len(h.log(t)) == logged:
        h.advance(window)
    called = h.log(t)[-1]
    assert called.move == "new" and called.by == "window"
    assert called.at - shown >= max(2 * window, 3.0)
    assert stalemate_offer(h.service.config) * window >= 3.0


def test_a_stalemate_offer_ends_when_a_person_presses_new_pile():
    h, t = a_stalemate(WINDOW)
    offer_shown_at(h, t)
    seat = next(s for s in (0, 1) if "new" in load_game(h.table(t).state).moves(str(s)))
    assert h.play((ANN, BOB)[seat], t, "new").ok
    assert h.log(t)[-1].by == "person"  # applied at once: the first "new" wins


def dealt(ann: list[str], piles: tuple[str, str], **options: int) -> Speed:
    """A Speed deal as the bot seats it (players "0" and "1"): Ann's stacks (top first) and the
    centre piles as written, Bob's any."""
    game = new_game("speed", ["0", "1"], deck=deck(ann, [""] * 5, piles), options=options)
    assert isinstance(game, Speed)
    return game


def ann_and_bob() -> Table:
    return Table(1, CHAT, "speed", ANN.person, Status.PLAYING, seats=[Seat("Ann", ANN.person), Seat("Bob", BOB.person)])


def panel_buttons(game: Speed) -> list[str]:
    screen = speed.panel(ann_and_bob(), game, 0, translator("en"))
    return [b.label for row in screen.buttons for b in row]


def test_fill_is_never_offered_on_a_face_down_stack():
    game = dealt(["5H", "6S 9C", "", "", ""], ("4C", "7D"), target=25)
    game.play("0", "play 2 2")  # stack 2's top is now face down: flip it (filling it is legal, and no use)
    assert "fill 2" in game.moves("0")
    labels = panel_buttons(game)
    assert "Turn up stack 2" in labels
    assert "Fill stack 2" not in labels


def test_fill_is_offered_on_an_empty_stack_only_in_a_points_match():
    match = dealt(["5H", "", "", "", ""], ("4C", "7D"), target=25)
    single = dealt(["5H", "", "", "", ""], ("4C", "7D"))
    for game in (match, single):
        game.play("0", "play 1 1")  # stack 1 is empty now
        assert "fill 1" in game.moves("0")
    assert "Fill stack 1" in panel_buttons(match)  # each card left in the reserve scores for the opponent
    assert "Fill stack 1" not in panel_buttons(single)  # the reserve does not count: filling only adds a card


def test_the_panel_says_why_one_would_fill_or_not():
    match = dealt(["5H", "", "", "", ""], ("4C", "7D"), target=25)
    single = dealt(["5H", "", "", "", ""], ("4C", "7D"))
    for game in (match, single):
        game.play("0", "play 1 1")
    t = translator("en")
    table = ann_and_bob()
    assert "scores a point for your opponent" in speed.panel(table, match, 0, t).text
    assert "No need to fill" in speed.panel(table, single, 0, t).text


def test_a_racing_demon_computer_builds_only_on_foundation_tops_drawn_a_reaction_time_before():
    """Ann races a hard computer to the foundations (her first foundation move every second): each
    card the computer lays on a foundation goes on a top some board showed at least its quickest
    reaction time before."""
    h, drawings = recorded(ServiceConfig(window_seconds=WINDOW, idle_seconds=10_000), 3)
    t = h.open(ANN, "racing_demon").table_id
    add_computer(h, t, "hard")
    h.press(ANN, t, "Start")
    for _ in range(120):
        if h.table(t).status is not Status.PLAYING:
            break
        moves = load_game(h.table(t).state).moves("0")
        wanted = [m for m in moves if m.endswith(">f")] or [m for m in moves if m == "turn"]
        if wanted:
            h.play(ANN, t, wanted[0])
        h.advance(1.0)
    floor = game_info("racing_demon").levels["hard"].reaction.floor
    table = h.table(t)
    saved = load_game(table.state)
    game = new_game("racing_demon", players=list(saved.players), seed=table.seed, options=saved.options)
    built = 0
    for logged in h.log(t):
        if logged.by == "computer" and logged.move.endswith(">f"):
            before = game.view(logged.seat).foundations
            game.play(str(logged.seat), logged.move)
            after = game.view(logged.seat).foundations
            if len(after) > len(before):
                continue  # an Ace starts its own foundation: it rests on no other
            (number,) = [f.number for f in after if f.top != before[f.number - 1].top]
            under = before[number - 1].top
            built += 1
            assert any(
                when <= logged.at - floor and on_foundation(state, number) == under for when, state in drawings.boards
            ), f"{logged.move} at {logged.at - 1_000_000:.2f} s went on {under}, not drawn {floor} s before"
        else:
            game.play(str(logged.seat), logged.move)
    assert built >= 3, "the computer built on foundations"


def on_foundation(state: str, number: int) -> Any:
    """The top of foundation `number` on a board drawn with `state` (None: not started then)."""
    foundations = load_game(state).view(0).foundations
    return foundations[number - 1].top if number <= len(foundations) else None
