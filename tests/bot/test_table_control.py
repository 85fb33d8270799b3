"""Table control: removing a person who stalls (creator or admin at once, anyone seated by a vote),
and the lobby's own controls (house rules by buttons, the computers' level, a minute more)."""

import asyncio
import json

from adapters.sql.replay import replay_lines
from bot.commands import Kick, Press
from bot.deadlines import Kind
from bot.kicks import expire_vote
from bot.people import Actor
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import Reply
from tests.bot.harness import ANN, BOB, CHAT, CY, DAN, Harness, person
from tests.names import named

ADMIN = person("Ada", admin=True)


def kick(h: Harness, actor: Actor, target: Actor | None = None, name: str = "", vote: bool = False) -> Reply:
    return h.run(h.service.handle(Kick(CHAT, actor, None if target is None else target.person, name, vote)))


def svolota_of(h: Harness, *people: Actor) -> int:
    """A Svolota game under way with these people (the first opens it)."""
    t = h.open(people[0], "svolota").table_id
    for p in people[1:]:
        h.press(p, t, "Join")
    if h.table(t).status is Status.LOBBY:
        h.press(people[0], t, "Start")
    assert h.table(t).status is Status.PLAYING
    return t


# ----- removing at once ---------------------------------------------------------------------


def test_the_creator_removes_someone_from_the_lobby_and_they_cannot_come_back():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    assert kick(h, ANN, BOB).text == named("🚫 Bob was removed from the table.")
    assert [s.name for s in h.table(t).seats] == ["Ann"]
    assert named("Bob was removed") in h.screen(t, slot="table").text
    told = h.screen(t, BOB, "panel")
    assert told.final and not told.buttons and "removed" in told.text
    reply = h.press(BOB, t, "Join")
    assert not reply.ok and reply.text == "you were removed from this table"


def test_a_person_removed_from_a_game_leaves_their_seat_to_a_computer():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY)
    assert kick(h, ADMIN, name="bob").ok  # a chat admin, by the name the table shows
    seat = h.table(t).seats[1]
    assert seat.name == "Bob" and seat.person is None and seat.computer
    assert "A computer plays your seat" in h.screen(t, BOB, "panel").text
    h.advance(4000, step=1)
    assert h.table(t).status is Status.FINISHED  # the game went on to its end


def test_only_the_creator_or_an_admin_removes_at_once_and_nobody_removes_themselves():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY)
    version = h.table(t).version
    reply = kick(h, BOB, CY)
    assert not reply.ok and "start a vote" in (reply.text or "")
    assert not kick(h, ANN, ANN).ok
    assert not kick(h, ANN, DAN).ok  # not at the table
    assert not kick(h, ANN, name="nobody").ok
    assert h.table(t).version == version


def test_there_is_nobody_to_remove_without_a_game():
    reply = kick(Harness(), ANN, BOB)
    assert not reply.ok and reply.text == "there is no game here"


# ----- votes --------------------------------------------------------------------------------


def test_a_vote_passes_with_a_majority_of_the_others():
    h = Harness()
    t = h.open(ANN, "racing_demon").table_id
    for p in (BOB, CY, DAN):
        h.press(p, t, "Join")
    reply = kick(h, BOB, DAN, vote=True)  # voters: Ann, Bob, Cy; 2 needed; Bob said yes
    assert reply.ok and reply.text == named("🗳 The vote on Dan is on the board.")
    assert named("Remove Dan? Yes: 1 of 2") in h.screen(t, slot="table").text
    reply = h.press(DAN, t, "Remove")
    assert not reply.ok and "about you" in (reply.text or "")
    assert not h.press(BOB, t, "Remove").ok  # voted already
    assert h.press(CY, t, "Remove").ok
    assert [s.name for s in h.table(t).seats] == ["Ann", "Bob", "Cy"]
    assert h.table(t).vote is None and named("Dan was voted out") in h.screen(t, slot="table").text


def test_a_vote_fails_once_it_cannot_pass_and_when_its_time_is_up():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY, DAN)
    kick(h, BOB, DAN, vote=True)
    h.press(ANN, t, "Keep")
    h.press(CY, t, "Keep")
    assert h.table(t).vote is None and h.table(t).seats[3].person == DAN.person
    assert named("The vote failed: Dan stays") in h.screen(t, slot="table").text
    kick(h, BOB, DAN, vote=True)
    h.advance(61, step=1)
    assert h.table(t).vote is None and h.table(t).seats[3].person == DAN.person
    assert not any(d.kind == Kind.VOTE for d in h.table(t).deadlines)


def test_one_vote_at_a_time_and_a_button_of_an_earlier_vote_is_stale():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY, DAN)
    kick(h, BOB, DAN, vote=True)
    old = h.button(t, "Remove").token
    reply = kick(h, CY, ANN, vote=True)
    assert not reply.ok and reply.text == "a vote is already running at this table"
    h.advance(61, step=1)
    kick(h, BOB, DAN, vote=True)
    assert not h.press_token(ANN, old or "").ok
    assert h.table(t).vote is not None and h.table(t).vote.yes == [1]


def test_two_people_at_a_table_the_other_is_the_majority():
    h = Harness()
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    assert kick(h, BOB, ANN, vote=True).ok
    assert h.table(t).seats[0].person is None


def test_two_yes_votes_at_once_remove_once_and_the_later_one_finds_the_vote_over():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY, DAN)
    kick(h, ANN, DAN, vote=True)  # 2 of Ann, Bob and Cy needed
    token = h.button(t, "Remove").token or ""

    async def both() -> list[Reply]:
        return list(await asyncio.gather(*(h.service.handle(Press(p, token, where=CHAT)) for p in (BOB, CY))))

    replies = h.run(both())
    assert sorted(r.ok for r in replies) == [False, True]
    assert [r.text for r in replies if not r.ok] == ["that vote is over"]
    assert h.table(t).seats[3].person is None and h.table(t).kicked == [DAN.person]


def test_a_voter_who_leaves_is_no_longer_counted():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY, DAN)
    kick(h, ANN, DAN, vote=True)  # voters Ann, Bob, Cy: 2 needed
    h.press(CY, t, "Keep")
    h.press_token(
        BOB, h.button(t, "Leave", BOB).token or "", where=None
    )  # voters Ann and Cy: still 2 needed, Cy said no: it cannot pass
    assert h.table(t).vote is None and h.table(t).seats[3].person == DAN.person


# ----- the lobby's controls -----------------------------------------------------------------


def test_the_creator_picks_house_rules_with_buttons_and_they_are_played():
    h = Harness()
    t = h.open(ANN, "speed").table_id
    h.press(ANN, t, "House rules")
    labels = [b.label for row in h.screen(t, slot="table").buttons for b in row]
    assert "Stacks: 5" in labels and "Alternating colours: off" in labels and "Computers: normal" in labels
    reply = h.press(BOB, t, "Stacks")
    assert not reply.ok and "only the player who opened" in (reply.text or "")
    h.press(ANN, t, "Stacks")
    h.press(ANN, t, "Alternating colours")
    h.press(ANN, t, "Computers")
    assert h.table(t).options == {"stacks": 4, "colours": True} and h.table(t).level == "hard"
    h.press(ANN, t, "Done")
    assert "House rules: Alternating colours: on, Stacks: 4" in h.screen(t, slot="table").text
    h.press(ANN, t, "+ Computer")  # (two seats: Speed starts)
    assert h.table(t).seats[1].level == "hard"
    state = json.loads(h.table(t).state or "{}")
    assert state["options"]["stacks"] == 4 and state["options"]["colours"] is True


def test_an_admin_saves_the_lobbys_rules_as_the_chats_and_the_next_lobby_starts_with_them():
    h = Harness()
    t = h.open(ADMIN, "racing_demon").table_id
    h.press(ADMIN, t, "House rules")
    h.press(ADMIN, t, "Aces by themselves")
    h.press(ADMIN, t, "Computers")  # normal → hard
    reply = h.press(ADMIN, t, "Save for this chat")
    assert reply.ok and "start with these rules" in (reply.text or "")
    h.cancel(ADMIN)
    t2 = h.open(BOB, "racing_demon").table_id
    assert h.table(t2).options == {"auto_aces": True} and h.table(t2).level == "hard"
    h.press(BOB, t2, "House rules")
    reply = h.press(BOB, t2, "Save for this chat")
    assert not reply.ok and reply.text == "only a chat admin can change the settings"


def test_a_minute_more_for_the_lobby_moves_its_expiry():
    h = Harness(ServiceConfig(lobby_seconds=600))
    t = h.open(ANN, "svolota").table_id
    due = next(d.due for d in h.table(t).deadlines if d.kind == Kind.LOBBY_EXPIRY)
    assert "Joining closes in 10 min" in h.screen(t, slot="table").text
    assert not h.press(BOB, t, "+1 min").ok
    h.press(ANN, t, "+1 min")
    h.press(ANN, t, "+1 min")
    assert next(d.due for d in h.table(t).deadlines if d.kind == Kind.LOBBY_EXPIRY) == due + 120
    h.press(BOB, t, "Join")  # activity does not take the minutes back
    assert next(d.due for d in h.table(t).deadlines if d.kind == Kind.LOBBY_EXPIRY) == due + 120
    h.advance(600 + 119)
    assert h.table(t).status is Status.LOBBY
    h.advance(2)
    assert h.table(t).status is Status.EXPIRED


def test_a_game_with_a_removal_replays_from_its_log_as_it_was_played():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY)
    kick(h, ANN, BOB)
    h.advance(4000, step=1)
    table = h.table(t)
    assert table.status is Status.FINISHED and table.kicked == [BOB.person]
    assert list(replay_lines(table, h.log(t)))[-1] == "the replay matches the saved game"


def test_a_lobby_vote_ends_when_a_seat_goes_and_seats_move_up():
    h = Harness()
    t = h.open(ANN, "racing_demon").table_id
    h.press(ANN, t, "+ Computer")
    for p in (BOB, CY, DAN):
        h.press(p, t, "Join")
    kick(h, BOB, DAN, vote=True)
    h.press(ANN, t, "− Computer")  # Dan's seat moves up: a vote by seat would now name someone else
    assert h.table(t).vote is None and not any(d.kind == Kind.VOTE for d in h.table(t).deadlines)
    assert [s.name for s in h.table(t).seats] == ["Ann", "Bob", "Cy", "Dan"]


def test_an_admin_removing_the_last_person_of_a_lobby_closes_it():
    h = Harness()
    t = h.open(ANN, "svolota").table_id
    h.press(ANN, t, "+ Computer")
    assert kick(h, ADMIN, ANN).ok
    assert h.table(t).status is Status.CANCELLED


def test_a_vote_whose_game_ended_meanwhile_just_goes():
    h = Harness()
    t = svolota_of(h, ANN, BOB, CY, DAN)
    kick(h, ANN, DAN, vote=True)
    table = h.table(t)
    (deadline,) = [d for d in table.deadlines if d.kind == Kind.VOTE]
    table.status = Status.FINISHED
    version = table.version
    assert not expire_vote(table, deadline, h.clock.now() + 60)
    assert table.vote is None and table.version == version and table.notice is None
