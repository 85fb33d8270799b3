"""Achievements (bot/achievements.py): real games, dealt by seed and played to their end by the
computers' hard policy through the bot's own move function (so the log carries the real notes),
then judged: each achievement is earned exactly when it should be, by people only, never twice;
the tallies count games, wins in a row and Racing Demon outs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import running
from bot.achievements import ACHIEVEMENTS, BY_ID, GAMES, OUTS, STREAK, Earned, Tally, award, awards
from bot.games import game_info
from bot.people import ChatRef, PersonRef
from bot.ratings import Result, result_of
from bot.tables import Award, LoggedMove, Seat, Status, Table
from bot.ui.words import N_
from core import Game, new_game

CHAT = ChatRef("test", "chat-1", thread_id="9")
SCOPE = "test:chat-1"
ANN, BOB, CY = PersonRef("test", "ann"), PersonRef("test", "bob"), PersonRef("test", "cy")
PEOPLE = (ANN, BOB, CY)
START = 100.0


class Played:
    """A finished table, its game, its result and its whole move log."""

    def __init__(self, table: Table, game: Game[Any, Any], log: list[LoggedMove]) -> None:
        self.table, self.game, self.log = table, game, log
        self.result: Result = result_of(table, game)

    def award(
        self, had: dict[PersonRef, set[str]] | None = None, tallies: dict[PersonRef, dict[str, int]] | None = None
    ) -> tuple[list[Earned], list[Tally]]:
        return award(self.table, self.result, self.log, had or {}, tallies or {})

    def earned(self, **kwargs: Any) -> set[tuple[PersonRef, str]]:
        return {(e.person, e.achievement) for e in self.award(**kwargs)[0]}

    def who(self, achievement: str, **kwargs: Any) -> set[PersonRef]:
        return {p for p, a in self.earned(**kwargs) if a == achievement}


PLAYER = {"svolota": "normal"}  # Svolota's hard level searches (ms a move); its normal is the heuristic


def seats_of(people: list[PersonRef | None]) -> list[Seat]:
    """People and computers, all at the hard level (the game plays the same whoever sits where)."""
    return [Seat(p.user_id.title() if p else f"Bot {i}", p, level="hard") for i, p in enumerate(people)]


def play(
    game_id: str,
    people: list[PersonRef | None],
    seed: int,
    step: float = 1.0,
    idle: tuple[int, ...] = (),
    levels: dict[int, str] | None = None,
    **options: Any,
) -> Played:
    """Deal by `seed` and let one policy (`PLAYER`) play every seat until the game ends, a move every
    `step` seconds from START. Real time: the `idle` seats act only when nobody else can."""
    seats = seats_of(people)
    for seat, level in (levels or {}).items():
        seats[seat].level = level
    game = new_game(game_id, players=[str(i) for i in range(len(seats))], seed=seed, options=options)
    table = Table(
        5000 + seed, CHAT, game_id, ANN, Status.PLAYING, dict(options), seats=seats, state=game.to_json(),
        seed=seed, started_at=START,
    )  # fmt: skip
    rng, info, now = random.Random(seed), game_info(game_id), START
    player = info.levels[PLAYER.get(game_id, "hard")].policy

    def move(seat: int, text: str) -> None:
        nonlocal now
        now += step
        running.apply(table, game, seat, text, now, "person")

    def chosen(seat: int) -> str | None:
        legal = game.legal_moves(seat)
        choice = player.choose(game.view(seat), legal, rng) if legal else None
        return None if choice is None else game.format_move(choice)

    for _ in range(5000):
        if game.over:
            break
        if not info.real_time:
            move(game.turn, chosen(game.turn) or game.moves(str(game.turn))[0])
            continue
        busy = [s for s in range(len(seats)) if s not in idle]
        choices = [(s, c) for s in busy if (c := chosen(s)) is not None]
        if choices:
            for seat, text in choices:
                if not game.over and text in game.moves(str(seat)):
                    move(seat, text)
            continue
        fallback = [(s, m) for s in busy for m in game.moves(str(s))]  # nothing useful: anything legal
        fallback += [(s, c) for s in idle if (c := chosen(s)) is not None]
        fallback += [(s, m) for s in idle for m in game.moves(str(s)) if m in ("turn", "new")]
        move(*fallback[0])
    assert game.over, "the game did not end"
    table.status = Status.FINISHED
    return Played(table, game, list(table.unsaved))


# ----- the list ------------------------------------------------------------------------------


def test_a_dozen_achievements_each_with_an_id_an_emoji_a_title_and_what_earns_it():
    assert len(ACHIEVEMENTS) >= 12
    assert len(BY_ID) == len(ACHIEVEMENTS), "ids are unique"
    for a in ACHIEVEMENTS:
        assert a.id.isidentifier() and a.emoji and a.title and a.description.endswith(".")
        assert N_(a.title) == a.title


# ----- who earns what ------------------------------------------------------------------------


def test_a_first_win_goes_to_the_winner_only_and_only_once():
    played = play("svolota", [ANN, BOB, None], seed=1)  # Bob wins
    assert played.game.winner_seat == 1
    assert played.who("first_win") == {BOB}
    assert played.who("first_win", had={BOB: {"first_win"}}) == set()


def test_a_round_played_alone_wins_nothing_but_counts():
    alone = play("racing_demon", [ANN], seed=2)
    assert alone.game.winner_seat == 0 and alone.result.standings[0].won
    earned, tallies = alone.award(tallies={ANN: {STREAK: 2, GAMES: 3}})
    assert not {"first_win", "hat_trick"} & {e.achievement for e in earned}
    assert Tally(ANN, GAMES, 4) in tallies and STREAK not in {t.name for t in tallies}  # the streak stays


def test_computers_earn_nothing_and_have_no_tallies():
    played = play("svolota", [None, ANN, None], seed=1)  # the same game: Ann at the winning seat
    assert played.who("first_win") == {ANN}
    earned, tallies = played.award()
    assert {e.person for e in earned} == {ANN} and {t.person for t in tallies} == {ANN}
    played = play("svolota", [ANN, None, None], seed=1)  # the computer at seat 1 wins
    earned, tallies = played.award()
    assert "first_win" not in {e.achievement for e in earned}
    assert {t.person for t in tallies} == {ANN}


def test_earned_rows_name_the_table_the_chat_scope_and_when():
    played = play("svolota", [ANN, BOB, None], seed=1)
    earned, _ = played.award()
    assert earned and all(e.table_id == played.table.id and e.chat == SCOPE for e in earned)
    assert all(e.at == played.result.finished_at for e in earned)
    seats = {ANN: 0, BOB: 1}
    assert awards(played.table, earned) == [Award(seats[e.person], e.achievement) for e in earned]
    assert awards(play("svolota", [ANN, BOB, None], seed=2).table, earned) == []  # another table's


def test_nothing_is_earned_twice_at_one_game():
    played = play("svolota", [ANN, BOB, CY, None, None], seed=14)
    earned, _ = played.award(tallies={p: {GAMES: 200, STREAK: 5} for p in PEOPLE})
    assert len({(e.person, e.achievement) for e in earned}) == len(earned)
    everything = {p: set(BY_ID) for p in PEOPLE}
    assert played.award(had=everything, tallies={p: {GAMES: 200, STREAK: 5} for p in PEOPLE})[0] == []


def test_svolota_win_without_passing():
    played = play("svolota", [None, ANN, BOB, CY, None], seed=14)  # seat 2 wins and never passed
    winner = played.game.winner_seat
    assert winner == 2 and not [m for m in played.log if m.seat == winner and m.move == "pass"]
    assert played.who("no_pass") == {BOB}
    for seed in (1, 2, 7):  # winners who passed along the way
        played = play("svolota", [ANN, BOB, CY], seed=seed)
        assert any(m.seat == played.game.winner_seat and m.move == "pass" for m in played.log)
        assert played.who("no_pass") == set()


@pytest.mark.parametrize("seed", [7, 0, 3])
def test_svolota_win_with_a_joker_as_the_last_card(seed):
    played = play("svolota", [ANN, BOB, CY], seed=seed)
    winner = PEOPLE[played.game.winner_seat]
    expected = {winner} if played.log[-1].move == "joker" else set()
    assert played.who("joker_out") == expected
    assert (seed == 7) == bool(expected)  # the others end on a play of cards


def test_svolota_win_at_a_table_of_five_or_six():
    assert play("svolota", [ANN, BOB, CY, None, None], seed=14).who("full_table") == {CY}
    assert play("svolota", [ANN, BOB, CY, None, None, None], seed=0).who("full_table") == {ANN}
    four = play("svolota", [ANN, BOB, CY, None], seed=2)
    assert four.who("first_win") == {CY} and four.who("full_table") == set()
    assert play("svolota", [ANN, BOB, CY, None, None], seed=5).who("full_table") == set()  # a computer won


def test_speed_lightning_counts_from_the_deal_to_the_winning_move():
    fast = play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,))
    assert fast.game.winner_seat == 0 and fast.log[-1].at - START < 60
    assert fast.who("lightning") == {ANN}
    slow = play("speed", [ANN, BOB], seed=0, step=2.0, idle=(1,))  # the same game, played slower
    assert slow.log[-1].at - START >= 60 and slow.who("lightning") == set()
    forgotten = play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,))
    forgotten.table.started_at = 0.0  # a table from before the start was kept: its first move counts
    assert forgotten.who("lightning") == {ANN}


def test_speed_lightning_in_a_points_match_counts_its_last_deal():
    match = play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,), target=25)
    dealt = [m.at for m in match.log if any(n.startswith("deal ") for n in m.notes)]
    assert len(dealt) == 4 and match.log[-1].at - START > 150 and match.log[-1].at - dealt[-1] < 60
    assert match.who("lightning") == {ANN}
    slow = play("speed", [ANN, BOB], seed=0, step=2.0, idle=(1,), target=25)
    assert slow.who("lightning") == set()


def test_a_speed_match_won_on_points_alone_is_no_lightning():
    match = play("speed", [ANN, BOB], seed=4, step=0.5, idle=(1,), target=5)
    assert match.game.winner_seat == 0 and match.game.table.stack_cards(0) == 2  # Bob emptied his stacks
    assert match.who("first_win") == {ANN}
    assert match.who("lightning") == match.who("whitewash") == set()


@pytest.mark.parametrize(("seed", "left"), [(0, 14), (2, 11), (1, 4), (3, 8)])
def test_speed_whitewash_with_the_opponent_holding_ten_cards_or_more(seed, left):
    played = play("speed", [ANN, BOB], seed=seed, step=0.5, idle=(1,))
    assert played.game.winner_seat == 0 and played.game.table.stack_cards(1) == left
    assert played.who("whitewash") == ({ANN} if left >= 10 else set())


def test_racing_demon_big_round_and_going_out():
    big = play("racing_demon", [ANN, None], seed=2, levels={1: "easy"})
    assert big.result.standings[0].score >= 20 and big.game.out_seat == 0
    assert big.who("big_round") == {ANN}
    earned, tallies = big.award(tallies={ANN: {OUTS: 4, GAMES: 4, STREAK: 0}})
    assert "demon_tamer" in {e.achievement for e in earned}
    assert Tally(ANN, OUTS, 5) in tallies
    assert big.who("demon_tamer", tallies={ANN: {OUTS: 3}}) == set()
    short = play("racing_demon", [ANN], seed=4)
    assert short.result.standings[0].score < 20 and short.game.out_seat is None
    assert short.who("big_round") == set()
    _, tallies = short.award(tallies={ANN: {OUTS: 4}})
    assert OUTS not in {t.name for t in tallies}  # not out: the count stays as stored
    assert short.who("demon_tamer", tallies={ANN: {OUTS: 5}}) == {ANN}  # earned late, if missed before


def test_beating_every_hard_computer():
    played = play("svolota", [ANN, BOB, None], seed=2)
    assert [s.place for s in played.result.standings] == [3, 1, 2]
    assert played.who("machine_breaker") == {BOB}
    normal = play("svolota", [ANN, BOB, None], seed=2, levels={2: "normal"})
    assert normal.table.seats[2].level == "normal" and normal.who("machine_breaker") == set()
    people = play("svolota", [ANN, BOB, CY], seed=2)  # no computer at all
    assert people.who("machine_breaker") == set()
    five = play("svolota", [ANN, BOB, CY, None, None], seed=14)  # places 3, 2, 1 and two computers 3rd
    assert [s.place for s in five.result.standings] == [3, 2, 1, 3, 3]
    assert five.who("machine_breaker") == {BOB, CY}  # a tie with them is not ahead


def test_three_wins_in_a_row_and_a_loss_ends_the_streak():
    played = play("svolota", [ANN, BOB, None], seed=1)  # Bob wins, Ann loses
    earned, tallies = played.award(tallies={ANN: {STREAK: 2}, BOB: {STREAK: 2}})
    assert {(e.person, e.achievement) for e in earned if e.achievement == "hat_trick"} == {(BOB, "hat_trick")}
    assert Tally(BOB, STREAK, 3) in tallies and Tally(ANN, STREAK, 0) in tallies
    assert played.who("hat_trick", tallies={BOB: {STREAK: 1}}) == set()
    _, tallies = played.award()
    assert Tally(BOB, STREAK, 1) in tallies
    assert STREAK not in {t.name for t in tallies if t.person == ANN}  # 0 stays 0: nothing to write


def test_games_played_milestones():
    played = play("svolota", [ANN, BOB, None], seed=1)
    counts = {ANN: {GAMES: 9}, BOB: {GAMES: 99}}
    earned = played.earned(tallies=counts)
    assert (ANN, "regular") in earned and (ANN, "veteran") not in earned
    assert (BOB, "veteran") in earned and (BOB, "regular") in earned
    _, tallies = played.award(tallies=counts)
    assert Tally(ANN, GAMES, 10) in tallies and Tally(BOB, GAMES, 100) in tallies
    assert played.who("regular", tallies={ANN: {GAMES: 7}}) == set()
    assert played.who("regular", tallies={ANN: {GAMES: 9}}, had={ANN: {"regular"}}) == set()


def test_a_seat_stood_in_for_at_the_end_earns_nothing_but_its_tallies_count():
    played = play("svolota", [ANN, BOB, None], seed=1)
    played.table.seats[1].stand_in = True
    earned, tallies = played.award()
    assert BOB not in {e.person for e in earned}
    assert Tally(BOB, GAMES, 1) in tallies and Tally(BOB, STREAK, 1) in tallies


def test_every_achievement_is_reachable_in_these_games():
    reached: set[str] = set()
    for played in (
        play("svolota", [ANN, BOB, CY, None, None], seed=14),
        play("svolota", [ANN, BOB, CY], seed=7),
        play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,)),
        play("racing_demon", [ANN, None], seed=2, levels={1: "easy"}),
    ):
        reached |= {a for _, a in played.earned(tallies={p: {GAMES: 99, STREAK: 2, OUTS: 4} for p in PEOPLE})}
    assert reached == set(BY_ID)
