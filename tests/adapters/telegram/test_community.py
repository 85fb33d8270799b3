"""Table control and the community, end to end against the fake Bot API (as test_scenarios.py):
a lobby's house rules picked with its buttons and saved for the chat by an admin, "+1 min",
/kick and /votekick (the removed person told in private), /notify and the ping that mentions
exactly the people who asked, the season's podium when a month ends and /leaderboard's seasons.
Every request is checked against the Bot API spec by the `fake_api` fixture."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from adapters.telegram.arguments import Board, board_of, notify_of
from adapters.telegram.identities import PLATFORM
from bot.clock import FakeClock
from bot.deadlines import Kind
from bot.people import ChatRef, PersonRef
from bot.seasons import starts
from bot.tables import Status
from tests.adapters.telegram.fake_api import EDITS, FakeBotApi, _utf16_slice
from tests.adapters.telegram.test_scenarios import Running, answer, finish, open_svolota, table_of
from tests.adapters.telegram.world import Chat, Message, User

NOVEMBER = datetime(2026, 11, 30, 12, 0, tzinfo=UTC).timestamp()  # half a day before the season ends


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOVEMBER)


def person(user: User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


def chat_ref(chat: Chat) -> ChatRef:
    return ChatRef(PLATFORM, str(chat.id))


def labels(message: Message) -> list[str]:
    return [b["text"] for row in message.buttons for b in row]


async def said(api: FakeBotApi, bot: Running, user: User, chat: Chat, text: str, **kwargs: Any) -> Message:
    """`user` sends `text`; the bot's answer (a message replying to it)."""
    sent = api.send_text(user, chat, text, **kwargs)
    await bot.settled()
    return await api.wait_for(
        lambda: next((m for m in api.messages(chat, from_bot=True) if m.reply_to is sent), None),
        what=f"an answer to {text!r}",
    )


def expiry(table: Any) -> float:
    return next(d.due for d in table.deadlines if d.kind == Kind.LOBBY_EXPIRY)


# --- house rules ----------------------------------------------------------------------------------


async def test_a_lobby_s_house_rules_are_picked_by_buttons_and_saved_for_the_chat_by_an_admin(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        # bob opens the table; alice, the group's creator, is a chat admin but not the table's creator
        fake_api.send_text(bob, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        lobby = await bot.message_of(group, table_id)
        countdown = [e for e in lobby.entities if e["type"] == "date_time"]
        assert [e["unix_time"] for e in countdown] == [round(expiry(await bot.table(table_id)))]
        await answer(fake_api, fake_api.press(bob, lobby, text="House rules"))
        await bot.settled()
        rules = await bot.message_of(group, table_id)
        assert "Stacks: 5" in labels(rules) and "Match to: 0" in labels(rules), labels(rules)
        assert not any("Join" in label for label in labels(rules))
        # carol is neither the table's creator nor an admin: refused
        refused = await answer(fake_api, fake_api.press(carol, rules, text="Stacks"))
        assert refused.get("text")
        # bob, its creator, picks 4 stacks; alice, an admin, a match to 25
        assert not (await answer(fake_api, fake_api.press(bob, rules, text="Stacks"))).get("text")
        await bot.settled()
        rules = await bot.message_of(group, table_id)
        assert "Stacks: 4" in labels(rules), labels(rules)
        assert not (await answer(fake_api, fake_api.press(alice, rules, text="Match to"))).get("text")
        await bot.settled()
        rules = await bot.message_of(group, table_id)
        assert "Match to: 25" in labels(rules), labels(rules)
        level = next(label for label in labels(rules) if label.startswith("Computers"))
        assert not (await answer(fake_api, fake_api.press(bob, rules, text="Computers"))).get("text")
        await bot.settled()
        rules = await bot.message_of(group, table_id)
        assert level not in labels(rules)
        table = await bot.table(table_id)
        assert table.options == {"stacks": 4, "target": 25} and table.level != "normal"
        # saving for the chat is an admin's: bob, the creator, may not; alice may
        assert (await answer(fake_api, fake_api.press(bob, rules, text="Save for this chat"))).get("text")
        assert (await bot.store.chat_settings(chat_ref(group))).house_rules.get("speed") in (None, {})
        saved = await answer(fake_api, fake_api.press(alice, rules, text="Save for this chat"))
        assert "Saved" in saved.get("text", ""), saved
        await bot.settled()
        settings = await bot.store.chat_settings(chat_ref(group))
        assert settings.house_rules["speed"] == {"stacks": 4, "target": 25}
        assert settings.levels["speed"] == table.level
        # Telegram was asked about admins only for presses by people who did not open the table,
        # and for "save"
        asked = [r.params["user_id"] for r in fake_api.calls("getChatMember")]
        assert sorted(asked) == sorted([carol.id, alice.id, bob.id, alice.id]), asked
        # back to the lobby; "+1 min" by its creator gives it a minute more
        lobby = await bot.message_of(group, table_id)
        assert "Join" in labels(lobby)
        before = expiry(await bot.table(table_id))
        assert not (await answer(fake_api, fake_api.press(bob, lobby, text="+1 min"))).get("text")
        await bot.settled()
        assert expiry(await bot.table(table_id)) == before + 60
        lobby = await bot.message_of(group, table_id)
        assert [e["unix_time"] for e in lobby.entities if e["type"] == "date_time"] == [round(before + 60)]
        # a new table of that game here starts with the saved rules
        fake_api.send_text(bob, group, "/cancel")
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.CANCELLED
        fake_api.send_text(carol, group, "/speed")
        again = table_of(await fake_api.next_message(group))
        await bot.settled()
        assert (await bot.table(again)).options == {"stacks": 4, "target": 25}
        assert "Stacks: 4" in (await bot.message_of(group, again)).text


# --- /kick and /votekick --------------------------------------------------------------------------


async def test_a_vote_removes_a_player_and_tells_them_in_private(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        # naming nobody, or someone the bot does not know, is answered
        assert "Name one person" in (await said(fake_api, bot, alice, group, "/votekick")).text
        assert "@nobody_here" in (await said(fake_api, bot, alice, group, "/votekick @nobody_here")).text
        # carol, who did not open the table and is no admin, may not remove at once
        assert (await said(fake_api, bot, carol, group, "/kick Боря")).text.startswith("✗ ")
        # carol starts a vote about bob by replying to his message
        hello = fake_api.send_text(bob, group, "brb")
        fake_api.send_text(carol, group, "/votekick", reply_to=hello)
        await bot.settled()
        table = await bot.table(table_id)
        assert table.vote is not None and table.seats[table.vote.target].person == person(bob)
        board = await bot.message_of(group, table_id)
        assert "🗳" in board.text and bob.first_name in board.text
        assert any(e["type"] == "date_time" for e in board.entities)  # the vote's time left counts down
        # bob may not vote about himself; alice's yes makes the majority of the other two
        assert (await answer(fake_api, fake_api.press(bob, board, text="Remove"))).get("text")
        assert not (await answer(fake_api, fake_api.press(alice, board, text="Remove"))).get("text")
        await bot.settled()
        table = await bot.table(table_id)
        assert table.vote is None and person(bob) in table.kicked
        assert all(seat.person != person(bob) for seat in table.seats)
        board = await bot.message_of(group, table_id)
        assert "voted out" in board.text and not any("Remove" in label for label in labels(board))
        # bob hears of it in private: a final panel, without buttons
        panel = await bot.message_of(fake_api.private_chat(bob), table_id, str(bob.id), "panel")
        assert panel.text.startswith("🚫") and not panel.buttons, panel.text
        assert table.status is Status.PLAYING


async def test_the_creator_removes_someone_from_a_lobby_by_name_and_they_cannot_join_again(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/svolota")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()
        assert len((await bot.table(table_id)).seats) == 2
        # a reply and a name at once name two people: one is asked for
        hello = fake_api.send_text(carol, group, "hi")
        assert "Name one person" in (await said(fake_api, bot, alice, group, "/kick @borya_k", reply_to=hello)).text
        fake_api.send_text(alice, group, "/kick боря")  # the name the table shows, in any case
        await bot.settled()
        table = await bot.table(table_id)
        assert [s.person for s in table.seats] == [person(alice)] and person(bob) in table.kicked
        board = await bot.message_of(group, table_id)
        assert "removed" in board.text
        private = fake_api.last_message(fake_api.private_chat(bob))
        assert private is not None and private.text.startswith("🚫") and not private.buttons
        refused = await answer(fake_api, fake_api.press(bob, board, text="Join"))
        assert refused.get("text")
        assert len((await bot.table(table_id)).seats) == 1


# --- /notify --------------------------------------------------------------------------------------


def named(message: Message) -> set[int | str]:
    """Whom a message's entities notify: user ids of text mentions, @usernames of mentions."""
    found: set[int | str] = set()
    for e in message.entities:
        if e["type"] == "text_mention":
            found.add(e["user"]["id"])
        elif e["type"] == "mention":
            found.add(_utf16_slice(message.text, e["offset"], e["length"]))
    return found


async def test_a_new_lobby_pings_exactly_the_people_who_asked(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, dave: User, group: Chat
):
    fake_api.join(group, dave)
    async with Running(fake_api, url, clock) as bot:
        for user in (bob, carol, alice):
            answered = await said(fake_api, bot, user, group, "/notify")
            assert not answered.text.startswith("✗ "), answered.text
        assert "/notify on" in (await said(fake_api, bot, dave, group, "/notify maybe")).text
        sent = len(fake_api.messages(group, from_bot=True))
        fake_api.send_text(alice, group, "/svolota")
        lobby = await fake_api.next_message(group)
        table_id = table_of(lobby)
        await bot.settled()
        new = fake_api.messages(group, from_bot=True)[sent:]
        pings = [m for m in new if m is not lobby]
        assert len(pings) == 1, new
        ping = pings[0]
        # bob by his @username, carol (who has none) by a text mention; alice opened it: not her
        assert named(ping) == {f"@{bob.username}", carol.id}, (ping.text, ping.entities)
        assert not ping.buttons
        await bot.settled()
        assert not [r for r in fake_api.calls() if r.method in EDITS and r.params.get("message_id") == ping.message_id]
        # bob stops; the next lobby (carol's) names alice only
        assert not (await said(fake_api, bot, bob, group, "/notify off")).text.startswith("✗ ")
        fake_api.send_text(alice, group, "/cancel")
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.CANCELLED
        sent = len(fake_api.messages(group, from_bot=True))
        fake_api.send_text(carol, group, "/svolota")
        lobby = await fake_api.next_message(group)
        await bot.settled()
        pings = [m for m in fake_api.messages(group, from_bot=True)[sent:] if m is not lobby]
        assert len(pings) == 1 and named(pings[0]) == {f"@{alice.username}"}, [(m.text, m.entities) for m in pings]


# --- seasons --------------------------------------------------------------------------------------


@pytest.mark.async_timeout(120)
async def test_when_a_month_ends_the_chat_gets_the_season_s_podium(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()  # (two people: a full Speed table starts by itself)
        assert (await finish(bot, table_id)).status is Status.FINISHED
        assert clock.now() < starts("2026-12")
        # this season's leaderboard (the default), all time, the season by name; a bad season is refused
        season = (await said(fake_api, bot, alice, group, "/leaderboard speed")).text
        assert alice.first_name in season and "November 2026" in season, season
        assert season.endswith("/leaderboard speed alltime"), season  # how to switch, in this bot's words
        always = (await said(fake_api, bot, alice, group, "/leaderboard speed alltime")).text
        assert alice.first_name in always and always.endswith("/leaderboard speed"), always
        assert (await said(fake_api, bot, alice, group, "/leaderboard speed 2026-13")).text.startswith("✗ ")
        # December: the chat gets November's podium, once, as a photo with its caption
        photos = len(fake_api.calls("sendPhoto", chat=group, ok=True))
        clock.advance(starts("2026-12") - clock.now() + 5)
        await bot.service.community.announce_seasons()
        await bot.settled()
        await bot.service.community.announce_seasons()  # (and the scheduler's own call): once per chat and season
        await bot.settled()
        podiums = [r for r in fake_api.calls("sendPhoto", chat=group, ok=True)[photos:] if "caption" in r.params]
        assert len(podiums) == 1, [r.params for r in podiums]
        caption = podiums[0].params["caption"]
        assert "November 2026" in caption and alice.first_name in caption, caption
        assert "reply_markup" not in podiums[0].params
        # the new season's leaderboard is empty; November's and all time's still have alice
        assert alice.first_name not in (await said(fake_api, bot, alice, group, "/leaderboard speed")).text
        assert alice.first_name in (await said(fake_api, bot, alice, group, "/leaderboard speed 2026-11")).text
        assert alice.first_name in (await said(fake_api, bot, alice, group, "/leaderboard speed always")).text


# --- the words of the commands --------------------------------------------------------------------


@pytest.mark.parametrize(
    "words, game, everywhere, season",
    [
        ([], None, False, None),
        (["speed"], "speed", False, None),
        (["demon", "alltime"], "racing_demon", False, "all"),
        (["всегда", "svolota", "везде"], "svolota", True, "all"),
        (["all"], None, True, None),  # "all" stays every chat, as before seasons
        (["2026-11", "speed"], "speed", False, "2026-11"),
        (["2026-13"], None, False, "2026-13"),  # (handed on: the service refuses it)
        (["Everywhere", "2026-02", "ALWAYS"], None, True, "all"),
    ],
)
def test_leaderboard_words(words: list[str], game: str | None, everywhere: bool, season: str | None) -> None:
    assert board_of(words) == Board(game, everywhere, season)


@pytest.mark.parametrize(
    "words, on", [([], None), (["on"], True), (["OFF"], False), (["вимк"], False), (["так"], True)]
)
def test_notify_words(words: list[str], on: bool | None) -> None:
    assert notify_of(words) is on
    with pytest.raises(ValueError):
        notify_of(["maybe"])
