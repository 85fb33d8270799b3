"""Signing in to the card table inside Discord, as an Activity (issue 37): the server's half.

Inside the Activity frame the page learns the application's id (`GET /api/discord/session`), asks
Discord's client for an authorization code (the embedded app SDK's `authorize`) and posts it here
with its Activity instance's id: `POST /api/discord/session` `{"code", "instance"}`. This server,
and only it, knows the application's client secret (DISCORD_CLIENT_SECRET): it exchanges the code
at Discord's OAuth2 token endpoint, asks Discord whose token it is and for which application
(`GET /oauth2/@me`: a token of another application is refused; then `GET /users/@me` for the
person's name and their client's language), and where the instance runs and who is in it
(`GET /applications/{app}/activity-instances/{instance}`, with the bot's token: the person must be
in it, and it must be in a server's channel). The answer is `{"access_token", "table", "link"}`:
the token for the SDK's `authenticate`, and the table open in that channel with a link signed for
this person alone (the live table's, as a Discord panel's link: one visit, adapters/web/auth.py),
which the page opens the socket with. Everyone in one instance so reaches the same table: the
channel's open one (the newest, in a channel that allows several). In a channel with none, the
answer is `{"access_token", "table": null, "games", "text", "opener"}` instead: the person chooses a
game, and `POST /api/discord/table` `{"opener", "game"}` opens its table in the channel (announced
there as a command's would be) and answers `{"table", "link"}`; an opener is good once.

Refused, each with `{"error", "text"}` (the text in the person's language where it is known) and
nothing changed: a body that is not the JSON asked for, a code Discord does not take (forged,
expired, or used before: a code is taken once here too), a token of another application, an
instance Discord does not show the bot (not one of this application's, or in a server the bot is not
in), an instance the person is not in, one outside a server's channel; an opener unknown or used
before, a game that is none of ours. The secret and the tokens never go to a log or a page but as Discord
asks for them.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
from aiohttp import web
from cachetools import TTLCache
from pydantic import SecretStr

from adapters.discord.identities import PLATFORM
from bot.commands import Open
from bot.games import games, known_game
from bot.i18n import pick_language, translator
from bot.people import Actor, ChatRef, PersonRef
from bot.service import Service
from bot.ui.words import N_, game_name

log = logging.getLogger(__name__)

SESSION_PATH: Final = "/api/discord/session"
TABLE_PATH: Final = "/api/discord/table"
OPENER_SECONDS: Final = 600.0  # how long a sign-in may choose a game for its channel
TIMEOUT: Final = aiohttp.ClientTimeout(total=10.0)
CODES_KEPT: Final = 10_000  # codes taken, remembered while Discord's would still be good
CODE_SECONDS: Final = 600.0
MAX_BODY: Final = 4096
_CODE = re.compile(r"[A-Za-z0-9_.~-]{1,256}")  # (an OAuth2 code: URL-safe characters)
_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")  # an Activity instance's id ("i-…-gc-…-…")


class SignInRefused(Exception):
    """Why a sign-in is refused: `error` for the page and the logs, `message` for the person."""

    def __init__(self, error: str, message: str, status: int = 403) -> None:
        super().__init__(error)
        self.error = error
        self.message = message
        self.status = status


@dataclass(frozen=True, slots=True)
class Player:
    person: PersonRef
    name: str
    lang: str | None


@dataclass(frozen=True, slots=True)
class Instance:
    chat: ChatRef
    users: frozenset[str]


Sign = Callable[[PersonRef, str, str | None, int, bool], str]  # (…, table id, member) -> a link: WebServer.sign


class ActivitySignIn:
    def __init__(
        self,
        api_url: str,
        application: Callable[[], int | None],
        client_secret: SecretStr,
        bot_token: SecretStr,
        service: Service,
        sign: Sign,
        now: Callable[[], float] = time.time,
    ) -> None:
        """`application`: the application's id (known once the bot has logged in)."""
        self.api_url = api_url.rstrip("/")
        self._application = application
        self._secret = client_secret
        self._bot_token = bot_token
        self.service = service
        self.sign = sign
        self._codes: TTLCache[str, bool] = TTLCache(CODES_KEPT, CODE_SECONDS, timer=now)
        # a sign-in in a channel with no table: who may open one there, by the opener's token
        self._openers: TTLCache[str, tuple[Player, ChatRef]] = TTLCache(CODES_KEPT, OPENER_SECONDS, timer=now)

    def mount(self, app: web.Application) -> None:
        app.router.add_get(SESSION_PATH, self.client)
        app.router.add_post(SESSION_PATH, self.handle)
        app.router.add_post(TABLE_PATH, self.open)

    async def client(self, request: web.Request) -> web.Response:
        """`{"client_id", "text"}`: what the page's SDK names the application with (public, as in
        the Activity's own URL), and what the page says when Discord's client does not answer; 503
        until the bot has logged in."""
        try:
            client_id = self.application_id
        except SignInRefused as refused:
            return _refusal(request, refused)
        # (and what the page says if Discord's client never answers it, in the browser's language)
        text = translator(pick_language(request.headers.get("Accept-Language"))).gettext(SIGN_IN_AGAIN)
        return web.json_response({"client_id": client_id, "text": text})

    async def handle(self, request: web.Request) -> web.Response:
        try:
            code, instance_id = await _read(request)
            answer = await self.session(code, instance_id)
        except SignInRefused as refused:
            log.info("a Discord Activity sign-in refused: %s", refused.error)
            return _refusal(request, refused)
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    @property
    def application_id(self) -> str:
        application = self._application()
        if application is None:  # (the bot has not logged in yet)
            raise SignInRefused("the bot is not ready", SIGN_IN_AGAIN, 503)
        return str(application)

    async def session(self, code: str, instance_id: str) -> dict[str, Any]:
        """The access token, the table and a link to it for the person whose code this is."""
        if code in self._codes:
            raise SignInRefused("code used before", SIGN_IN_AGAIN, 401)
        self._codes[code] = True
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            token = await self._exchange(http, code)
            player = await self._player(http, token)
            instance = await self._instance(http, instance_id)
        if player.person.user_id not in instance.users:
            raise SignInRefused("not in the instance", NOT_IN_ACTIVITY)
        tables = await self.service.store.open_tables(instance.chat)
        if not tables:  # the person chooses a game, and opens its table in the channel
            opener = secrets.token_urlsafe(24)
            self._openers[opener] = (player, instance.chat)
            t = translator(player.lang or "en")
            choices = [{"game": g, "name": game_name(g, t)} for g in games()]
            return {"access_token": token, "table": None, "opener": opener, "games": choices, "text": t.gettext(CHOOSE)}
        table = max(tables, key=lambda t: t.id)
        link = self.sign(player.person, player.name, player.lang, table.id, True)  # in the channel: the lobby's buttons
        return {"access_token": token, "table": table.id, "link": link}

    async def open(self, request: web.Request) -> web.Response:
        """`POST /api/discord/table` `{"opener", "game"}`: the signed-in person opens a table of that
        game in the instance's channel (announced there as a command's would be): `{"table", "link"}`.
        An opener is good once, for OPENER_SECONDS."""
        try:
            body = await _body(request)
            opener, game = body.get("opener"), body.get("game")
            if not isinstance(opener, str) or not isinstance(game, str) or not known_game(game):
                raise SignInRefused("not a game to open", SIGN_IN_AGAIN, 400)
            held = self._openers.pop(opener, None)
            if held is None:
                raise SignInRefused("opener unknown or used", SIGN_IN_AGAIN, 401)
            player, chat = held
            reply = await self.service.handle(Open(chat, Actor(player.person, player.name, lang=player.lang), game))
            tables = await self.service.store.open_tables(chat)
            if not tables:  # (refused, and no table there either)
                return web.json_response({"error": "not opened", "text": reply.text}, status=409)
        except SignInRefused as refused:
            log.info("a table from a Discord Activity refused: %s", refused.error)
            return _refusal(request, refused)
        table = max(tables, key=lambda t: t.id)  # its own, or one opened there meanwhile
        link = self.sign(player.person, player.name, player.lang, table.id, True)
        return web.json_response({"table": table.id, "link": link}, headers={"Cache-Control": "no-store"})

    async def _exchange(self, http: aiohttp.ClientSession, code: str) -> str:
        form = {
            "client_id": self.application_id,
            "client_secret": self._secret.get_secret_value(),
            "grant_type": "authorization_code",
            "code": code,
        }
        data = await _call(http, "POST", f"{self.api_url}/oauth2/token", data=form)
        token = data.get("access_token") if data is not None else None
        if not isinstance(token, str) or not token:
            raise SignInRefused("code not taken", SIGN_IN_AGAIN, 401)
        return token

    async def _player(self, http: aiohttp.ClientSession, token: str) -> Player:
        """Whose token it is, checked to be this application's; their name and their client's
        language (`/users/@me` with the identify scope: `/oauth2/@me` has no locale)."""
        bearer = {"Authorization": f"Bearer {token}"}
        data = await _call(http, "GET", f"{self.api_url}/oauth2/@me", headers=bearer)
        application = (data or {}).get("application") or {}
        if str(application.get("id")) != self.application_id:
            raise SignInRefused("a token of another application", SIGN_IN_AGAIN, 401)
        user = await _call(http, "GET", f"{self.api_url}/users/@me", headers=bearer) or {}
        named = ((data or {}).get("user") or {}).get("id")
        if not isinstance(user.get("id"), str | int) or str(user["id"]) != str(named):
            raise SignInRefused("a token without its person", SIGN_IN_AGAIN, 401)
        name = str(user.get("global_name") or user.get("username") or user["id"])[:64]
        lang = pick_language(str(user.get("locale") or ""), "") or None
        return Player(PersonRef(PLATFORM, str(user["id"])), name, lang)

    async def _instance(self, http: aiohttp.ClientSession, instance_id: str) -> Instance:
        url = f"{self.api_url}/applications/{self.application_id}/activity-instances/{instance_id}"
        data = await _call(http, "GET", url, headers={"Authorization": f"Bot {self._bot_token.get_secret_value()}"})
        location = (data or {}).get("location") or {}
        if data is None or str(data.get("application_id")) != self.application_id:
            raise SignInRefused("an instance the bot does not see", NOT_HERE, 404)
        guild, channel = location.get("guild_id"), location.get("channel_id")
        if location.get("kind") != "gc" or not guild or not channel:
            raise SignInRefused("an instance outside a server's channel", NOT_HERE, 404)
        users = frozenset(str(u) for u in data.get("users") or [])
        return Instance(ChatRef(PLATFORM, str(guild), str(channel)), users)


# Words for the person (bot/locale: the catalog tests require them translated)
SIGN_IN_AGAIN = N_("Discord did not confirm who you are: close the game and open it again.")
NOT_IN_ACTIVITY = N_("You are not in this game's Activity: join it in Discord first.")
NOT_HERE = N_("This Activity is not one the bot can see: is the bot in this server?")
# TRANSLATORS: inside Discord, above the games to choose from when the Activity's channel has none open
CHOOSE = N_("No game is open in this channel yet. Which one do you start?")


def _refusal(request: web.Request, refused: SignInRefused) -> web.Response:
    """`{"error", "text"}`, the text in the language the browser asks for."""
    text = translator(pick_language(request.headers.get("Accept-Language"))).gettext(refused.message)
    return web.json_response({"error": refused.error, "text": text}, status=refused.status)


async def _body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, or refused."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise SignInRefused("too big", SIGN_IN_AGAIN, 413)
    try:
        body = await request.json()
    except ValueError:
        raise SignInRefused("not JSON", SIGN_IN_AGAIN, 400) from None
    if not isinstance(body, dict):
        raise SignInRefused("not an object", SIGN_IN_AGAIN, 400)
    return body


async def _read(request: web.Request) -> tuple[str, str]:
    body = await _body(request)
    code, instance = body.get("code"), body.get("instance")
    if (
        not isinstance(code, str)
        or not isinstance(instance, str)
        or not _CODE.fullmatch(code)
        or not _ID.fullmatch(instance)
    ):
        raise SignInRefused("not a sign-in", SIGN_IN_AGAIN, 400)
    return code, instance


async def _call(http: aiohttp.ClientSession, method: str, url: str, **options: Any) -> dict[str, Any] | None:
    """Discord's JSON answer, or None when it refuses (4xx); unreachable or 5xx: refused too, said
    apart. Nothing of the request (the secret, the tokens) goes to the log."""
    try:
        async with http.request(method, url, **options) as response:
            if 400 <= response.status < 500:
                return None
            if response.status >= 500:
                raise SignInRefused(f"Discord answered {response.status}", SIGN_IN_AGAIN, 503)
            data = await response.json(content_type=None)
    except (aiohttp.ClientError, TimeoutError, ValueError) as e:
        raise SignInRefused(f"Discord not reached: {type(e).__name__}", SIGN_IN_AGAIN, 503) from None
    return data if isinstance(data, dict) else None
