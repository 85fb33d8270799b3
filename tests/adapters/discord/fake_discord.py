"""A fake Discord (REST API v10 + gateway websocket) on 127.0.0.1 for tests of the real discord.py stack.

Point discord.py at it (see `fake.patch_discord()`, or set `discord.http.Route.BASE = fake.api_url`
and `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)` and restore them).

REST answers carry `Content-Type: application/json` exactly (discord.py reads JSON only then), the
rate-limit headers (`X-RateLimit-*`) and `Via` (discord.py treats a 429 without `Via` as a
Cloudflare ban). Errors are Discord's: `{"message": ..., "code": ...}` (plus `errors` for 50035).

Behind it is a small world (see `world.py`): people with locales, guilds with roles, channels and
members, messages per channel, ephemeral messages per person, and interactions. Tests make people
act (`slash`, `click`, `choose`, `say`) — which dispatches INTERACTION_CREATE / MESSAGE_CREATE on the
gateway — and read what people see (`messages`, `ephemeral_messages`, `seen_by`, `interaction(...)`
with its `original` response and `followups`; a message's `buttons` and `selects`).

Interactions follow Discord's rules: the first callback must come within 3 s (`ack_deadline`) or
Discord answers 404 "Unknown interaction" (10062) and the interaction is recorded as late; a second
callback gets 400 "Interaction has already been acknowledged." (40060); the token (follow-ups,
@original) expires after 15 minutes on the fake's clock (`advance()`), then 401 "Invalid Webhook
Token" (50027).

Every request is recorded (`requests`, `calls()`), can be made to fail (`fail_next`; every one while
an outage lasts, `begin_outage`, which also drops the gateway) or lose its answer after it was
carried out (`lose_next`; a message sent with `enforce_nonce` is made once per nonce, as Discord
does), can be rate limited for real (`rate_limit`), and its body is checked against Discord's
OpenAPI spec when `../shared/specs/discord-openapi-v10.json` exists (mismatches in `spec_errors`;
the fake then answers 400 Invalid Form Body like Discord), besides the fake's own checks of
Discord's limits (content length, 5 rows of 5 components, custom_id ≤ 100, unique custom ids,
command names…) whose breaches are answered 400 and recorded in `rejected`. `problems()` lists
everything a test should fail on.

Files come as Discord takes them: a multipart/form-data body of `payload_json` (checked against the
spec like a JSON body) and `files[n]` parts. Each `attachments[].id` must name an uploaded
`files[n]` part or (in an edit) an attachment the message has, else 400; an embed's
`attachment://name` that names none of the message's attachments, and a `.png` file that is no
PNG, are recorded in `broken` (Discord takes them and shows a broken picture). The files are kept
on the message (`attachments`, each with its bytes; `picture`, the one its embed shows; `uploads`,
how many files were ever uploaded to it). An edit that leaves `attachments` out keeps the message's
attachments; `attachments: []` removes them.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import itertools
import json
import math
import mimetypes
import re
import secrets
import time
import traceback
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from tests.adapters.discord import commands as cmds
from tests.adapters.discord.components import (
    BUTTON,
    LINK,
    SELECTS,
    STRING_SELECT,
    check_components,
    find_component,
    stored,
)
from tests.adapters.discord.gateway import DIRECT_MESSAGES, GUILD_MEMBERS, GUILD_MESSAGES, MESSAGE_CONTENT, Gateway
from tests.adapters.discord.spec_check import Spec, load_spec, template_regex
from tests.adapters.discord.world import (
    APPLICATION_COMMAND,
    ATTACHMENT_URL,
    DEFAULT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    EMBEDDED,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    MANAGE_MESSAGES,
    MESSAGE_COMPONENT,
    SEND_MESSAGES,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    USE_APPLICATION_COMMANDS,
    VIEW_CHANNEL,
    Attachment,
    Callback,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    User,
)
from tests.adapters.outage import HELD, Outage

T = TypeVar("T")
JSON = dict[str, Any]

DEFAULT_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.FakeDc.fake-token-for-the-fake-discord-server"
API_PREFIX = "/api/v10"
RESUME_PATH = "/resume/"
ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
MESSAGE_FLAGS_ALLOWED = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
PNG_SIGNATURE = b"\x89PNG"  # how a PNG file starts


class ApiError(Exception):
    """An error answer: HTTP status, Discord's JSON error code and message, and `errors` (50035)."""

    def __init__(
        self, status: int, code: int, message: str, errors: JSON | None = None, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors, self.headers = status, code, message, errors, headers or {}
        self.body: JSON = {"message": message, "code": code}
        if errors:
            self.body["errors"] = errors


def invalid_form_body(problems: list[tuple[list[Any], str, str]], prefix: list[Any] | None = None) -> ApiError:
    """400 Invalid Form Body (50035) with Discord's nested `errors` object."""
    errors: JSON = {}
    for path, code, message in problems:
        node = errors
        for part in [*(prefix or []), *path]:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return ApiError(400, 50035, "Invalid Form Body", errors)


def describe_problems(problems: list[tuple[list[Any], str, str]], prefix: list[Any] | None = None) -> list[str]:
    return [
        ".".join(str(p) for p in [*(prefix or []), *path]) + f": {message} ({code})" for path, code, message in problems
    ]


@dataclass
class Request:
    """One REST request the bot made."""

    method: str
    path: str  # after /api/v10, e.g. "/channels/123/messages"
    route: str | None  # its path template, e.g. "/channels/{channel_id}/messages"
    params: dict[str, str]  # the template's parameters
    query: dict[str, str]
    body: Any  # decoded JSON (the `payload_json` of a multipart body), or None
    time: float  # time.monotonic()
    files: list[Upload] = field(default_factory=list)  # the files of a multipart body
    authorization: str | None = None  # the Authorization header (OAuth2's calls carry no bot token)
    status: int = 0
    response: Any = None
    lost: bool = False  # carried out, its answer never sent (`lose_next`)

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def __repr__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class Upload:
    """A file part ("files[n]") of a multipart request."""

    field: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class _Failure:
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    count: int
    is_global: bool
    code: int
    message: str
    when: Callable[[Request], bool] | None


@dataclass
class _Bucket:
    limit: int
    per: float
    remaining: int
    reset_at: float  # time.time()


def route_pattern(pattern: str) -> re.Pattern[str]:
    """A matcher of "METHOD /path" strings for a pattern: "*" (anything), "/channels/*/messages",
    "POST /channels/{channel_id}/messages", "PATCH /webhooks/**" (`*` or `{name}` is one path
    segment, `**` the rest of the path; no method means any)."""
    if pattern.strip() == "*":
        return re.compile(r"^.*$")
    method, _, path = pattern.strip().rpartition(" ")
    parts = []
    for segment in path.strip("/").split("/"):
        if segment == "**":
            parts.append(".*")
        elif segment == "*" or (segment.startswith("{") and segment.endswith("}")):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(segment))
    method_part = re.escape(method.upper()) if method and method != "*" else "[A-Z]+"
    return re.compile(f"^{method_part} /" + "/".join(parts) + "$")


# (method, template, handler, needs the bot token)
ROUTES: list[tuple[str, str, str, bool]] = [
    ("GET", "/gateway", "get_gateway", False),
    ("GET", "/gateway/bot", "get_gateway_bot", True),
    ("GET", "/users/@me", "get_me", False),  # the bot's token, or a person's OAuth2 one (its handler checks)
    ("GET", "/users/{user_id}", "get_user", True),
    ("POST", "/users/@me/channels", "create_dm", True),
    ("GET", "/oauth2/applications/@me", "get_application", True),
    ("POST", "/oauth2/token", "oauth2_token", False),
    ("GET", "/oauth2/@me", "oauth2_me", False),
    ("GET", "/applications/{application_id}/activity-instances/{instance_id}", "get_activity_instance", True),
    ("GET", "/applications/@me", "get_application", True),
    ("GET", "/applications/{application_id}/commands", "list_commands", True),
    ("PUT", "/applications/{application_id}/commands", "put_commands", True),
    ("POST", "/applications/{application_id}/commands", "post_command", True),
    ("GET", "/applications/{application_id}/commands/{command_id}", "get_command", True),
    ("PATCH", "/applications/{application_id}/commands/{command_id}", "patch_command", True),
    ("DELETE", "/applications/{application_id}/commands/{command_id}", "delete_command", True),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "list_commands", True),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "put_commands", True),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", "post_command", True),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "get_command", True),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "patch_command", True),
    ("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "delete_command", True),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", "interaction_callback", False),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}", "followup", False),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "get_webhook_message", False),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "edit_webhook_message", False),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "delete_webhook_message", False),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "get_webhook_message", False),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "edit_webhook_message", False),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "delete_webhook_message", False),
    ("GET", "/channels/{channel_id}", "get_channel", True),
    ("GET", "/channels/{channel_id}/messages", "list_messages", True),
    ("POST", "/channels/{channel_id}/messages", "create_message", True),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "get_message", True),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "edit_message", True),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message", True),
    ("POST", "/channels/{channel_id}/typing", "typing", True),
    ("GET", "/guilds/{guild_id}", "get_guild", True),
    ("GET", "/guilds/{guild_id}/channels", "get_guild_channels", True),
    ("GET", "/guilds/{guild_id}/roles", "get_roles", True),
    ("GET", "/guilds/{guild_id}/members", "list_members", True),
    ("GET", "/guilds/{guild_id}/members/{user_id}", "get_member", True),
]
_COMPILED = sorted(
    ((method, template, template_regex(template), handler, auth) for method, template, handler, auth in ROUTES),
    key=lambda route: route[1].count("{"),  # literal segments ("@me", "@original") win
)


class FakeDiscord:
    """The fake server and its world. `await start()` before use, `await stop()` after (or `async with`)."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_name: str = "cardbot",
        bot_global_name: str = "Cardbot",
        heartbeat_interval: int = 41250,
        compression: str = "auto",
        privileged_intents: tuple[str, ...] = ("members", "presences", "message_content"),
        shards: int = 1,
        spec: Spec | Any | None = ...,
    ) -> None:
        """`compression`: "auto" sends zlib-stream binary frames when the URL asks (discord.py does),
        "none" always text frames. `privileged_intents`: those enabled for the application (others
        make IDENTIFY fail with 4014). `shards`: what GET /gateway/bot recommends."""
        self.token = token
        self.shards = shards
        self.privileged_intents = privileged_intents
        self._ids = itertools.count()
        self._last_id = 0
        self._offset = 0.0  # the fake clock is time.time() + offset
        self.bot = User(self._snowflake(), bot_name, bot_global_name, bot=True)
        self.application_id = self.bot.id
        self.application_flags = 0  # EMBEDDED: the application has Activities (LAUNCH_ACTIVITY answers)
        self.application_owner = User(self._snowflake(), "owner", "Owner")
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}  # by recipient id
        self.all_messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[JSON] = []
        # Activities (the card table inside Discord): the application's OAuth2 client secret, the codes
        # its client hands out (`authorize`), the access tokens they were exchanged for, the instances
        self.client_secret = "fake-client-secret-" + secrets.token_hex(8)
        self.codes: dict[str, tuple[int, int]] = {}  # code -> (user id, application id), taken once
        self.access_tokens: dict[str, tuple[int, int]] = {}  # token -> (user id, application id)
        self.activity_instances: dict[str, JSON] = {}
        self.guild_commands: dict[int, list[JSON]] = {}
        self.requests: list[Request] = []
        self.spec_errors: list[str] = []
        self.fake_errors: list[str] = []  # bugs of this fake, and its answers that are off the spec
        self.rejected: list[str] = []  # bodies Discord would refuse (the fake's own checks of its limits)
        self.broken: list[str] = []  # bodies Discord takes but shows broken (a picture that is missing or no PNG)
        self.unsupported: list[str] = []  # routes the fake does not implement
        self.late: list[Interaction] = []  # first callback after the deadline
        self.check_acknowledgements = True  # problems() reports unanswered interactions
        self.ack_deadline = ACK_DEADLINE
        self.token_lifetime = TOKEN_LIFETIME
        self.gateway_refuses_token = False  # IDENTIFY and RESUME closed with 4004 (a token reset meanwhile)
        self.spec: Spec | None = load_spec() if spec is ... else spec
        self.gateway = Gateway(self, heartbeat_interval=heartbeat_interval, compression=compression)
        self._failures: list[_Failure] = []
        self.outage: Outage | None = None  # Discord down (`begin_outage`)
        self.nonces: dict[tuple[int, str], tuple[Message, float]] = {}  # (channel, nonce) -> message made, when
        self._lose: list[tuple[re.Pattern[str], int]] = []  # (route, count): answers lost (`lose_next`)
        self._limits: list[tuple[re.Pattern[str], int, float]] = []
        self._buckets: dict[str, _Bucket] = {}
        self._runner: web.AppRunner | None = None
        self._changed_event = asyncio.Event()
        self.port = 0

    # ------------------------------------------------------------------------------------------
    # server

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """For `discord.http.Route.BASE`."""
        return f"{self.url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """For `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` (as a `yarl.URL`); also what
        GET /gateway/bot answers."""
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def resume_gateway_url(self) -> str:
        """What READY gives as `resume_gateway_url` (the same server, another path)."""
        return f"ws://127.0.0.1:{self.port}{RESUME_PATH}"

    async def start(self) -> None:
        app = web.Application(client_max_size=30 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._handle)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get(RESUME_PATH, self.gateway.handle)
        self._runner = web.AppRunner(app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._changed_event = asyncio.Event()

    async def stop(self) -> None:
        for connection in list(self.gateway.connections):
            if connection.close_code is None:
                with contextlib.suppress(Exception):
                    await connection.close(1001, "server stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.changed()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py (REST base and default gateway) at this fake for the `with` block."""
        import discord.gateway
        import discord.http
        import yarl

        old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @contextlib.asynccontextmanager
    async def running(self, client: Any, *, timeout: float = 10.0) -> AsyncIterator[Any]:
        """Run a discord.py client (`Client`, `commands.Bot`, `AutoShardedBot`…) against this fake
        for the `async with` block: started with the fake's token and ready (on_ready fired) on
        entry, closed on exit. Tip: `guild_ready_timeout=0.1` spares the 2 s discord.py waits for
        more GUILD_CREATEs before on_ready."""
        task = asyncio.create_task(client.start(self.token))
        try:
            await self.wait_for(lambda: task.done() or client.is_ready(), timeout, "the discord.py client to be ready")
            if task.done():
                task.result()
                raise RuntimeError("the discord.py client stopped before it was ready")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, 5.0)

    # ------------------------------------------------------------------------------------------
    # the clock and ids

    def now(self) -> float:
        """The fake's clock (Unix time): real time, moved on by `advance()`."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        """Move the fake's clock on: interaction deadlines and token expiry follow it."""
        self._offset += seconds
        self.changed()

    def _snowflake(self) -> int:
        value = (int(self.now() * 1000) - DISCORD_EPOCH_MS) << 22 | (1 << 17) | (next(self._ids) & 0xFFF)
        self._last_id = max(value, self._last_id + 1)
        return self._last_id

    # ------------------------------------------------------------------------------------------
    # REST

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files, content_type = await self._read(request)
        route = self._route(request.method, path)
        record = Request(
            method=request.method,
            path=path,
            route=route[1] if route else None,
            params=route[2] if route else {},
            query=dict(request.query),
            body=body,
            time=time.monotonic(),
            files=files,
            authorization=request.headers.get("Authorization"),
        )
        self.requests.append(record)
        headers: dict[str, str] = {}
        try:
            if route is None:
                self.unsupported.append(f"{request.method} {path}")
                raise ApiError(404, 0, "404: Not Found")
            handler, needs_auth = route[0], route[3]
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            if (outage := self.outage) is not None:
                record.status = HELD  # (if its client gives up)
                status = await outage.meet()
                raise ApiError(status, 0, f"{status}: {OUTAGE_MESSAGES[status]}")
            self._inject_failure(record)
            headers = self._rate_limit_headers(record)
            self._check_spec(record, content_type)
            result = handler(record)
            if asyncio.iscoroutine(result):
                result = await result
            status, answer = result if isinstance(result, tuple) else (200, result)
            if self.spec is not None and record.route is not None:
                self.fake_errors.extend(self.spec.check_response(record.route, record.method, status, answer))
            record.status, record.response = status, answer
            if self._lost(record):  # carried out, and the connection dropped before the answer
                assert request.transport is not None
                request.transport.abort()
            return _reply(status, answer, headers)
        except ApiError as error:
            record.status, record.response = error.status, error.body
            return _reply(error.status, error.body, {**headers, **error.headers})
        except Exception as error:  # a bug of this fake: make it visible
            self.fake_errors.append(f"{request.method} {path}: {traceback.format_exc()}")
            record.status = 500
            record.response = {"message": f"500: fake error {error!r}", "code": 0}
            return _reply(500, record.response, headers)
        finally:
            self.changed()

    async def _read(self, request: web.Request) -> tuple[Any, list[Upload], str]:
        if not request.can_read_body:
            return None, [], ""
        content_type = request.content_type
        if content_type == "multipart/form-data":
            form = await request.post()
            files = [
                Upload(key, value.filename, value.content_type, value.file.read())
                for key, value in form.items()
                if isinstance(value, web.FileField)
            ]
            raw = form.get("payload_json")
            return (json.loads(str(raw)) if raw is not None else None), files, content_type
        if content_type == "application/x-www-form-urlencoded":  # (OAuth2's token endpoint)
            return {k: str(v) for k, v in (await request.post()).items()}, [], content_type
        text = await request.text()
        if not text:
            return None, [], content_type
        if content_type != "application/json":
            self.spec_errors.append(f"{request.method} {request.path}: body sent as {content_type!r}, not JSON")
        try:
            return json.loads(text), [], content_type
        except ValueError:
            return text, [], content_type

    def _route(self, method: str, path: str) -> tuple[Callable[[Request], Any], str, dict[str, str], bool] | None:
        """(handler, template, parameters, needs the bot token) of a request; None if no route
        has this path; a handler answering 405 if no route of this path has this method."""
        allowed = []
        for route_method, template, regex, handler, auth in _COMPILED:
            match = regex.match(path)
            if match is None:
                continue
            if route_method == method:
                return getattr(self, f"_rest_{handler}"), template, match.groupdict(), auth
            allowed.append(route_method)
        if not allowed:
            return None

        def refuse(_: Request) -> Any:
            self.unsupported.append(f"{method} {path}")
            raise ApiError(405, 0, "405: Method Not Allowed")

        return refuse, path, {}, False

    def _check_spec(self, record: Request, content_type: str) -> None:
        """Discord's form validation: the spec (when present) and the fake's own limit checks."""
        if self.spec is None or record.route is None or not self.spec.has(record.route, record.method):
            return
        errors = self.spec.check_request(record.route, record.method, record.body, content_type or "application/json")
        if errors:
            self.spec_errors.extend(errors)
            raise ApiError(
                400, 50035, "Invalid Form Body", {"_errors": [{"code": "SPEC", "message": e} for e in errors]}
            )

    # --- failures and rate limits ------------------------------------------------------------

    def fail_next(
        self,
        route: str = "*",
        status: int = 429,
        retry_after: float = 0.5,
        *,
        count: int = 1,
        is_global: bool = False,
        code: int | None = None,
        message: str | None = None,
        when: Callable[[Request], bool] | None = None,
    ) -> None:
        """Make the next `count` requests matching `route` fail with `status` (see `route_pattern`
        for the patterns; `when(request)` narrows further). A 429 carries Discord's body
        (`retry_after`, `global`) and headers (Retry-After, X-RateLimit-*, Via), which discord.py
        honours by sleeping `retry_after` and sending the request again."""
        defaults = {
            400: (50035, "Invalid Form Body"),
            401: (0, "401: Unauthorized"),
            403: (50013, "Missing Permissions"),
            404: (10008, "Unknown Message"),
            429: (0, "You are being rate limited."),
            500: (0, "500: Internal Server Error"),
            502: (0, "502: Bad Gateway"),
            503: (0, "503: Service Unavailable"),
        }
        default_code, default_message = defaults.get(status, (0, f"{status}: injected failure"))
        self._failures.append(
            _Failure(
                route_pattern(route),
                status,
                retry_after,
                count,
                is_global,
                default_code if code is None else code,
                message or default_message,
                when,
            )
        )

    def lose_next(self, route: str = "*", count: int = 1) -> None:
        """Carry out the next `count` requests matching `route`, then drop their connection before
        answering: the bot cannot tell whether they were."""
        self._lose.append((route_pattern(route), count))

    def _lost(self, record: Request) -> bool:
        for i, (pattern, count) in enumerate(self._lose):
            if pattern.match(f"{record.method} {record.path}") or pattern.match(f"{record.method} {record.route}"):
                self._lose[i] = (pattern, count - 1)
                if count <= 1:
                    del self._lose[i]
                record.lost = True
                return True
        return False

    async def begin_outage(self, statuses: tuple[int, ...] = (503, 500), hold: int = 4, refuse: int = 1) -> Outage:
        """Discord down until `end_outage`: every REST request is answered with one of `statuses`
        in turn, or (every `hold`th) held until the bot gives up or the outage ends (never carried
        out: tests/adapters/outage.py); the gateway drops every connection (4000: discord.py
        resumes) and refuses the next `refuse` connections with a 503."""
        self.outage = Outage(statuses, hold)
        self.gateway.refusing = refuse
        await self.gateway.drop()
        return self.outage

    def end_outage(self) -> None:
        if self.outage is not None:
            self.outage.end()
            self.outage = None

    def _inject_failure(self, record: Request) -> None:
        key = f"{record.method} {record.path}"
        for failure in self._failures:
            if not failure.pattern.match(key) and not failure.pattern.match(f"{record.method} {record.route}"):
                continue
            if failure.when is not None and not failure.when(record):
                continue
            failure.count -= 1
            if failure.count <= 0:
                self._failures.remove(failure)
            if failure.status == 429:
                raise self._too_many(record, failure.retry_after, is_global=failure.is_global, message=failure.message)
            raise ApiError(failure.status, failure.code, failure.message)

    def _too_many(self, record: Request, retry_after: float, *, is_global: bool = False, message: str = "") -> ApiError:
        error = ApiError(429, 0, message or "You are being rate limited.")
        error.body = {"message": error.message, "retry_after": round(retry_after, 3), "global": is_global, "code": 0}
        error.headers = {
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": self._bucket_hash(record),
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            error.headers["X-RateLimit-Global"] = "true"
        return error

    def rate_limit(self, route: str, limit: int, per: float) -> None:
        """Really rate limit the requests matching `route` (see `route_pattern`): `limit` per `per`
        seconds per bucket (route and major parameter: channel, guild or webhook). The headers tell
        discord.py, which waits before it would exceed them; an excess request gets a 429."""
        self._limits.append((route_pattern(route), limit, per))

    def _bucket_hash(self, record: Request) -> str:
        return hashlib.sha1(f"{record.method} {record.route}".encode()).hexdigest()[:16]

    def _rate_limit_headers(self, record: Request) -> dict[str, str]:
        key = f"{record.method} {record.path}"
        now = time.time()
        bucket_hash = self._bucket_hash(record)
        for pattern, limit, per in self._limits:
            if not (pattern.match(key) or pattern.match(f"{record.method} {record.route}")):
                continue
            major = next((record.params[p] for p in ("channel_id", "guild_id", "webhook_id") if p in record.params), "")
            if "webhook_token" in record.params:
                major += "/" + record.params["webhook_token"]
            bucket = self._buckets.setdefault(f"{bucket_hash}:{major}", _Bucket(limit, per, limit, now + per))
            if now >= bucket.reset_at:
                bucket.remaining, bucket.reset_at = bucket.limit, now + bucket.per
            if bucket.remaining <= 0:
                raise self._too_many(record, bucket.reset_at - now)
            bucket.remaining -= 1
            return {
                "X-RateLimit-Limit": str(bucket.limit),
                "X-RateLimit-Remaining": str(bucket.remaining),
                "X-RateLimit-Reset": f"{bucket.reset_at:.3f}",
                "X-RateLimit-Reset-After": f"{bucket.reset_at - now:.3f}",
                "X-RateLimit-Bucket": bucket_hash,
            }
        return {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{now + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": bucket_hash,
        }

    # ------------------------------------------------------------------------------------------
    # the world: people, guilds, channels

    def add_user(self, username: str, *, global_name: str | None = None, locale: str = "en-US") -> User:
        """A person; `locale` is their Discord client's language ("en-US", "ru", "uk"…)."""
        user = User(self._snowflake(), username, global_name, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        owner: User,
        members: list[User] = (),  # type: ignore[assignment]
        *,
        locale: str = "en-US",
        channels: tuple[str, ...] = ("general",),
        guild_id: int | None = None,
    ) -> Guild:
        """A guild owned by `owner` with `members` (the owner and the bot are added), an @everyone
        role with Discord's default permissions, and text channels. If a bot is connected, it gets
        GUILD_CREATE (it joined)."""
        guild = Guild(guild_id or self._snowflake(), name, owner, preferred_locale=locale, created=self.now())
        guild.roles[guild.id] = Role(guild.id, "@everyone", DEFAULT_PERMISSIONS)
        self.guilds[guild.id] = guild
        for user in [owner, *members, self.bot]:
            if user.id not in guild.members:
                guild.members[user.id] = Member(user, guild, joined_at=self.now())
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        self.gateway.dispatch(
            "GUILD_CREATE",
            lambda session: guild.gateway_dict(self.bot, all_members=False, large_threshold=250),
            guild_id=guild.id,
        )
        return guild

    def add_channel(self, guild: Guild, name: str, *, bot_denied: int = 0, topic: str | None = None) -> Channel:
        """A text channel; `bot_denied` permission bits are denied to the bot there (e.g. SEND_MESSAGES)."""
        channel = Channel(self._snowflake(), name, guild, position=len(guild.channels), topic=topic)
        if bot_denied:
            channel.denied[self.bot.id] = bot_denied
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        if guild.id in self.guilds and self.gateway.sessions:
            self.gateway.dispatch("CHANNEL_CREATE", channel.to_dict(), guild_id=guild.id)
        return channel

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(self._snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.gateway.dispatch(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_dict()}, guild_id=guild.id
        )
        return role

    def add_member(self, guild: Guild, user: User, *, roles: list[Role] = (), nick: str | None = None) -> Member:  # type: ignore[assignment]
        """Someone joins a guild (GUILD_MEMBER_ADD for bots with the members intent)."""
        member = Member(user, guild, list(roles), nick=nick, joined_at=self.now())
        guild.members[user.id] = member
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD", member.to_dict() | {"guild_id": str(guild.id)}, guild_id=guild.id, intent=GUILD_MEMBERS
        )
        return member

    def give_role(self, guild: Guild, user: User, role: Role) -> None:
        member = guild.members[user.id]
        if role not in member.roles:
            member.roles.append(role)
        self.gateway.dispatch(
            "GUILD_MEMBER_UPDATE",
            member.to_dict() | {"guild_id": str(guild.id)},
            guild_id=guild.id,
            intent=GUILD_MEMBERS,
        )

    def remove_member(self, guild: Guild, user: User) -> None:
        guild.members.pop(user.id, None)
        self.gateway.dispatch(
            "GUILD_MEMBER_REMOVE",
            {"guild_id": str(guild.id), "user": user.to_dict()},
            guild_id=guild.id,
            intent=GUILD_MEMBERS,
        )

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with `user` (created on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self._snowflake(), None, None, type=1, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def bot_permissions(self, channel: Channel) -> int:
        if channel.guild is None:
            return VIEW_CHANNEL | SEND_MESSAGES
        member = channel.guild.members.get(self.bot.id)
        return member.permissions_in(channel) if member else 0

    # ------------------------------------------------------------------------------------------
    # people act

    def slash(
        self,
        user: User,
        channel: Channel,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        require_bot: bool = True,
    ) -> int:
        """`user` runs the slash command `name` ("stats", or "group sub" for subcommands) in
        `channel` with `options` by name: str, int, float, bool, a User/Member (user option), a
        Channel or a Role. The command must have been synced (guild commands first, then global)
        and be available to the user (default_member_permissions, contexts). Returns the
        interaction id (see `interaction(id)`)."""
        guild = channel.guild
        self._check_member(user, channel)
        command, path = self._find_command(name, guild)
        self._check_can_use(user, channel, command)
        options_payload, resolved = cmds.interaction_options(
            command, path[1:], options or {}, self._resolve_value(guild, channel)
        )
        data: JSON = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
        if options_payload:
            data["options"] = options_payload
        if resolved:
            data["resolved"] = resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        interaction = self._interact(APPLICATION_COMMAND, user, channel, data, require_bot=require_bot)
        interaction.command_name = " ".join(path)
        return interaction.id

    def click(
        self,
        user: User,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        require_bot: bool = True,
    ) -> int:
        """`user` presses a button (by custom_id, or by `label`) of `message`. The message must be
        visible to them and the button enabled. Returns the interaction id."""
        self._check_can_see(user, message)
        if custom_id is None:
            if label is None:
                raise ValueError("click() needs a custom_id or a label")
            custom_id = message.button(label).custom_id
        component = find_component(message.components, custom_id or "")
        if component is None or component.get("type") != BUTTON:
            raise LookupError(f"no button with custom_id {custom_id!r} on {message!r}; it has {message.custom_ids}")
        if component.get("disabled"):
            raise ValueError(f"the button {component.get('label')!r} is disabled: nobody can press it")
        if component.get("style") == LINK:
            raise ValueError("a link button opens a URL: it sends no interaction")
        data = {"custom_id": custom_id, "component_type": BUTTON, "id": component.get("id")}
        return self._interact(MESSAGE_COMPONENT, user, message.channel, data, message, require_bot=require_bot).id

    def choose(
        self, user: User, message: Message, custom_id: str, values: list[str], *, require_bot: bool = True
    ) -> int:
        """`user` picks `values` in a string select menu of `message`. Returns the interaction id."""
        self._check_can_see(user, message)
        component = find_component(message.components, custom_id)
        if component is None or component.get("type") not in SELECTS:
            raise LookupError(f"no select menu with custom_id {custom_id!r} on {message!r}")
        if component.get("disabled"):
            raise ValueError(f"the select menu {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"choose between {low} and {high} values, not {len(values)}")
        if component["type"] == STRING_SELECT:
            offered = [o["value"] for o in component.get("options", [])]
            if any(value not in offered for value in values):
                raise ValueError(f"{values} are not all among the options {offered}")
        data = {
            "custom_id": custom_id,
            "component_type": component["type"],
            "values": values,
            "id": component.get("id"),
        }
        return self._interact(MESSAGE_COMPONENT, user, message.channel, data, message, require_bot=require_bot).id

    def say(self, user: User, channel: Channel, content: str) -> Message:
        """`user` writes a message in `channel` (MESSAGE_CREATE for bots with the messages intent;
        the content only with the message content intent, or when it mentions the bot)."""
        self._check_member(user, channel)
        message = self._new_message(channel, user, content=content)
        self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: JSON,
        message: Message | None = None,
        *,
        require_bot: bool,
    ) -> Interaction:
        self._check_member(user, channel)
        guild = channel.guild
        interaction_id = self._snowflake()
        raw = f"interaction:{interaction_id}:".encode() + secrets.token_bytes(96)
        token = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        interaction = Interaction(interaction_id, token, kind, user, channel, guild, self.now(), data, message=message)
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(self.bot_permissions(channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": channel.to_dict(),
        }
        if guild is not None:
            member = guild.members[user.id]
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "member": member.to_dict() | {"permissions": str(member.permissions_in(channel))},
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            }
        else:
            payload |= {"user": user.to_dict(), "authorizing_integration_owners": {"0": "0"}, "context": 1}
        if message is not None:
            payload["message"] = message.to_dict()
        interaction.payload = payload
        self.interactions[interaction_id] = interaction
        if require_bot and not self.gateway.ready_sessions:
            raise RuntimeError(
                "no bot is connected to the gateway (await fake.wait_ready() first, or pass require_bot=False)"
            )
        interaction.delivered = self.gateway.dispatch(
            "INTERACTION_CREATE", payload, guild_id=guild.id if guild else None
        )
        return interaction

    def _find_command(self, name: str, guild: Guild | None) -> tuple[JSON, list[str]]:
        path = name.strip().lstrip("/").split()
        pools = ([self.guild_commands.get(guild.id, [])] if guild else []) + [self.global_commands]
        for pool in pools:
            for command in pool:
                if command["name"] == path[0] and command.get("type", 1) == 1:
                    return command, path
        known = sorted({c["name"] for pool in pools for c in pool})
        raise LookupError(f"no /{path[0]} command is synced for this channel (synced: {known})")

    def _check_can_use(self, user: User, channel: Channel, command: JSON) -> None:
        contexts = command.get("contexts")
        context = 0 if channel.guild else 1
        if contexts is not None and context not in contexts:
            raise PermissionError(f"/{command['name']} is not available in this context ({context})")
        if channel.guild is None:
            if command.get("guild_id") or command.get("dm_permission") is False:
                raise PermissionError(f"/{command['name']} is not available in DMs")
            return
        member = channel.guild.members[user.id]
        permissions = member.permissions_in(channel)
        required = command.get("default_member_permissions")
        if required is not None and int(required) & permissions != int(required):
            raise PermissionError(f"{user.username} lacks the permissions {required} that /{command['name']} requires")
        if not permissions & USE_APPLICATION_COMMANDS:
            raise PermissionError(f"{user.username} may not use application commands in {channel.name}")

    def _check_member(self, user: User, channel: Channel) -> None:
        if channel.guild is None:
            if channel.recipient is not user:
                raise PermissionError(f"{user.username} is not in this DM channel")
            return
        member = channel.guild.members.get(user.id)
        if member is None:
            raise PermissionError(f"{user.username} is not a member of {channel.guild.name}")
        if not member.permissions_in(channel) & VIEW_CHANNEL:
            raise PermissionError(f"{user.username} cannot see {channel.name}")

    def _check_can_see(self, user: User, message: Message) -> None:
        if message.deleted:
            raise LookupError(f"{message!r} was deleted")
        if message.ephemeral_to is not None and message.ephemeral_to is not user:
            raise PermissionError(f"only {message.ephemeral_to.username} sees the ephemeral {message!r}")

    def _resolve_value(self, guild: Guild | None, channel: Channel) -> Callable[[int, Any], tuple[str, JSON]]:
        def resolve(option_type: int, value: Any) -> tuple[str, JSON]:
            """(value as sent, resolved entries by kind) of a user, channel, role or mentionable option."""
            if isinstance(value, Member):
                value = value.user
            if isinstance(value, User) and option_type in (cmds.USER, cmds.MENTIONABLE):
                resolved: JSON = {"users": {str(value.id): value.to_dict()}}
                member = guild.members.get(value.id) if guild else None
                if member is not None:
                    entry = member.to_dict()
                    del entry["user"], entry["deaf"], entry["mute"]
                    entry["permissions"] = str(member.permissions_in(channel))
                    resolved["members"] = {str(value.id): entry}
                return str(value.id), resolved
            if isinstance(value, Channel) and option_type == cmds.CHANNEL:
                entry = {"id": str(value.id), "name": value.name, "type": value.type, "permissions": str(VIEW_CHANNEL)}
                if value.guild:
                    entry["guild_id"] = str(value.guild.id)
                return str(value.id), {"channels": {str(value.id): entry}}
            if isinstance(value, Role) and option_type in (cmds.ROLE, cmds.MENTIONABLE):
                return str(value.id), {"roles": {str(value.id): value.to_dict()}}
            raise TypeError(f"{value!r} does not fit an option of type {option_type}")

        return resolve

    # ------------------------------------------------------------------------------------------
    # messages

    def _new_message(self, channel: Channel, author: User, **fields: Any) -> Message:
        message = Message(self._snowflake(), channel, author, timestamp=self.now(), **fields)
        message.mentions = self._mentions(message.content, channel)
        self.all_messages[message.id] = message
        if message.ephemeral_to is None:
            channel.last_message_id = message.id
        return message

    def _mentions(self, content: str, channel: Channel) -> list[User]:
        found = []
        for match in re.finditer(r"<@!?(\d+)>", content or ""):
            user = self.users.get(int(match.group(1)))
            if user is not None and user not in found:
                found.append(user)
        return found

    def _dispatch_message(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE for a public message, to bots with the intent."""
        if message.ephemeral_to is not None:
            return
        channel = message.channel
        guild = channel.guild
        intent = GUILD_MESSAGES if guild else DIRECT_MESSAGES

        def payload(session: Any) -> JSON:
            data = message.to_dict()
            if guild is not None:
                data["guild_id"] = str(guild.id)
                if message.author.id in guild.members:
                    member = guild.members[message.author.id].to_dict()
                    del member["user"]
                    data["member"] = member
            sees_content = (
                session.has(MESSAGE_CONTENT)
                or message.author is self.bot
                or guild is None
                or self.bot in message.mentions
            )
            if not sees_content:
                data |= {"content": "", "embeds": [], "attachments": [], "components": []}
            return data

        self.gateway.dispatch(event, payload, guild_id=guild.id if guild else None, intent=intent)

    def _dispatch_delete(self, message: Message) -> None:
        if message.ephemeral_to is not None:
            return
        guild = message.channel.guild
        data: JSON = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if guild:
            data["guild_id"] = str(guild.id)
        self.gateway.dispatch(
            "MESSAGE_DELETE",
            data,
            guild_id=guild.id if guild else None,
            intent=GUILD_MESSAGES if guild else DIRECT_MESSAGES,
        )

    def _check_message_body(
        self,
        body: Any,
        *,
        creating: bool,
        prefix: list[Any] | None = None,
        files: list[Upload] | None = None,
        message: Message | None = None,
    ) -> JSON:
        """Discord's limits on a message body (400 Invalid Form Body, 50006 for an empty message),
        with its uploaded `files` and, for an edit, the `message` edited."""
        if body is None:
            body = {}
        if not isinstance(body, dict):
            raise invalid_form_body([([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")], prefix)
        problems: list[tuple[list[Any], str, str]] = []
        flags = body.get("flags") or 0
        content = body.get("content")
        if content is not None:
            limit = 4000 if flags & IS_COMPONENTS_V2 else 2000
            if not isinstance(content, str):
                problems.append((["content"], "BASE_TYPE_STRING", "Must be a string."))
            elif len(content) > limit:
                problems.append((["content"], "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))
        problems += [(["components", *p], c, m) for p, c, m in check_components(body.get("components"), flags)]
        problems += _check_embeds(body.get("embeds"))
        problems += self._check_files(body, files or [], message, prefix)
        if not isinstance(flags, int) or flags & ~MESSAGE_FLAGS_ALLOWED:
            problems.append((["flags"], "MESSAGE_FLAGS_INVALID", "Invalid message flags"))
        if problems:
            self.rejected.extend(describe_problems(problems, prefix))
            raise invalid_form_body(problems, prefix)
        if (
            creating
            and not files
            and not any(
                body.get(key) for key in ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
            )
        ):
            self.rejected.append(f"{'.'.join(map(str, prefix or [])) or 'body'}: Cannot send an empty message")
            raise ApiError(400, 50006, "Cannot send an empty message")
        return body

    def _check_files(
        self, body: JSON, files: list[Upload], message: Message | None, prefix: list[Any] | None
    ) -> list[tuple[list[Any], str, str]]:
        """Attachments that name no upload (problems: 400); pictures that show nothing (`broken`)."""
        problems: list[tuple[list[Any], str, str]] = []
        uploads = {upload.field: upload for upload in files}
        existing = {str(a.id): a.filename for a in (message.attachments if message else [])}
        listed = body.get("attachments")
        if listed is not None and not isinstance(listed, list):
            return [(["attachments"], "BASE_TYPE_LIST", "Must be a list.")]
        names = [] if listed is not None else [*existing.values(), *(upload.filename for upload in files)]
        for index, item in enumerate(listed or []):
            key = str(item.get("id")) if isinstance(item, dict) else ""
            upload = uploads.get(f"files[{key}]")
            if upload is not None:
                names.append((item.get("filename") or upload.filename) if isinstance(item, dict) else upload.filename)
            elif key in existing:
                names.append(existing[key])
            else:
                problems.append((["attachments", index, "id"], "ATTACHMENT_NOT_FOUND", f"Unknown attachment {key!r}"))
        where = ".".join(map(str, prefix or [])) or "body"
        for upload in files:
            if upload.filename.lower().endswith(".png") and not upload.data.startswith(PNG_SIGNATURE):
                self.broken.append(f"{where}: {upload.field} {upload.filename!r} is no PNG: {upload.data[:8]!r}")
        embeds = body.get("embeds", message.embeds if message else [])
        for e, embed in enumerate(embeds or []):
            for part in ("image", "thumbnail"):
                url = str(((embed or {}).get(part) or {}).get("url") or "")
                if url.startswith(ATTACHMENT_URL) and url[len(ATTACHMENT_URL) :] not in names:
                    self.broken.append(f"{where}: embeds.{e}.{part} shows {url!r}, not among the files {names}")
        return problems

    def _apply_edit(self, message: Message, body: JSON, files: list[Upload] | None = None) -> None:
        """A partial edit (absent keys unchanged, null clears), as PATCH and UPDATE_MESSAGE do."""
        message.history.append(message.snapshot())
        if "content" in body:
            message.content = body["content"] or ""
            message.mentions = self._mentions(message.content, message.channel)
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "components" in body:
            message.components = stored(body["components"])
        if "attachments" in body or files:
            before = message.attachments
            message.attachments = self._attachments(body, files or [], before)
            message.uploads += sum(1 for attachment in message.attachments if attachment not in before)
        if body.get("flags") is not None:
            keep = message.flags & (EPHEMERAL | IS_COMPONENTS_V2)
            message.flags = keep | (body["flags"] & (SUPPRESS_EMBEDS | IS_COMPONENTS_V2))
        message.flags &= ~LOADING
        message.edited_timestamp = self.now()

    def _message_fields(self, body: JSON, files: list[Upload] | None = None) -> JSON:
        attachments = self._attachments(body, files or [], [])
        return {
            "content": body.get("content") or "",
            "embeds": body.get("embeds") or [],
            "components": stored(body.get("components")),
            "attachments": attachments,
            "uploads": len(attachments),
        }

    def _attachments(self, body: JSON, files: list[Upload], existing: list[Attachment]) -> list[Attachment]:
        """The attachments after a create or edit: `attachments` lists those kept (by id) and the
        new uploads (by their index n in "files[n]"); without the list, uploads are added."""
        uploads = {upload.field: upload for upload in files}

        def new(upload: Upload, item: JSON) -> Attachment:
            filename = item.get("filename") or upload.filename
            guessed = mimetypes.guess_type(filename)[0]  # Discord sniffs the type; discord.py sends octet-stream
            return Attachment(
                self._snowflake(),
                filename,
                upload.data,
                guessed or upload.content_type,
                item.get("description"),
                base_url=self.url,
            )

        listed = body.get("attachments")
        if listed is None:
            return [*existing, *(new(upload, {}) for upload in files)]
        kept = []
        for item in listed:
            upload = uploads.get(f"files[{item.get('id')}]")
            if upload is not None:
                kept.append(new(upload, item))
            else:
                kept += [a for a in existing if str(a.id) == str(item.get("id"))]
        return kept

    # ------------------------------------------------------------------------------------------
    # REST handlers (`_rest_<name>`), taking the recorded request

    def _rest_get_gateway(self, r: Request) -> JSON:
        return {"url": self.gateway_url.rstrip("/")}

    def _rest_get_gateway_bot(self, r: Request) -> JSON:
        return {
            "url": self.gateway_url.rstrip("/"),
            "shards": self.shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
        }

    def _rest_get_me(self, r: Request) -> JSON:
        if r.authorization == f"Bot {self.token}":
            return self.bot.to_dict() | {
                "bot": True,
                "verified": True,
                "mfa_enabled": False,
                "locale": "en-US",
                "email": None,
            }
        user = self.users[self._bearer(r)[0]]  # (with the identify scope: the person and their client's language)
        return user.to_dict() | {"verified": True, "mfa_enabled": False, "locale": user.locale, "email": None}

    def _rest_get_user(self, r: Request) -> JSON:
        user = self.users.get(_int(r.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_dict()

    def _rest_create_dm(self, r: Request) -> JSON:
        user = self.users.get(_int((r.body or {}).get("recipient_id")))
        if user is None:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {"recipient_id": {"_errors": [{"code": "UNKNOWN_USER", "message": "Unknown user"}]}},
            )
        return self.dm_channel(user).to_dict()

    # --- Activities: OAuth2 and instances ----------------------------------------------------------

    def authorize(self, user: User, application_id: int | None = None) -> str:
        """The code Discord's client hands an Activity's page for `user` (the SDK's `authorize`), for
        this application unless another's id is given."""
        code = secrets.token_urlsafe(20)
        self.codes[code] = (user.id, application_id or self.application_id)
        return code

    def launch_activity(self, channel: Channel, *users: User) -> str:
        """An Activity instance of this application in `channel` with `users` in it: its id."""
        assert channel.guild is not None, "an instance in a server's channel"
        guild_id = channel.guild.id
        instance = f"i-{self._snowflake()}-gc-{guild_id}-{channel.id}"
        self.activity_instances[instance] = {
            "application_id": str(self.application_id),
            "instance_id": instance,
            "launch_id": str(self._snowflake()),
            "location": {
                "id": f"gc-{guild_id}-{channel.id}",
                "kind": "gc",
                "channel_id": str(channel.id),
                "guild_id": str(guild_id),
            },
            "users": [str(u.id) for u in users],
        }
        return instance

    def _rest_oauth2_token(self, r: Request) -> JSON:
        """As Discord's token endpoint: the client's id and secret, an authorization code taken once."""
        form = r.body if isinstance(r.body, dict) else {}
        if form.get("client_id") != str(self.application_id) or form.get("client_secret") != self.client_secret:
            raise ApiError(401, 0, "invalid_client", {"error": "invalid_client"})
        code = str(form.get("code")) if form.get("grant_type") == "authorization_code" else ""
        granted = self.codes.pop(code, None)
        if granted is None or granted[1] != self.application_id:
            raise ApiError(400, 0, "invalid_grant", {"error": "invalid_grant"})
        token = secrets.token_urlsafe(24)
        self.access_tokens[token] = granted
        return {"access_token": token, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"}

    def _bearer(self, r: Request) -> tuple[int, int]:
        """(user id, application id) of the request's OAuth2 token, else 401."""
        scheme, _, token = (r.authorization or "").partition(" ")
        granted = self.access_tokens.get(token) if scheme == "Bearer" else None
        if granted is None:
            raise ApiError(401, 0, "401: Unauthorized")
        return granted

    def _rest_oauth2_me(self, r: Request) -> JSON:
        granted = self._bearer(r)
        user, application = self.users[granted[0]], self._rest_get_application(r)
        application["id"] = str(granted[1])
        expires = "2100-01-01T00:00:00+00:00"
        return {"application": application, "scopes": ["identify"], "expires": expires, "user": user.to_dict()}

    def _rest_get_activity_instance(self, r: Request) -> JSON:
        instance = self.activity_instances.get(r.params["instance_id"])
        if instance is None or r.params["application_id"] != str(self.application_id):
            raise ApiError(404, 10_000 + 77, "Unknown Activity Instance")
        guild = self.guilds.get(int(instance["location"]["guild_id"]))
        if guild is None or self.bot.id not in guild.members:
            raise ApiError(404, 10_000 + 77, "Unknown Activity Instance")
        return instance

    def _rest_get_application(self, r: Request) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.bot.global_name or self.bot.username,
            "icon": None,
            "description": "A fake application",
            "summary": "",
            "type": None,
            "bot": self.bot.to_dict(),
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": self.application_flags,
            "flags_new": str(self.application_flags),
            "hook": True,
            "is_monetized": False,
            "is_verified": False,
            "is_discoverable": False,
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": self.application_owner.to_dict(),
            "approximate_guild_count": len(self.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "integration_types_config": {"0": {}},
            "rpc_origins": [],
            "tags": [],
        }

    # --- application commands ----------------------------------------------------------------

    def _command_pool(self, r: Request) -> tuple[list[JSON], int | None]:
        if _int(r.params["application_id"]) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" not in r.params:
            return self.global_commands, None
        guild_id = _int(r.params["guild_id"])
        if guild_id not in self.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return self.guild_commands.setdefault(guild_id, []), guild_id

    def _rest_list_commands(self, r: Request) -> list[JSON]:
        pool, _ = self._command_pool(r)
        full = r.query.get("with_localizations", "").lower() in ("true", "1")
        return [c if full else cmds.without_localizations(c) for c in pool]

    def _rest_put_commands(self, r: Request) -> list[JSON]:
        pool, guild_id = self._command_pool(r)
        body = r.body if isinstance(r.body, list) else []
        problems = cmds.check_commands(body, global_=guild_id is None)
        if problems:
            self.rejected.extend(describe_problems(problems))
            raise invalid_form_body(problems)
        old = {(c["name"], c.get("type", 1)): c for c in pool}
        new = [
            cmds.stored_command(
                d, old.get((d["name"], d.get("type", 1))), self._snowflake, self.application_id, guild_id
            )
            for d in body
        ]
        pool[:] = new
        return new

    def _rest_post_command(self, r: Request) -> tuple[int, JSON]:
        pool, guild_id = self._command_pool(r)
        problems = cmds.check_commands([r.body], global_=guild_id is None, existing=pool)
        if problems:
            self.rejected.extend(describe_problems(problems))
            raise invalid_form_body(problems)
        key = (r.body["name"], r.body.get("type", 1))
        old = next((c for c in pool if (c["name"], c.get("type", 1)) == key), None)
        command = cmds.stored_command(r.body, old, self._snowflake, self.application_id, guild_id)
        if old is not None:
            pool[pool.index(old)] = command
            return 200, command
        pool.append(command)
        return 201, command

    def _find_stored_command(self, r: Request) -> tuple[list[JSON], JSON]:
        pool, _ = self._command_pool(r)
        command = next((c for c in pool if c["id"] == r.params["command_id"]), None)
        if command is None:
            raise ApiError(404, 10063, "Unknown application command")
        return pool, command

    def _rest_get_command(self, r: Request) -> JSON:
        return self._find_stored_command(r)[1]

    def _rest_patch_command(self, r: Request) -> JSON:
        pool, command = self._find_stored_command(r)
        merged = {k: v for k, v in command.items() if k not in ("id", "application_id", "version", "guild_id")}
        merged |= r.body or {}
        problems = cmds.check_commands([merged], global_="guild_id" not in command)
        if problems:
            self.rejected.extend(describe_problems(problems))
            raise invalid_form_body(problems)
        guild_id = _int(command["guild_id"]) if command.get("guild_id") else None
        updated = cmds.stored_command(merged, command, self._snowflake, self.application_id, guild_id)
        pool[pool.index(command)] = updated
        return updated

    def _rest_delete_command(self, r: Request) -> tuple[int, None]:
        pool, command = self._find_stored_command(r)
        pool.remove(command)
        return 204, None

    # --- interactions ------------------------------------------------------------------------

    def _rest_interaction_callback(self, r: Request) -> tuple[int, JSON | None]:
        interaction = self.interactions.get(_int(r.params["interaction_id"]))
        if interaction is None or interaction.token != r.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        body = r.body if isinstance(r.body, dict) else {}
        callback = Callback(body.get("type", 0), body.get("data"), self.now())
        interaction.callbacks.append(callback)
        try:
            result = self._answer(interaction, body, callback, r)
            callback.status = result[0]
            return result
        except ApiError as error:
            callback.status = error.status
            raise

    def _answer(self, interaction: Interaction, body: JSON, callback: Callback, r: Request) -> tuple[int, JSON | None]:
        if interaction.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if callback.time - interaction.created > self.ack_deadline:
            if not interaction.late:
                interaction.late = True
                self.late.append(interaction)
            raise ApiError(404, 10062, "Unknown interaction")
        kind = body.get("type")
        allowed = {APPLICATION_COMMAND: (4, 5, 9, 12), MESSAGE_COMPONENT: (4, 5, 6, 7, 9, 12)}[interaction.type]
        if kind == 12 and not self.application_flags & EMBEDDED:  # (an application without Activities)
            raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{"code": "ACTIVITIES_DISABLED"}]}})
        if kind not in allowed:
            problem: tuple[list[Any], str, str] = (
                [],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Interaction response type {kind} is not valid here",
            )
            self.rejected.extend(describe_problems([problem], ["type"]))
            raise invalid_form_body([problem], ["type"])
        data = body.get("data") or {}
        message: Message | None = None
        if kind == 4:
            self._check_message_body(data, creating=True, prefix=["data"], files=r.files)
            flags = data.get("flags") or 0
            message = self._new_message(
                interaction.channel,
                self.bot,
                **self._message_fields(data, r.files),
                flags=flags & MESSAGE_FLAGS_ALLOWED,
                type=20 if interaction.type == APPLICATION_COMMAND else 19,
                ephemeral_to=interaction.user if flags & EPHEMERAL else None,
                interaction=interaction,
                webhook_id=self.application_id,
                application_id=self.application_id,
            )
            interaction.original = message
            self._dispatch_message("MESSAGE_CREATE", message)
        elif kind == 5:
            flags = (data.get("flags") or 0) & EPHEMERAL
            message = self._new_message(
                interaction.channel,
                self.bot,
                flags=flags | LOADING,
                type=20 if interaction.type == APPLICATION_COMMAND else 19,
                ephemeral_to=interaction.user if flags else None,
                interaction=interaction,
                webhook_id=self.application_id,
                application_id=self.application_id,
            )
            interaction.original = message
            self._dispatch_message("MESSAGE_CREATE", message)
        elif kind in (6, 7):
            assert interaction.message is not None
            interaction.original = interaction.message
            if kind == 7:
                self._check_message_body(
                    data, creating=False, prefix=["data"], files=r.files, message=interaction.message
                )
                self._apply_edit(interaction.message, data, r.files)
                message = interaction.message
                self._dispatch_message("MESSAGE_UPDATE", message)
        elif kind == 9:
            interaction.modal = data
        elif kind == 12:  # the person's client opens the application's Activity in the channel
            interaction.launched = self.launch_activity(interaction.channel, interaction.user)
        interaction.response_type = kind
        interaction.acknowledged_at = callback.time
        if r.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        answer: JSON = {"interaction": {"id": str(interaction.id), "type": interaction.type}}
        if kind in (4, 5, 7) and message is not None:
            answer["interaction"] |= {
                "response_message_id": str(message.id),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": message.ephemeral,
            }
        if kind in (4, 7) and message is not None:
            answer["resource"] = {"type": kind, "message": message.to_dict()}
        return 200, answer

    def _webhook_interaction(self, r: Request) -> Interaction:
        """The interaction whose token a webhook route uses (404 Unknown Webhook, 401 when expired)."""
        token = r.params["webhook_token"]
        interaction = next((i for i in reversed(self.interactions.values()) if i.token == token), None)
        if interaction is None or _int(r.params["webhook_id"]) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.now() - interaction.created > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _webhook_message(self, r: Request, interaction: Interaction) -> Message:
        message_id = r.params.get("message_id")
        if message_id is None:  # @original
            if interaction.original is None or interaction.original.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            return interaction.original
        candidates = [interaction.original, *interaction.followups]
        found = next((m for m in candidates if m is not None and str(m.id) == message_id and not m.deleted), None)
        if found is None:
            raise ApiError(404, 10008, "Unknown Message")
        return found

    def _rest_followup(self, r: Request) -> tuple[int, JSON | None]:
        interaction = self._webhook_interaction(r)
        if not interaction.acknowledged:
            raise ApiError(404, 10015, "Unknown Webhook")
        body = self._check_message_body(r.body, creating=True, files=r.files)
        original = interaction.original
        if interaction.response_type == 5 and original is not None and original.loading and not original.deleted:
            self._apply_edit(original, body, r.files)  # the first follow-up fills in the "thinking" message
            message = original
            self._dispatch_message("MESSAGE_UPDATE", message)
        else:
            flags = body.get("flags") or 0
            message = self._new_message(
                interaction.channel,
                self.bot,
                **self._message_fields(body, r.files),
                flags=flags & MESSAGE_FLAGS_ALLOWED,
                ephemeral_to=interaction.user if flags & EPHEMERAL else None,
                interaction=interaction,
                webhook_id=self.application_id,
                application_id=self.application_id,
            )
            interaction.followups.append(message)
            self._dispatch_message("MESSAGE_CREATE", message)
        if r.query.get("wait", "").lower() in ("1", "true"):
            return 200, message.to_dict()
        return 204, None

    def _rest_get_webhook_message(self, r: Request) -> JSON:
        interaction = self._webhook_interaction(r)
        return self._webhook_message(r, interaction).to_dict()

    def _rest_edit_webhook_message(self, r: Request) -> JSON:
        interaction = self._webhook_interaction(r)
        message = self._webhook_message(r, interaction)
        body = self._check_message_body(r.body, creating=False, files=r.files, message=message)
        self._apply_edit(message, body, r.files)
        self._dispatch_message("MESSAGE_UPDATE", message)
        return message.to_dict()

    def _rest_delete_webhook_message(self, r: Request) -> tuple[int, None]:
        interaction = self._webhook_interaction(r)
        message = self._webhook_message(r, interaction)
        message.deleted = True
        self._dispatch_delete(message)
        return 204, None

    # --- channels and messages ----------------------------------------------------------------

    def _channel(self, r: Request, need: int = VIEW_CHANNEL) -> Channel:
        channel = self.channels.get(_int(r.params["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        permissions = self.bot_permissions(channel)
        if not permissions & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if permissions & need != need:
            raise ApiError(403, 50013, "Missing Permissions")
        return channel

    def _channel_message(self, r: Request, channel: Channel) -> Message:
        message = self.all_messages.get(_int(r.params["message_id"]))
        if message is None or message.channel is not channel or message.deleted or message.ephemeral_to is not None:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def _rest_get_channel(self, r: Request) -> JSON:
        return self._channel(r).to_dict()

    def _rest_list_messages(self, r: Request) -> list[JSON]:
        channel = self._channel(r, VIEW_CHANNEL)
        limit = max(1, min(100, _int(r.query.get("limit", "50"))))
        messages = [m for m in self.messages(channel)]
        if "before" in r.query:
            messages = [m for m in messages if m.id < _int(r.query["before"])]
        if "after" in r.query:
            messages = [m for m in messages if m.id > _int(r.query["after"])][:limit]
        return [m.to_dict() for m in reversed(messages[-limit:])]

    def _rest_create_message(self, r: Request) -> JSON:
        channel = self._channel(r, VIEW_CHANNEL | SEND_MESSAGES)
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        body = self._check_message_body(r.body, creating=True, files=r.files)
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        made = self.nonces.get((channel.id, str(nonce))) if nonce is not None else None
        if made is not None and self.now() - made[1] < NONCE_SECONDS:
            return made[0].to_dict()  # Discord's answer to a nonce it has seen: the message it made
        reference = body.get("message_reference")
        message = self._new_message(
            channel,
            self.bot,
            **self._message_fields(body, r.files),
            flags=(body.get("flags") or 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2),
            type=19 if reference else 0,
            reference=reference,
        )
        if nonce is not None:
            self.nonces[(channel.id, str(nonce))] = (message, self.now())
        self._dispatch_message("MESSAGE_CREATE", message)
        return message.to_dict()

    def _rest_get_message(self, r: Request) -> JSON:
        channel = self._channel(r, VIEW_CHANNEL)
        return self._channel_message(r, channel).to_dict()

    def _rest_edit_message(self, r: Request) -> JSON:
        channel = self._channel(r)
        message = self._channel_message(r, channel)
        if message.author is not self.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = self._check_message_body(r.body, creating=False, files=r.files, message=message)
        self._apply_edit(message, body, r.files)
        self._dispatch_message("MESSAGE_UPDATE", message)
        return message.to_dict()

    def _rest_delete_message(self, r: Request) -> tuple[int, None]:
        channel = self._channel(r)
        message = self._channel_message(r, channel)
        if message.author is not self.bot and not self.bot_permissions(channel) & MANAGE_MESSAGES:
            raise ApiError(403, 50013, "Missing Permissions")
        message.deleted = True
        self._dispatch_delete(message)
        return 204, None

    def _rest_typing(self, r: Request) -> tuple[int, None]:
        self._channel(r, VIEW_CHANNEL | SEND_MESSAGES)
        return 204, None

    # --- guilds ------------------------------------------------------------------------------

    def _guild(self, r: Request) -> Guild:
        guild = self.guilds.get(_int(r.params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if self.bot.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return guild

    def _rest_get_guild(self, r: Request) -> JSON:
        guild = self._guild(r)
        data = guild.to_dict()
        if r.query.get("with_counts", "").lower() in ("1", "true"):
            data |= {"approximate_member_count": len(guild.members), "approximate_presence_count": 0}
        return data

    def _rest_get_guild_channels(self, r: Request) -> list[JSON]:
        return [channel.to_dict() for channel in self._guild(r).channels.values()]

    def _rest_get_roles(self, r: Request) -> list[JSON]:
        return [role.to_dict() for role in self._guild(r).roles.values()]

    def _rest_list_members(self, r: Request) -> list[JSON]:
        guild = self._guild(r)
        limit = max(1, min(1000, _int(r.query.get("limit", "1"))))
        after = _int(r.query.get("after", "0"))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.to_dict() for m in members[:limit]]

    def _rest_get_member(self, r: Request) -> JSON:
        member = self._guild(r).members.get(_int(r.params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_dict()

    # ------------------------------------------------------------------------------------------
    # what people see

    def messages(self, channel: Channel, *, from_bot: bool | None = None) -> list[Message]:
        """The public messages of `channel`, oldest first (deleted ones left out)."""
        return [
            m
            for m in self.all_messages.values()
            if m.channel is channel
            and m.ephemeral_to is None
            and not m.deleted
            and (from_bot is None or (m.author is self.bot) == from_bot)
        ]

    def last_message(self, channel: Channel, *, from_bot: bool | None = True) -> Message | None:
        found = self.messages(channel, from_bot=from_bot)
        return found[-1] if found else None

    def ephemeral_messages(self, user: User, *, channel: Channel | None = None) -> list[Message]:
        """The ephemeral messages `user` was shown (only they see them), oldest first."""
        return [
            m
            for m in self.all_messages.values()
            if m.ephemeral_to is user and not m.deleted and (channel is None or m.channel is channel)
        ]

    def last_ephemeral(self, user: User, *, channel: Channel | None = None) -> Message | None:
        found = self.ephemeral_messages(user, channel=channel)
        return found[-1] if found else None

    def seen_by(self, user: User, channel: Channel) -> list[Message]:
        """What `user` sees in `channel`: its public messages and their own ephemeral ones, in order."""
        return [
            m
            for m in self.all_messages.values()
            if m.channel is channel and not m.deleted and m.ephemeral_to in (None, user)
        ]

    def interaction(self, interaction_id: int) -> Interaction:
        return self.interactions[interaction_id]

    def response(self, interaction_id: int) -> Message | None:
        """The original response message of an interaction (None before a type 4/5 callback)."""
        interaction = self.interactions[interaction_id]
        return interaction.original if interaction.response_type in (4, 5) else None

    def followups(self, interaction_id: int) -> list[Message]:
        return [m for m in self.interactions[interaction_id].followups if not m.deleted]

    def unanswered(self) -> list[Interaction]:
        """Interactions that reached a bot and were never acknowledged in time."""
        return [i for i in self.interactions.values() if i.delivered and not i.acknowledged]

    def commands(self, guild: Guild | None = None) -> list[JSON]:
        """The synced commands (global, or of `guild`) as Discord stores them, with localisations."""
        return list(self.global_commands if guild is None else self.guild_commands.get(guild.id, []))

    def command(self, name: str, guild: Guild | None = None) -> JSON:
        found = next((c for c in self.commands(guild) if c["name"] == name), None)
        if found is None:
            raise LookupError(f"no command {name!r} synced ({[c['name'] for c in self.commands(guild)]})")
        return found

    def visible_commands(self, user: User, channel: Channel) -> list[JSON]:
        """The slash commands `user` sees in `channel`'s picker, named and described in their locale:
        [{"name", "description", "command"}]."""
        shown: list[JSON] = []
        pools = ([self.guild_commands.get(channel.guild.id, [])] if channel.guild else []) + [self.global_commands]
        for pool in pools:
            for command in pool:
                if command.get("type", 1) != 1 or any(s["command"]["name"] == command["name"] for s in shown):
                    continue
                try:
                    self._check_can_use(user, channel, command)
                except PermissionError:
                    continue
                shown.append(
                    {
                        "name": (command.get("name_localizations") or {}).get(user.locale, command["name"]),
                        "description": (command.get("description_localizations") or {}).get(
                            user.locale, command["description"]
                        ),
                        "command": command,
                    }
                )
        return shown

    def calls(self, route: str | None = None, *, status: int | None = None) -> list[Request]:
        """Recorded requests, optionally those matching a `route_pattern` and with an HTTP status."""
        pattern = route_pattern(route) if route else None
        return [
            r
            for r in self.requests
            if (pattern is None or pattern.match(f"{r.method} {r.path}") or pattern.match(f"{r.method} {r.route}"))
            and (status is None or r.status == status)
        ]

    @property
    def command_syncs(self) -> list[Request]:
        """The bulk command overwrites (PUT .../commands), global and per guild."""
        return [r for r in self.requests if r.method == "PUT" and (r.route or "").endswith("/commands")]

    def problems(self) -> list[str]:
        """Everything a test should fail on (the `fake_discord` fixture checks it at teardown)."""
        found = [
            *(f"request off the Discord API spec: {e}" for e in self.spec_errors),
            *(f"request Discord would reject: {e}" for e in self.rejected),
            *(f"request Discord would show broken: {e}" for e in self.broken),
            *(f"route not implemented by the fake: {u}" for u in dict.fromkeys(self.unsupported)),
            *(f"fake error: {e}" for e in self.fake_errors),
            *(f"gateway: {e}" for e in self.gateway.errors),
            *(f"{i!r} answered {i.answer_delay or 0:.2f} s late (deadline {self.ack_deadline} s)" for i in self.late),
        ]
        if self.check_acknowledgements:
            found += [f"{i!r} was never acknowledged" for i in self.unanswered() if not i.late]
        return found

    # ------------------------------------------------------------------------------------------
    # waiting

    async def wait_for(self, condition: Callable[[], T | None], timeout: float = 5.0, what: str | None = None) -> T:
        """Wait until `condition()` is truthy (re-checked after every request and gateway message);
        returns its value. Exceptions inside it count as "not yet". On timeout, raises TimeoutError
        with the latest requests."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        problem: Exception | None = None
        while True:
            try:
                value = condition()
                problem = None
            except Exception as exc:
                value, problem = None, exc
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n  ".join(repr(r) for r in self.requests[-12:])
                raise TimeoutError(
                    f"{what or 'condition'} not met within {timeout} s"
                    f"{f' (last error: {problem!r})' if problem else ''}; latest requests:\n  {recent}"
                ) from problem
            await self._wait_changed(min(remaining, 0.05))

    async def wait_ready(self, timeout: float = 10.0, sessions: int = 1) -> None:
        """Wait until `sessions` bot sessions are connected and have had READY and GUILD_CREATE."""
        await self.wait_for(lambda: len(self.gateway.ready_sessions) >= sessions, timeout, "the bot to connect")

    async def wait_response(self, interaction_id: int, timeout: float = 5.0) -> Interaction:
        """Wait until the interaction is acknowledged and its response is no longer "thinking"."""
        interaction = self.interactions[interaction_id]

        def done() -> bool:
            if interaction.late:
                raise AssertionError(f"{interaction!r} was answered too late")
            original = interaction.original
            return interaction.acknowledged and not (
                interaction.response_type == 5 and original is not None and original.loading
            )

        await self.wait_for(done, timeout, f"a response to {interaction!r}")
        return interaction

    async def next_message(self, channel: Channel, *, from_bot: bool = True, timeout: float = 5.0) -> Message:
        """Wait for a public message newer than those in `channel` now (call before awaiting anything else)."""
        seen = {m.id for m in self.messages(channel)}
        return await self.wait_for(
            lambda: next((m for m in self.messages(channel, from_bot=from_bot) if m.id not in seen), None),
            timeout,
            f"a new message in {channel!r}",
        )

    async def next_ephemeral(self, user: User, *, timeout: float = 5.0) -> Message:
        """Wait for an ephemeral message to `user` newer than the ones they have now."""
        seen = {m.id for m in self.ephemeral_messages(user)}
        return await self.wait_for(
            lambda: next((m for m in self.ephemeral_messages(user) if m.id not in seen and not m.loading), None),
            timeout,
            f"an ephemeral message to {user!r}",
        )

    def changed(self) -> None:
        self._changed_event.set()
        self._changed_event = asyncio.Event()

    async def _wait_changed(self, timeout: float) -> None:
        event = self._changed_event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)


def _check_embeds(embeds: Any) -> list[tuple[list[Any], str, str]]:
    if embeds is None:
        return []
    if not isinstance(embeds, list):
        return [(["embeds"], "BASE_TYPE_LIST", "Must be a list.")]
    problems: list[tuple[list[Any], str, str]] = []
    if len(embeds) > 10:
        problems.append((["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    total = 0
    limits = {"title": 256, "description": 4096}
    for e, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            problems.append((["embeds", e], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        for key, limit in limits.items():
            value = embed.get(key) or ""
            total += len(value)
            if len(value) > limit:
                problems.append((["embeds", e, key], "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append((["embeds", e, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for f, item in enumerate(fields):
            name, value = str(item.get("name", "")), str(item.get("value", ""))
            total += len(name) + len(value)
            if not 1 <= len(name) <= 256:
                problems.append(
                    (["embeds", e, "fields", f, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 256 in length.")
                )
            if not 1 <= len(value) <= 1024:
                problems.append(
                    (
                        ["embeds", e, "fields", f, "value"],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 1024 in length.",
                    )
                )
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
    if total > 6000:
        problems.append((["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))
    return problems


NONCE_SECONDS = 300.0  # how long Discord answers a nonce with the message it made ("a few minutes")
OUTAGE_MESSAGES = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _reply(status: int, body: Any, headers: dict[str, str]) -> web.Response:
    headers = {**headers, "Via": "1.1 google"}
    if status == 204 or body is None:
        return web.Response(status=204 if status < 300 else status, headers=headers)
    headers["Content-Type"] = "application/json"  # exactly: discord.py parses JSON only then
    return web.Response(status=status, body=json.dumps(body, ensure_ascii=False).encode(), headers=headers)
