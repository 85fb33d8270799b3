"""Signing in to the card table as a Discord Activity (#37), the server's half, against the fake
Discord on 127.0.0.1: a person in an Activity instance posts the code Discord's client gave their
page, and gets the access token (for the SDK) and a link to the table open in the instance's channel,
signed for them, which opens the live table's socket. Everyone in the instance reaches that table.
In a channel with no table, the person chooses a game and opens its table there.

With Activities (the application's EMBEDDED flag and DISCORD_CLIENT_SECRET), a game command opens the
Activity for the person (the table opens in the channel as ever), and that instance's sign-in
reaches the table; without them the command answers as ever.

Refused in words, nothing changed, no link: a forged code, a code used twice, another application's
code, a person not in the instance, an instance the bot cannot see (another server, or one it left),
a body that is no sign-in. The client secret goes only to the token
endpoint, in its form body, and never into a log or an answer."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
from pydantic import SecretStr

from adapters.discord.activity import SESSION_PATH, TABLE_PATH, ActivitySignIn
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.tokens import decode
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, slash, table_of
from tests.adapters.discord.world import EMBEDDED, Channel, User

LAUNCH_ACTIVITY = 12  # an interaction's answer: the application's Activity opened for the person


@dataclass
class Activity:
    fake: FakeDiscord
    server: WebServer
    store: MemoryStore
    http: aiohttp.ClientSession
    alice: User  # opened the table
    bob: User  # in the server, in the Activity
    mallory: User  # in the server, not in the Activity
    channel: Channel
    table_id: int
    instance: str

    async def sign_in(self, body: Any, lang: str = "en") -> tuple[int, dict[str, Any]]:
        return await self.post(SESSION_PATH, body, lang)

    async def post(self, path: str, body: Any, lang: str = "en") -> tuple[int, dict[str, Any]]:
        url = f"http://127.0.0.1:{self.server.port}{path}"
        data = body if isinstance(body, str) else json.dumps(body)
        headers = {"Content-Type": "application/json", "Accept-Language": lang}
        async with self.http.post(url, data=data, headers=headers) as response:
            return response.status, await response.json()

    async def hello(
        self, table_id: int, link: str, press: str | None = None
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The live table's first view (or refusal) for a hello with this link; then, with `press`,
        the answer to pressing the board's button of that action."""
        async with self.http.ws_connect(f"http://127.0.0.1:{self.server.port}/ws") as ws:
            await ws.send_json({"type": "hello", "table": table_id, "auth": {"kind": "link", "token": link}})
            first = await received(ws, ("view", "refused"))
            if press is None or first["type"] != "view":
                return first, None
            buttons = [b["token"] for row in first["board"]["buttons"] for b in row]
            tokens = [t for t in buttons if (decoded := decode(t)) is not None and decoded.action == press]
            assert tokens, f"no {press} among the board's buttons {buttons}"
            await ws.send_json({"type": "press", "token": tokens[0]})
            return first, await received(ws, ("answer",))


async def received(ws: aiohttp.ClientWebSocketResponse, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        message = json.loads((await ws.receive(timeout=10)).data)
        if message["type"] in kinds:
            return dict(message)


def person(user: User) -> Actor:
    return Actor(PersonRef("discord", str(user.id)), user.username, lang="en")


@asynccontextmanager
async def activity() -> AsyncIterator[Activity]:
    async with FakeDiscord() as fake:
        alice, bob, mallory = fake.add_user("alice"), fake.add_user("bob", locale="uk"), fake.add_user("mallory")
        guild = fake.add_guild("friends", alice, [bob, mallory])
        channel = next(iter(guild.channels.values()))
        store = MemoryStore()
        service = bootstrap(store, RecordingNotifier(), FakeClock(time.time()))
        chat = ChatRef("discord", str(guild.id), str(channel.id))
        table_id = (await service.handle(Open(chat, person(alice), "svolota", {}))).table_id
        assert table_id is not None
        server = WebServer(service, store, WebSettings(listen="127.0.0.1:0"), fake.token)
        signing = ActivitySignIn(
            fake.api_url,
            lambda: fake.application_id,
            SecretStr(fake.client_secret),
            SecretStr(fake.token),
            service,
            server.sign,
        )
        signing.mount(server.app)
        await server.start()
        try:
            async with aiohttp.ClientSession() as http:
                instance = fake.launch_activity(channel, alice, bob)
                yield Activity(fake, server, store, http, alice, bob, mallory, channel, table_id, instance)
        finally:
            await server.stop()
        assert fake.problems() == []  # every request of ours as Discord's spec has it


async def test_people_in_the_activity_sign_in_and_reach_the_channels_table(aio_loop):
    async with activity() as a:
        status, answer = await a.sign_in({"code": a.fake.authorize(a.alice), "instance": a.instance})
        assert status == 200 and answer["table"] == a.table_id and answer["access_token"]
        view, _ = await a.hello(a.table_id, answer["link"])
        assert view["type"] == "view" and view["seat"] == 0 and "Svolota" in view["board"]["text"]

        status, answer = await a.sign_in({"code": a.fake.authorize(a.bob), "instance": a.instance})
        assert status == 200 and answer["table"] == a.table_id  # the same table for everyone in it
        # in the instance, so in its channel: the lobby's buttons are his to press, and he joins
        view, answered = await a.hello(a.table_id, answer["link"], press="join")
        assert view["type"] == "view" and view["seat"] is None and view["lang"] == "uk"  # his Discord's language
        assert answered is not None and answered["ok"] is True, answered
        table = await a.store.load(a.table_id)
        assert table is not None and [s.person.user_id for s in table.seats if s.person] == [
            str(a.alice.id),
            str(a.bob.id),
        ]


async def test_in_a_channel_with_no_table_the_person_chooses_a_game_and_opens_its_table_there(aio_loop):
    async with activity() as a:
        guild = a.channel.guild
        assert guild is not None
        quiet = a.fake.add_channel(guild, "quiet")
        instance = a.fake.launch_activity(quiet, a.bob)
        status, answer = await a.sign_in({"code": a.fake.authorize(a.bob), "instance": instance})
        assert status == 200 and answer["table"] is None and "link" not in answer
        assert [g["game"] for g in answer["games"]] == ["svolota", "speed", "racing_demon"]
        assert answer["games"][1]["name"] == "Швидкість"  # Speed, in his language

        for wrong in ({"opener": answer["opener"], "game": "chess"}, {"opener": "made-up", "game": "speed"}):
            status, refused = await a.post(TABLE_PATH, wrong)
            assert status in (400, 401) and refused["text"], refused
        status, opened = await a.post(TABLE_PATH, {"opener": answer["opener"], "game": "speed"})
        assert status == 200, opened
        table = await a.store.load(opened["table"])
        assert table is not None and table.game == "speed" and table.chat.thread_id == str(quiet.id)
        assert table.seats[0].person == PersonRef("discord", str(a.bob.id))  # his, as a command's would be
        view, _ = await a.hello(opened["table"], opened["link"])
        assert view["type"] == "view" and view["seat"] == 0
        status, again = await a.post(TABLE_PATH, {"opener": answer["opener"], "game": "speed"})
        assert status == 401 and again["error"] == "opener unknown or used"  # an opener opens once


async def test_bad_sign_ins_are_refused_in_words_and_change_nothing(aio_loop, caplog):
    caplog.set_level(logging.DEBUG)
    async with activity() as a:
        before = await a.store.load(a.table_id)
        used = a.fake.authorize(a.alice)
        assert (await a.sign_in({"code": used, "instance": a.instance}))[0] == 200
        elsewhere = a.fake.add_guild("elsewhere", a.mallory)
        refusals = {
            "forged code": {"code": "not-a-code-discord-gave", "instance": a.instance},
            "code used twice": {"code": used, "instance": a.instance},
            "another application's code": {"code": a.fake.authorize(a.alice, 42), "instance": a.instance},
            "not in the instance": {"code": a.fake.authorize(a.mallory), "instance": a.instance},
            "unknown instance": {"code": a.fake.authorize(a.alice), "instance": "i-1-gc-2-3"},
            "the bot not in that server": {
                "code": a.fake.authorize(a.mallory),
                "instance": a.fake.launch_activity(next(iter(elsewhere.channels.values())), a.mallory),
            },
            "no instance": {"code": a.fake.authorize(a.alice)},
            "not an object": [1, 2],
        }
        elsewhere.members.pop(a.fake.bot.id)  # (the bot left that server)
        for why, body in refusals.items():
            status, answer = await a.sign_in(body)
            assert 400 <= status < 500 and set(answer) == {"error", "text"}, (why, status, answer)
            assert answer["text"] and "Traceback" not in answer["text"], (why, answer)
        status, answer = await a.sign_in("{not json", lang="uk")
        assert status == 400 and answer["text"] == "Discord не підтвердив, хто ви: закрийте гру й відкрийте знову."
        after = await a.store.load(a.table_id)
        assert after is not None and before is not None and after.version == before.version
        secret = a.fake.client_secret
        carried = [r.route for r in a.fake.requests if secret in json.dumps(r.body)]
        assert set(carried) == {"/oauth2/token"}  # the secret goes to the token endpoint alone
        assert secret not in caplog.text
        assert all(secret not in (r.authorization or "") for r in a.fake.requests)


# --- /play with Activities: the real discord.py bot against the fake Discord -----------------------

WEB = "https://cards.example.org"


async def test_a_game_command_opens_the_activity_where_the_application_has_one_and_its_sign_in_reaches_the_table(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, channel: Channel, monkeypatch: Any
):
    monkeypatch.setenv("CARDBOT_WEB_URL", WEB)
    monkeypatch.setenv("CARDBOT_WEB_LISTEN", "127.0.0.1:0")
    fake = fake_discord
    fake.application_flags |= EMBEDDED
    async with Running(fake, url, clock, client_secret=fake.client_secret) as bot:
        opened = await slash(fake, alice, channel, "svolota")
        assert opened.response_type == LAUNCH_ACTIVITY and opened.launched is not None
        await bot.settled()
        table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]  # the board in the channel, as ever
        server = bot.app.web
        assert server is not None
        body = {"code": fake.authorize(alice), "instance": opened.launched}
        url = f"http://127.0.0.1:{server.port}{SESSION_PATH}"
        async with aiohttp.ClientSession() as http, http.post(url, json=body) as response:
            answer = await response.json()
        assert response.status == 200 and answer["table"] == table_id, answer


async def test_without_activities_a_game_command_answers_as_ever(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, channel: Channel, monkeypatch: Any
):
    monkeypatch.setenv("CARDBOT_WEB_URL", WEB)
    monkeypatch.setenv("CARDBOT_WEB_LISTEN", "127.0.0.1:0")
    fake = fake_discord  # (its application has no Activities: no EMBEDDED flag)
    async with Running(fake, url, clock, client_secret=fake.client_secret) as bot:
        opened = await slash(fake, alice, channel, "svolota")
        assert opened.response_type != LAUNCH_ACTIVITY and opened.ephemeral and opened.original is not None
        assert "✅" in opened.original.content
        await bot.settled()
