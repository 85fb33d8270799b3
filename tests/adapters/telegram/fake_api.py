"""A fake Telegram Bot API server on 127.0.0.1 for tests of the real python-telegram-bot stack.

It speaks the Bot API as python-telegram-bot sends it (POST `{base_url}{token}/{method}` with
form-encoded fields; objects and arrays such as `reply_markup` as JSON strings; JSON bodies and
query strings are accepted too) and answers `{"ok": true, "result": ...}` or
`{"ok": false, "error_code": ..., "description": ..., "parameters": {...}}` with the same HTTP status.

Behind it is a small world of people, groups, forum topics and private chats. Tests make people act
(`send_text`, `press`, `inline_query`, `choose_inline`, `start_private`, `block`), which queues real
update JSON for `getUpdates`, and read what people see (`messages`, `last_message`, `buttons`,
`answers_to`, `inline_answers`). Every request is recorded in `requests`, checked against the Bot API
spec when `../shared/specs/telegram-bot-api-10.0.json` is present (mismatches in `spec_errors`), and
can be made to fail (`fail_next`; all of them while an `outage` lasts: tests/adapters/outage.py) or
watched as it arrives (`on_request`). As in Telegram, an update
stays queued until a later getUpdates confirms it with a higher offset (`confirmed`), so updates a
bot fetched and never confirmed (it died) come again to the next poller.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import inspect
import itertools
import math
import re
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from tests.adapters.outage import HELD, Outage
from tests.adapters.telegram import entities as ents
from tests.adapters.telegram.spec_check import Spec, Upload, decode_loosely, load_spec
from tests.adapters.telegram.world import ACTIONS, JSON, Chat, Message, User, chat_full_info, chat_member

T = TypeVar("T")

DEFAULT_TOKEN = "7000000001:AAFakeTokenForTheFakeBotApiServer00"
DEFAULT_ALLOWED_UPDATES = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "business_connection",
        "business_message",
        "edited_business_message",
        "deleted_business_messages",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "purchased_paid_media",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_join_request",
        "chat_boost",
        "removed_chat_boost",
    }
)
QUERY_INVALID = "Bad Request: query is too old and response timeout expired or query ID is invalid"
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
ANY: Any = object()  # "any thread" for the thread_id filters
SENDS = ("sendMessage", "sendPhoto")  # the methods that post a message the way a board is posted
EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia")  # ... and that edit one in place
PICTURED = ("sendPhoto", "editMessageMedia")  # the methods that show a picture
ATTACHED = "(attached)"  # the parameter that hands a method the files its request attached by name
MAX_CAPTION = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
PNG = b"\x89PNG\r\n\x1a\n"
MEMBER_STATUSES = ("creator", "administrator", "member")
_SPEC_AUTO: Any = object()


class ApiError(Exception):
    def __init__(self, code: int, description: str, parameters: JSON | None = None) -> None:
        super().__init__(description)
        self.code, self.description, self.parameters = code, description, parameters


@dataclass
class Request:
    """One HTTP request the bot made."""

    method: str
    params: JSON  # decoded: ints, bools, dicts/lists for JSON-serialised fields
    time: float  # time.monotonic()
    status: int = 0  # HTTP status of the answer (0 while a long poll is still waiting)
    result: Any = None
    description: str | None = None  # the error description when status != 200

    @property
    def ok(self) -> bool:
        return self.status == 200


@dataclass
class CallbackQuery:
    id: str
    user: User
    message: Message
    data: str
    answer: JSON | None = None  # the parameters of answerCallbackQuery, once answered


@dataclass
class InlineQuery:
    id: str
    user: User
    query: str
    chat_type: str | None
    chat: Chat | None
    thread_id: int | None
    offset: str = ""
    answer: JSON | None = None  # the parameters of answerInlineQuery, once answered


@dataclass
class _Failure:
    method: str
    status: int
    description: str
    parameters: JSON | None
    count: int
    when: Callable[[JSON], bool] | None = None


_DEFAULT_DESCRIPTIONS = {
    400: "Bad Request: injected failure",
    401: "Unauthorized",
    403: "Forbidden: injected failure",
    404: "Not Found",
    409: "Conflict: injected failure",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


class FakeBotApi:
    """The fake server and its world. See the module docstring; `start()` before use, `stop()` after."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "cardbot_test_bot",
        bot_name: str = "Cardbot",
        inline_mode: bool = True,
        inline_feedback: bool = True,
        privacy_mode: bool = True,
        group_limit_per_minute: int | None = None,
        spec: Path | bool | None = _SPEC_AUTO,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.token = token
        self.bot = User(int(token.split(":")[0]), bot_name, username=bot_username, is_bot=True, language_code=None)
        self.inline_mode = inline_mode  # BotFather /setinline
        self.inline_feedback = inline_feedback  # BotFather /setinlinefeedback: chosen_inline_result updates
        self.privacy_mode = privacy_mode  # BotFather /setprivacy: groups deliver only commands, replies, via-bot
        self.group_limit_per_minute = group_limit_per_minute  # flood control: 429 beyond this many sends
        self.clock = clock  # message dates
        if spec is _SPEC_AUTO or spec is True:
            self.spec: Spec | None = load_spec()
        elif spec:
            self.spec = load_spec(Path(spec))  # type: ignore[arg-type]
        else:
            self.spec = None

        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.requests: list[Request] = []
        self.spec_errors: list[str] = []  # requests that do not match the Bot API spec
        self.fake_errors: list[str] = []  # answers/updates of this fake that do not match the spec (its bugs)
        self.unsupported: list[str] = []  # Bot API methods this fake does not implement but the bot called
        self.updates: list[JSON] = []  # every update ever queued
        self.callback_queries: dict[str, CallbackQuery] = {}
        self.inline_queries: dict[str, InlineQuery] = {}
        self.commands: dict[tuple[tuple[Any, ...], str], list[JSON]] = {}  # (scope key, language) -> commands
        self.profile: dict[tuple[str, str], str] = {}  # (name/description/short_description, language) -> text
        self.menu_buttons: dict[int | None, JSON] = {}
        self.webhook: JSON | None = None  # the setWebhook parameters while a webhook is set
        self.pinned: dict[int, int] = {}  # chat id -> pinned message id
        # Called with (method, decoded parameters) as each request arrives, before it is handled (a
        # test can watch the bot, or kill its process at a chosen request); True drops the request
        # unhandled, as if it never reached Telegram (it is answered 502).
        self.on_request: Callable[[str, JSON], bool | None] | None = None
        # Seconds Telegram takes to answer a request, given (method, parameters): a slow API; or an
        # awaitable it answers after (a request held until the test lets it go).
        self.latency: Callable[[str, JSON], float | Awaitable[object]] | None = None
        # Seconds Telegram takes to answer a request it has already carried out, given (method,
        # parameters): a client that gives up meanwhile never learns what it did (a message's id)
        self.answer_latency: Callable[[str, JSON], float] | None = None
        self.confirmed_offset = 0  # the highest offset a getUpdates call confirmed updates with
        # Telegram down (`begin_outage`): every request, getUpdates included, fails or hangs
        self.outage: Outage | None = None

        self._messages: dict[int, list[Message]] = {}
        self.photos: dict[str, tuple[list[JSON], bytes]] = {}  # file id -> (its sizes, the uploaded bytes)
        self.uploaded: list[str] = []  # the SHA-256 of every picture uploaded, in order
        self._inline_messages: dict[str, Message] = {}
        self._queue: list[JSON] = []  # updates not yet confirmed by getUpdates(offset=...)
        self._allowed = DEFAULT_ALLOWED_UPDATES
        self._failures: list[_Failure] = []
        self._ids = itertools.count(1)
        self._next_update_id = 310_000_001
        self._delivered_update_id = 0
        self._poll_generation = 0
        self._changed_event = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._handlers: dict[str, tuple[str, Callable[[JSON], Any]]] = {
            name[len("_api_") :].lower(): (name[len("_api_") :], getattr(self, name))
            for name in dir(self)
            if name.startswith("_api_")
        }

    # ------------------------------------------------------------------------------------------
    # server

    @property
    def root_url(self) -> str:
        """The server's root, as one would configure a self-hosted Bot API server (`<root>/bot<token>/<method>`)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """For `ApplicationBuilder().base_url(...)`: PTB appends the token, then `/method`."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    async def start(self, port: int = 0) -> None:
        """`port`: where to listen (0: any free one; a given one lets a test start the bot first)."""
        app = web.Application(client_max_size=50 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_route("*", "/file/bot{token}/{path:.*}", self._file)
        self._runner = web.AppRunner(app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._closing = False

    async def stop(self) -> None:
        self._closing = True
        self._changed()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeBotApi:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def _file(self, request: web.Request) -> web.Response:
        return _reply(404, {"ok": False, "error_code": 404, "description": "Not Found: file not found"})

    async def _read(self, request: web.Request) -> tuple[JSON, dict[str, Upload]]:
        """The request's parameters, and the files it attached by name (`attach://<name>`)."""
        raw: JSON = dict(request.query)
        attached: dict[str, Upload] = {}
        if request.method == "POST" and request.can_read_body:
            if request.content_type == "application/json":
                body = await request.json()
                if isinstance(body, dict):
                    raw.update(body)
            else:
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        raw[key] = Upload(value.filename, value.file.read())
                    else:
                        raw[key] = value
                names = set(re.findall(r"attach://([\w-]+)", " ".join(v for v in raw.values() if isinstance(v, str))))
                attached = {k: v for k, v in raw.items() if isinstance(v, Upload) and k in names}
                raw = {k: v for k, v in raw.items() if k not in attached}
        return raw, attached

    async def _handle(self, request: web.Request) -> web.Response:
        raw, attached = await self._read(request)
        asked = request.match_info["method"]
        record = Request(method=asked, params={}, time=time.monotonic())
        self.requests.append(record)
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            name, handler = self._handlers.get(asked.lower(), (asked, None))
            errors: list[str] = []
            record.params = {k: decode_loosely(v, k) for k, v in raw.items()}
            if self.spec is not None:
                spec_name = self.spec.method_name(asked)
                if spec_name is None:
                    self.spec_errors.append(f"unknown Bot API method {asked!r}")
                    raise ApiError(404, "Not Found: method not found")
                name = spec_name
                record.params, errors = self.spec.decode_and_check(name, raw)
            record.method = name
            if errors:
                self.spec_errors.extend(errors)
                raise ApiError(400, "Bad Request: " + "; ".join(errors))
            await self._meet_outage(record)
            if self.on_request is not None and self.on_request(name, record.params):
                raise ApiError(502, "Bad Gateway: dropped")
            delay = self.latency(name, record.params) if self.latency is not None else 0.0
            if inspect.isawaitable(delay):
                await delay
            elif delay > 0:
                await asyncio.sleep(delay)
            await self._meet_outage(record)  # it began while the request was on its way
            self._inject_failure(name, record.params)
            if handler is None:
                self.unsupported.append(name)
                raise ApiError(400, f"Bad Request: the fake Bot API does not implement {name}")
            result = handler({**record.params, ATTACHED: attached} if attached else record.params)
            if inspect.isawaitable(result):
                result = await result
            self._self_check_result(name, result)
            record.status, record.result = 200, result
            if self.answer_latency is not None and (late := self.answer_latency(name, record.params)) > 0:
                await asyncio.sleep(late)
            return _reply(200, {"ok": True, "result": result})
        except ApiError as error:
            record.status, record.description = error.code, error.description
            body: JSON = {"ok": False, "error_code": error.code, "description": error.description}
            if error.parameters:
                body["parameters"] = error.parameters
            return _reply(error.code, body)
        except Exception as error:  # a bug of this fake: make it visible
            self.fake_errors.append(f"{record.method}: {traceback.format_exc()}")
            record.status, record.description = 500, f"Internal Server Error: {error!r}"
            return _reply(500, {"ok": False, "error_code": 500, "description": record.description})
        finally:
            self._changed()

    # ------------------------------------------------------------------------------------------
    # failure injection

    def fail_next(
        self,
        method: str,
        status: int = 429,
        retry_after: int | None = None,
        count: int = 1,
        description: str | None = None,
        *,
        when: Callable[[JSON], bool] | None = None,
    ) -> None:
        """Make the next `count` calls of `method` ("*" for any but getUpdates) fail with `status`.
        429 answers carry `parameters.retry_after` (default 1 s), so PTB raises `RetryAfter`;
        `description` defaults to what Telegram says for the status; `when(params)` narrows the calls."""
        parameters = None
        if status == 429:
            retry_after = 1 if retry_after is None else retry_after
            description = description or f"Too Many Requests: retry after {retry_after}"
        if retry_after is not None:
            parameters = {"retry_after": retry_after}
        description = description or _DEFAULT_DESCRIPTIONS.get(status, f"Error {status}")
        self._failures.append(_Failure(method, status, description, parameters, count, when))

    def begin_outage(self, statuses: tuple[int, ...] = (500, 502), hold: int = 3) -> Outage:
        """Telegram down until `end_outage`: every request (getUpdates too) is answered with one of
        `statuses` in turn, or (every `hold`th) held until the bot gives up waiting; a held request
        is never carried out (tests/adapters/outage.py). Updates people make meanwhile wait for it."""
        self.outage = Outage(statuses, hold)
        return self.outage

    def end_outage(self) -> None:
        if self.outage is not None:
            self.outage.end()
            self.outage = None

    async def _meet_outage(self, record: Request) -> None:
        if (outage := self.outage) is not None:
            record.status, record.description = HELD, "held: the outage"  # (if its client gives up)
            status = await outage.meet()
            raise ApiError(status, _DEFAULT_DESCRIPTIONS[status])

    def _inject_failure(self, method: str, params: JSON) -> None:
        for failure in self._failures:
            if failure.method.lower() not in (method.lower(), "*"):
                continue
            if failure.method == "*" and method == "getUpdates":
                continue
            if failure.when is not None and not failure.when(params):
                continue
            failure.count -= 1
            if failure.count <= 0:
                self._failures.remove(failure)
            raise ApiError(failure.status, failure.description, failure.parameters)

    # ------------------------------------------------------------------------------------------
    # the world: people and chats

    def add_user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
        started: bool = False,
        user_id: int | None = None,
    ) -> User:
        """A person. `started`: has already pressed Start in the bot's private chat."""
        if username is not None and not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{3,31}", username):
            raise ValueError(f"not a Telegram username: {username!r} (4-32 letters, digits, _)")
        user = User(user_id or 5_100_000_000 + 17 * next(self._ids), first_name, username, last_name, language_code)
        user.started = started
        self.users[user.id] = user
        return user

    def add_group(
        self,
        title: str,
        members: list[User] | tuple[User, ...] = (),
        *,
        admins: list[User] | tuple[User, ...] = (),
        creator: User | None = None,
        supergroup: bool = True,
        forum: bool = False,
        username: str | None = None,
        bot_status: str = "member",
    ) -> Chat:
        """A group (or supergroup, or forum supergroup) the bot is in (`bot_status`: member, administrator,
        left, kicked). The creator is `creator` or else the first member; admins are administrators."""
        if forum and not supergroup:
            raise ValueError("only supergroups can be forums")
        number = next(self._ids)
        chat_id = -1_002_000_000_000 - number if supergroup else -4_000_000_000 - number
        chat = Chat(chat_id, "supergroup" if supergroup else "group", title, username, forum)
        everyone = [*([creator] if creator else []), *members, *admins]
        for user in everyone:
            chat.members[user.id] = "member"
        for user in admins:
            chat.members[user.id] = "administrator"
        owner = creator or (everyone[0] if everyone else None)
        if owner is not None:
            chat.members[owner.id] = "creator"
        chat.members[self.bot.id] = bot_status
        self.chats[chat.id] = chat
        self._messages[chat.id] = []
        return chat

    def add_topic(self, chat: Chat, name: str, creator: User | None = None) -> int:
        """A forum topic; returns its `message_thread_id` (the id of its "topic created" message)."""
        if not chat.is_forum:
            raise ValueError(f"{chat} is not a forum")
        author = creator or next(self.users[uid] for uid, s in chat.members.items() if s == "creator")
        message = self._new_message(chat, author)
        message.thread_id = message.message_id
        message.service = {"forum_topic_created": {"name": name, "icon_color": 7322096}}
        chat.topics[message.message_id] = name
        return message.message_id

    def private_chat(self, user: User) -> Chat:
        """The private chat between `user` and the bot (its id is the user's id)."""
        chat = self.chats.get(user.id)
        if chat is None:
            chat = Chat(user.id, "private", user=user)
            self.chats[chat.id] = chat
            self._messages[chat.id] = []
        return chat

    def join(self, chat: Chat, user: User) -> None:
        chat.members[user.id] = "member"

    def leave(self, chat: Chat, user: User) -> None:
        chat.members[user.id] = "left"

    # ------------------------------------------------------------------------------------------
    # people act: these queue updates for getUpdates

    def send_text(
        self,
        user: User,
        chat: Chat,
        text: str,
        reply_to: Message | None = None,
        thread_id: int | None = None,
        *,
        mentions: list[User] | tuple[User, ...] = (),
    ) -> Message:
        """`user` sends `text` to `chat` (a group or the user's private chat with the bot).
        Entities are marked as a client does: `bot_command` for /commands, `mention` for @usernames,
        and `text_mention` for each person in `mentions` without a username (their first name must
        appear in the text). In a forum topic the message replies to the topic's first message unless
        it replies to another one, as in Telegram. The bot gets the update only if it would receive it
        (privacy mode: commands, replies to its messages, messages via it, or everything if admin)."""
        self._check_can_post(user, chat)
        if chat.type == "private":
            user.started = True
        if reply_to is not None:
            if reply_to.chat is not chat or reply_to.deleted:
                raise ValueError(f"cannot reply to {reply_to} in {chat}")
            if thread_id is None:
                thread_id = reply_to.thread_id
        if thread_id is not None and thread_id not in chat.topics:
            raise ValueError(f"{chat} has no topic {thread_id}")
        entities = ents.detect(text)
        for person in mentions:
            if person.username and f"@{person.username}" in text:
                continue
            mention = ents.text_mention(text, person.first_name, person.to_dict())
            if mention is None:
                raise ValueError(f"{person.first_name!r} does not appear in {text!r}")
            entities.append(mention)
        entities.sort(key=lambda e: e["offset"])
        message = self._new_message(chat, user, text=text, entities=entities, thread_id=thread_id)
        message.reply_to = reply_to or self._topic_head(chat, thread_id)
        if self._bot_receives(message):
            self._push("message", message.to_dict())
        return message

    def edit_text(self, user: User, message: Message, text: str) -> Message:
        """`user` edits their own message; the bot gets an `edited_message` update if it received it."""
        if message.sender is not user or message.deleted:
            raise ValueError(f"{user} cannot edit {message}")
        message.history.append(message.text)
        message.text, message.entities, message.edit_date = text, ents.detect(text), int(self.clock())
        if self._bot_receives(message):
            self._push("edited_message", message.to_dict())
        return message

    def press(
        self, user: User, message: Message, data: str | None = None, *, text: str | None = None, strict: bool = True
    ) -> Any:
        """`user` presses an inline button of `message`, found by its `callback_data` (`data`) or its
        label (`text`). A callback button queues a `callback_query` and returns its id (for
        `answers_to`); a `switch_inline_query_current_chat` button starts an inline query in that chat
        and returns the inline query id; a `t.me/<bot>?start=<payload>` URL button starts the private
        chat and returns the /start message; another URL button returns None. `strict=False` sends
        `data` even if no button carries it (a forged or outdated client)."""
        if message.deleted:
            raise ValueError(f"{message} was deleted")
        self._check_can_see(user, message.chat)
        flat = [button for row in message.buttons for button in row]
        if text is not None:
            button = message.button(text)
        else:
            button = next((b for b in flat if b.get("callback_data") == data), None)
            if button is None:
                if strict:
                    raise ValueError(f"no button with callback_data {data!r} on {message}: {flat}")
                button = {"text": "?", "callback_data": data}
        if "callback_data" in button:
            return self._callback_query(user, message, button["callback_data"])
        if "switch_inline_query_current_chat" in button:
            return self.inline_query(
                user, button["switch_inline_query_current_chat"], chat=message.chat, thread_id=message.thread_id
            )
        if "url" in button:
            link = re.fullmatch(
                rf"https?://(?:t\.me|telegram\.me)/{re.escape(self.bot.username or '')}\?start=([A-Za-z0-9_-]{{1,64}})",
                button["url"],
                flags=re.IGNORECASE,
            )
            return self.start_private(user, link.group(1)) if link else None
        raise ValueError(f"pressing {button} is not simulated")

    def _callback_query(self, user: User, message: Message, data: str) -> str:
        query_id = str(4_611_686_018_427_000_000 + next(self._ids))
        self.callback_queries[query_id] = CallbackQuery(query_id, user, message, data)
        payload: JSON = {"id": query_id, "from": user.to_dict()}
        if message.inline_message_id:
            payload["inline_message_id"] = message.inline_message_id
        else:
            payload["message"] = message.to_dict()
        payload["chat_instance"] = message.chat.instance
        payload["data"] = data
        self._push("callback_query", payload)
        return query_id

    def inline_query(
        self,
        user: User,
        query: str,
        chat_type: str | None = "supergroup",
        *,
        chat: Chat | None = None,
        thread_id: int | None = None,
        offset: str = "",
    ) -> str:
        """`user` types `@bot query` (in `chat`, if given: its type then is the chat_type, and a chosen
        result is posted there). Returns the inline query id (for `inline_answers`)."""
        if not self.inline_mode:
            raise ValueError("inline mode is off for this bot (BotFather /setinline)")
        if len(query) > 256:
            raise ValueError("inline queries are at most 256 characters")
        if chat is not None:
            self._check_can_see(user, chat)
            chat_type = chat.type
        query_id = str(2_305_843_009_213_000_000 + next(self._ids))
        self.inline_queries[query_id] = InlineQuery(query_id, user, query, chat_type, chat, thread_id, offset)
        payload: JSON = {"id": query_id, "from": user.to_dict(), "query": query, "offset": offset}
        if chat_type is not None:
            payload["chat_type"] = chat_type
        self._push("inline_query", payload)
        return query_id

    def choose_inline(
        self, user: User, result_id: str, query: str | None = None, *, inline_query_id: str | None = None
    ) -> Message | None:
        """`user` picks result `result_id` from the bot's answer to their latest inline query `query`
        (or to `inline_query_id`). The result's message is posted in the query's chat, sent by the
        user "via" the bot (returned; None without a chat), and with inline feedback on the bot gets a
        `chosen_inline_result` (with `inline_message_id` when the result has a keyboard)."""
        if inline_query_id is not None:
            iq = self.inline_queries[inline_query_id]
        else:
            candidates = [
                q for q in self.inline_queries.values() if q.user is user and (query is None or q.query == query)
            ]
            if not candidates:
                raise ValueError(f"{user} made no inline query {query!r}")
            iq = candidates[-1]
        if iq.answer is None:
            raise ValueError(f"the bot has not answered inline query {iq.query!r} ({iq.id})")
        result = next((r for r in iq.answer["results"] if r.get("id") == result_id), None)
        if result is None:
            raise ValueError(f"no result {result_id!r} in {[r.get('id') for r in iq.answer['results']]}")
        inline_message_id = None
        if result.get("reply_markup"):
            inline_message_id = f"AgAAA{next(self._ids):010d}FakeInlineMsg"
        message = None
        if iq.chat is not None:
            content = result.get("input_message_content") or {}
            text, entities = self._parse_text(
                content.get("message_text", ""), content.get("parse_mode"), content.get("entities"), required=False
            )
            message = self._new_message(
                iq.chat,
                user,
                text=text,
                entities=entities,
                thread_id=iq.thread_id,
                reply_markup=copy.deepcopy(result.get("reply_markup")),
            )
            message.via_bot = self.bot
            message.reply_to = self._topic_head(iq.chat, iq.thread_id)
            message.inline_message_id = inline_message_id
            if inline_message_id:
                self._inline_messages[inline_message_id] = message
        if self.inline_feedback:
            payload: JSON = {"result_id": result_id, "from": user.to_dict(), "query": iq.query}
            if inline_message_id:
                payload["inline_message_id"] = inline_message_id
            self._push("chosen_inline_result", payload)
        if message is not None and self._bot_receives(message):
            self._push("message", message.to_dict())
        return message

    def start_private(self, user: User, payload: str | None = None) -> Message:
        """`user` opens the bot's private chat and presses Start (or follows `t.me/<bot>?start=payload`):
        a `/start [payload]` message. Afterwards the bot may write to them (and a block is lifted)."""
        if payload is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", payload):
            raise ValueError(f"deep-link payloads are 1-64 of A-Z a-z 0-9 _ -: {payload!r}")
        chat = self.private_chat(user)
        if user.blocked:
            user.blocked = False
            self._push("my_chat_member", self._member_update(chat, user, "kicked", "member"))
        user.started = True
        return self.send_text(user, chat, f"/start {payload}" if payload else "/start")

    def block(self, user: User) -> None:
        """`user` blocks the bot: the bot gets a `my_chat_member` update, and writing to them fails with 403."""
        chat = self.private_chat(user)
        if not user.blocked:
            user.blocked = True
            self._push("my_chat_member", self._member_update(chat, user, "member", "kicked"))

    def _member_update(self, chat: Chat, user: User, old: str, new: str) -> JSON:
        member = self.bot.to_dict()
        return {
            "chat": chat.to_dict(),
            "from": user.to_dict(),
            "date": int(self.clock()),
            "old_chat_member": {"status": old, "user": member, **({"until_date": 0} if old == "kicked" else {})},
            "new_chat_member": {"status": new, "user": member, **({"until_date": 0} if new == "kicked" else {})},
        }

    def _check_can_post(self, user: User, chat: Chat) -> None:
        self._check_can_see(user, chat)
        if chat.type == "private" and user.blocked:
            raise ValueError(f"{user} blocked the bot; start_private() unblocks")

    def _check_can_see(self, user: User, chat: Chat) -> None:
        if chat.type == "private":
            if chat.user is not user:
                raise ValueError(f"{user} is not in {chat}")
        elif chat.status(user.id) not in MEMBER_STATUSES:
            raise ValueError(f"{user} is not a member of {chat}")

    def _bot_receives(self, message: Message) -> bool:
        chat = message.chat
        if chat.type == "private":
            return not (chat.user and chat.user.blocked)
        status = chat.status(self.bot.id)
        if status not in MEMBER_STATUSES:
            return False
        if not self.privacy_mode or status in ("administrator", "creator") or message.via_bot is self.bot:
            return True
        reply = message.reply_to
        if reply is not None and reply.from_bot and reply.sender is self.bot:
            return True
        for entity in message.entities:
            if entity["type"] == "bot_command":
                command = _utf16_slice(message.text, entity["offset"], entity["length"])
                target = command.partition("@")[2]
                if not target or target.lower() == (self.bot.username or "").lower():
                    return True
        return False

    def _topic_head(self, chat: Chat, thread_id: int | None) -> Message | None:
        if thread_id is None or not chat.is_forum:
            return None
        return self._find(chat, thread_id)

    def _push(self, kind: str, payload: JSON) -> JSON:
        update = {"update_id": self._next_update_id, kind: payload}
        self._next_update_id += 1
        self._self_check("Update", update, f"{kind} update")
        self.updates.append(update)
        self._queue.append(update)
        self._changed()
        return update

    def _new_message(self, chat: Chat, sender: User, **fields: Any) -> Message:
        message = Message(chat, chat.next_message_id, sender, int(self.clock()), **fields)
        chat.next_message_id += 1
        self._messages.setdefault(chat.id, []).append(message)
        return message

    def _find(self, chat: Chat, message_id: Any) -> Message | None:
        for message in self._messages.get(chat.id, []):
            if message.message_id == message_id and not message.deleted:
                return message
        return None

    # ------------------------------------------------------------------------------------------
    # what people see, and waiting for the bot

    def messages(self, chat: Chat, *, from_bot: bool | None = None, thread_id: Any = ANY) -> list[Message]:
        """The chat's messages in order (not deleted, no service messages); `from_bot` True/False filters
        by sender, `thread_id` by forum topic (None: the General topic)."""
        return [
            m
            for m in self._messages.get(chat.id, [])
            if not m.deleted
            and not m.service
            and (from_bot is None or m.from_bot == from_bot)
            and (thread_id is ANY or m.thread_id == thread_id)
        ]

    def last_message(self, chat: Chat, *, from_bot: bool | None = True, thread_id: Any = ANY) -> Message | None:
        """The latest message in the chat, by default the latest one the bot sent."""
        found = self.messages(chat, from_bot=from_bot, thread_id=thread_id)
        return found[-1] if found else None

    def buttons(self, message: Message) -> list[list[JSON]]:
        """Rows of inline buttons: {"text", and callback_data | url | switch_inline_query_current_chat}."""
        return message.buttons

    def answers_to(self, callback_query_id: str) -> JSON | None:
        """The answerCallbackQuery parameters for that press ({"text", "show_alert", ...}), None if unanswered."""
        return self.callback_queries[callback_query_id].answer

    def inline_answers(self, inline_query_id: str) -> JSON | None:
        """The answerInlineQuery parameters ({"results": [...], "cache_time", ...}), None if unanswered."""
        return self.inline_queries[inline_query_id].answer

    def calls(self, method: str | None = None, *, chat: Chat | None = None, ok: bool | None = None) -> list[Request]:
        """Recorded requests: of `method` (default: all but getUpdates), to `chat`, succeeded or failed."""
        return [
            r
            for r in self.requests
            if (r.method == method if method else r.method != "getUpdates")
            and (chat is None or r.params.get("chat_id") in (chat.id, f"@{chat.username}"))
            and (ok is None or r.ok == ok)
        ]

    def visible_commands(self, user: User, chat: Chat) -> list[JSON]:
        """The command list `user` sees in `chat`, resolved through scopes and languages like a client."""
        language = (user.language_code or "")[:2]
        admin = chat.status(user.id) in ("creator", "administrator")
        if chat.type == "private":
            scopes = [("chat", chat.id), ("all_private_chats",), ("default",)]
        else:
            scopes = [("chat_member", chat.id, user.id)]
            scopes += [("chat_administrators", chat.id)] if admin else []
            scopes += [("chat", chat.id)]
            scopes += [("all_chat_administrators",)] if admin else []
            scopes += [("all_group_chats",), ("default",)]
        for scope in scopes:
            for lang in (language, ""):
                found = self.commands.get((scope, lang))
                if found:
                    return found
        return []

    @property
    def pending_updates(self) -> list[JSON]:
        """Updates queued and not yet fetched by the bot."""
        return [u for u in self._queue if u["update_id"] > self._delivered_update_id]

    @property
    def queued(self) -> list[JSON]:
        """Updates Telegram still holds for the bot: not fetched yet, or fetched and not yet confirmed
        by a later getUpdates (a poller confirms what it fetched only once it has taken it in)."""
        return list(self._queue)

    def unconfirm(self, updates: list[JSON]) -> None:
        """Telegram never got the getUpdates that confirmed these (it was lost with the process
        that sent it): they are delivered again."""
        known = {u["update_id"] for u in self._queue}
        self._queue = sorted(
            [*self._queue, *(u for u in updates if u["update_id"] not in known)], key=lambda u: u["update_id"]
        )
        self._changed()

    def unconfirmed(self, offset: int) -> list[JSON]:
        """The queued updates a getUpdates with this offset confirms (drops)."""
        return [u for u in self._queue if u["update_id"] < offset]

    def confirmed(self, update_id: int) -> bool:
        """Whether a getUpdates call confirmed the update (offset above it): Telegram has dropped it
        and will not deliver it again, whether or not the bot handled it."""
        return update_id < self.confirmed_offset

    async def wait_for(self, condition: Callable[[], T], timeout: float = 5.0, what: str | None = None) -> T:
        """Wait until `condition()` is truthy (re-checked after every request and update); returns its
        value. Exceptions inside it count as "not yet". Raises TimeoutError with the latest requests."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        problem: Exception | None = None
        while True:
            try:
                value = condition()
                problem = None
            except Exception as exc:
                value, problem = None, exc  # type: ignore[assignment]
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n  ".join(_describe(r) for r in self.calls()[-12:])
                raise TimeoutError(
                    f"{what or 'condition'} not met within {timeout} s"
                    f"{f' (last error: {problem!r})' if problem else ''}; latest requests:\n  {recent}"
                ) from problem
            await self._wait_changed(min(remaining, 0.05))

    async def next_message(
        self, chat: Chat, *, from_bot: bool = True, thread_id: Any = ANY, timeout: float = 5.0
    ) -> Message:
        """Wait for a message newer than the ones in `chat` now (call it before awaiting anything else)."""
        seen = {id(m) for m in self._messages.get(chat.id, [])}
        return await self.wait_for(
            lambda: next(
                (m for m in self.messages(chat, from_bot=from_bot, thread_id=thread_id) if id(m) not in seen), None
            ),
            timeout,
            f"a new message in {chat}",
        )

    def _changed(self) -> None:
        self._changed_event.set()
        self._changed_event = asyncio.Event()

    async def _wait_changed(self, timeout: float) -> None:
        event = self._changed_event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # ------------------------------------------------------------------------------------------
    # spec checks of this fake's own answers

    def _self_check(self, kind: str, value: Any, where: str) -> None:
        if self.spec is not None:
            self.fake_errors.extend(self.spec.check_value([kind], value, where))

    def _self_check_result(self, method: str, result: Any) -> None:
        if self.spec is not None and method in self.spec.methods:
            returns = self.spec.methods[method].get("returns", [])
            self.fake_errors.extend(self.spec.check_value(returns, result, f"result of {method}"))

    # ------------------------------------------------------------------------------------------
    # Bot API methods (`_api_<name>`), taking decoded parameters

    def _api_getMe(self, p: JSON) -> JSON:
        return {
            **self.bot.to_dict(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": self.inline_mode,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def _api_getUpdates(self, p: JSON) -> list[JSON]:
        if self.webhook is not None:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
                "webhook first",
            )
        offset, limit, timeout = int(p.get("offset", 0)), int(p.get("limit", 100)), float(p.get("timeout", 0))
        limit = min(max(limit, 1), 100)
        if "allowed_updates" in p:
            self._allowed = frozenset(p["allowed_updates"]) or DEFAULT_ALLOWED_UPDATES
        if offset > 0:
            self._queue = [u for u in self._queue if u["update_id"] >= offset]
            self.confirmed_offset = max(self.confirmed_offset, offset)
        elif offset < 0:
            self._queue = self._queue[offset:]
        self._poll_generation += 1
        mine = self._poll_generation
        self._changed()  # an older long poll still waiting ends with 409 Conflict
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(timeout, 0)
        while True:
            if mine != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
                )
            self._queue = [u for u in self._queue if _update_kind(u) in self._allowed]
            ready = self._queue[:limit]
            if ready or self._closing or loop.time() >= deadline:
                if ready:
                    self._delivered_update_id = max(self._delivered_update_id, ready[-1]["update_id"])
                return copy.deepcopy(ready)
            await self._wait_changed(deadline - loop.time())

    def _api_setWebhook(self, p: JSON) -> bool:
        url = p.get("url", "")
        if url and not url.startswith("https://"):
            raise ApiError(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
        if p.get("drop_pending_updates"):
            self._queue.clear()
        if "allowed_updates" in p:
            self._allowed = frozenset(p["allowed_updates"]) or DEFAULT_ALLOWED_UPDATES
        self.webhook = dict(p) if url else None
        return True

    def _api_deleteWebhook(self, p: JSON) -> bool:
        self.webhook = None
        if p.get("drop_pending_updates"):
            self._queue.clear()
        return True

    def _api_getWebhookInfo(self, p: JSON) -> JSON:
        info: JSON = {
            "url": (self.webhook or {}).get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }
        if self.webhook is not None:
            info["max_connections"] = self.webhook.get("max_connections", 40)
            if "allowed_updates" in self.webhook:
                info["allowed_updates"] = self.webhook["allowed_updates"]
        return info

    # --- commands and profile ---

    def _scope_key(self, scope: JSON | None) -> tuple[Any, ...]:
        if not scope:
            return ("default",)
        kind = scope.get("type")
        if kind in ("default", "all_private_chats", "all_group_chats", "all_chat_administrators"):
            return (kind,)
        if kind in ("chat", "chat_administrators", "chat_member"):
            chat = self._chat(scope.get("chat_id"))
            if kind == "chat_administrators" and not chat.is_group:
                raise ApiError(400, "Bad Request: can't use chat_administrators scope in private chats")
            if kind == "chat_member":
                if scope.get("user_id") not in self.users:
                    raise ApiError(400, "Bad Request: user not found")
                return (kind, chat.id, scope["user_id"])
            return (kind, chat.id)
        raise ApiError(400, "Bad Request: wrong bot command scope type specified")

    @staticmethod
    def _language(p: JSON) -> str:
        language = p.get("language_code", "") or ""
        if language and not re.fullmatch(r"[a-z]{2}", language):
            raise ApiError(400, "Bad Request: invalid language code specified")
        return language

    def _api_setMyCommands(self, p: JSON) -> bool:
        commands = p.get("commands")
        if not isinstance(commands, list):
            raise ApiError(400, "Bad Request: can't parse commands JSON object")
        if len(commands) > 100:
            raise ApiError(400, "Bad Request: too many commands specified")
        for command in commands:
            if not isinstance(command, dict) or not re.fullmatch(r"[a-z0-9_]{1,32}", str(command.get("command", ""))):
                raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(str(command.get("description", "")).strip()) <= 256:
                raise ApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        key = (self._scope_key(p.get("scope")), self._language(p))
        if commands:
            self.commands[key] = [{"command": c["command"], "description": c["description"]} for c in commands]
        else:
            self.commands.pop(key, None)
        return True

    def _api_getMyCommands(self, p: JSON) -> list[JSON]:
        return copy.deepcopy(self.commands.get((self._scope_key(p.get("scope")), self._language(p)), []))

    def _api_deleteMyCommands(self, p: JSON) -> bool:
        self.commands.pop((self._scope_key(p.get("scope")), self._language(p)), None)
        return True

    def _set_profile(self, p: JSON, key: str, limit: int) -> bool:
        value = p.get(key, "") or ""
        if len(value) > limit:
            raise ApiError(400, f"Bad Request: {key} is too long")
        self.profile[(key, self._language(p))] = value
        return True

    def _get_profile(self, p: JSON, key: str) -> JSON:
        language = self._language(p)
        return {key: self.profile.get((key, language), self.profile.get((key, ""), ""))}

    def _api_setMyName(self, p: JSON) -> bool:
        return self._set_profile(p, "name", 64)

    def _api_getMyName(self, p: JSON) -> JSON:
        found = self._get_profile(p, "name")
        return {"name": found["name"] or self.bot.first_name}

    def _api_setMyDescription(self, p: JSON) -> bool:
        return self._set_profile(p, "description", 512)

    def _api_getMyDescription(self, p: JSON) -> JSON:
        return self._get_profile(p, "description")

    def _api_setMyShortDescription(self, p: JSON) -> bool:
        return self._set_profile(p, "short_description", 120)

    def _api_getMyShortDescription(self, p: JSON) -> JSON:
        return self._get_profile(p, "short_description")

    def _api_setChatMenuButton(self, p: JSON) -> bool:
        chat_id = p.get("chat_id")
        if chat_id is not None and self._chat(chat_id).type != "private":
            raise ApiError(400, "Bad Request: menu button can be set only in private chats")
        self.menu_buttons[chat_id] = p.get("menu_button") or {"type": "default"}
        return True

    def _api_getChatMenuButton(self, p: JSON) -> JSON:
        return copy.deepcopy(self.menu_buttons.get(p.get("chat_id"), self.menu_buttons.get(None, {"type": "commands"})))

    # --- chats ---

    def _chat(self, chat_id: Any) -> Chat:
        if isinstance(chat_id, str) and chat_id.startswith("@"):
            for chat in self.chats.values():
                if chat.username and chat.username.lower() == chat_id[1:].lower():
                    return chat
        elif isinstance(chat_id, int) or (isinstance(chat_id, str) and re.fullmatch(r"-?\d+", chat_id)):
            chat = self.chats.get(int(chat_id))
            if chat is None and int(chat_id) in self.users:
                return self.private_chat(self.users[int(chat_id)])
            if chat is not None:
                return chat
        raise ApiError(400, "Bad Request: chat not found")

    def _check_bot_in(self, chat: Chat) -> None:
        if chat.type == "private":
            return
        status = chat.status(self.bot.id)
        name = "supergroup chat" if chat.type == "supergroup" else "group chat"
        if status == "kicked":
            raise ApiError(403, f"Forbidden: bot was kicked from the {name}")
        if status not in MEMBER_STATUSES:
            raise ApiError(403, f"Forbidden: bot is not a member of the {name}")

    def _check_can_write(self, chat: Chat) -> None:
        self._check_bot_in(chat)
        if chat.type == "private" and chat.user is not None:
            if chat.user.is_bot:
                raise ApiError(403, "Forbidden: bot can't send messages to bots")
            if chat.user.blocked:
                raise ApiError(403, "Forbidden: bot was blocked by the user")
            if not chat.user.started:
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")

    def _api_getChat(self, p: JSON) -> JSON:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        return chat_full_info(chat)

    def _api_getChatMember(self, p: JSON) -> JSON:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        user_id = p.get("user_id")
        user = self.bot if user_id == self.bot.id else self.users.get(user_id)  # type: ignore[arg-type]
        if user is None:
            raise ApiError(400, "Bad Request: user not found")
        if chat.type == "private" and user not in (chat.user, self.bot):
            raise ApiError(400, "Bad Request: user not found")
        return chat_member(chat, user)

    def _api_getChatAdministrators(self, p: JSON) -> list[JSON]:
        chat = self._chat(p.get("chat_id"))
        if chat.type == "private":
            raise ApiError(400, "Bad Request: there are no administrators in the private chat")
        self._check_bot_in(chat)
        people = {**self.users, self.bot.id: self.bot}
        return [
            chat_member(chat, people[uid])
            for uid, status in chat.members.items()
            if status in ("creator", "administrator") and uid in people
        ]

    def _api_getChatMemberCount(self, p: JSON) -> int:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        if chat.type == "private":
            return 2
        return sum(1 for status in chat.members.values() if status in MEMBER_STATUSES)

    def _api_leaveChat(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        if chat.type == "private":
            raise ApiError(400, "Bad Request: chat member status can't be changed in private chats")
        self._check_bot_in(chat)
        chat.members[self.bot.id] = "left"
        return True

    def _api_sendChatAction(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        self._check_can_write(chat)
        self._thread(chat, p.get("message_thread_id"))
        if p.get("action") not in {
            "typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
            "upload_document", "choose_sticker", "find_location", "record_video_note", "upload_video_note",
        }:  # fmt: skip
            raise ApiError(400, "Bad Request: wrong parameter action in request")
        return True

    # --- messages ---

    def _parse_text(
        self, text: Any, parse_mode: Any, entities: Any, *, required: bool = True, empty: str = "message text is empty"
    ) -> tuple[str, list[JSON]]:
        if not isinstance(text, str):
            text = "" if text is None else str(text)
        try:
            if entities:
                plain, found = ents.strip(text, ents.check_entities(text, entities))
            else:
                plain, found = ents.parse(text, parse_mode)
        except ents.EntityError as error:
            raise ApiError(400, f"Bad Request: can't parse entities: {error}") from None
        if required and not plain:
            raise ApiError(400, f"Bad Request: {empty}")
        if ents.utf16_len(plain) > 4096:
            raise ApiError(400, "Bad Request: message is too long")
        for entity in found:
            if entity["type"] == "text_mention" and "user" in entity:
                user = self.users.get(entity["user"].get("id"))
                if user is None:
                    raise ApiError(400, "Bad Request: can't parse entities: user not found")
                entity["user"] = user.to_dict()
        return plain, found

    def _inline_keyboard(self, markup: Any, *, any_keyboard: bool = False) -> JSON | None:
        if markup is None:
            return None
        if not isinstance(markup, dict):
            raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in markup:
            if any_keyboard and ({"keyboard", "remove_keyboard", "force_reply"} & markup.keys()):
                return copy.deepcopy(markup)
            raise ApiError(400, "Bad Request: can't parse inline keyboard markup JSON object")
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise ApiError(
                400, 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
            )
        if sum(len(row) for row in rows) > 100:
            raise ApiError(400, "Bad Request: reply markup is too long")
        for row in rows:
            for button in row:
                self._check_button(button)
        return copy.deepcopy(markup)

    def _check_button(self, button: Any) -> None:
        prefix = "Bad Request: can't parse inline keyboard button: "
        if not isinstance(button, dict) or not isinstance(button.get("text"), str):
            raise ApiError(400, prefix + 'Can\'t find field "text"')
        if not button["text"].strip():
            raise ApiError(400, "Bad Request: text must be non-empty")
        actions = [action for action in ACTIONS if action in button]
        if not actions:
            raise ApiError(400, prefix + "Text buttons are unallowed in the inline keyboard")
        if len(actions) > 1:
            raise ApiError(400, prefix + f"only one of {', '.join(actions)} may be specified")
        action, value = actions[0], button[actions[0]]
        if action == "callback_data" and (not isinstance(value, str) or not 1 <= len(value.encode()) <= 64):
            raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        if action == "url" and not (isinstance(value, str) and re.fullmatch(r"(https?|tg)://[^\s]+", value)):
            raise ApiError(400, f"Bad Request: inline keyboard button URL '{value}' is invalid: Wrong HTTP URL")
        if action.startswith("switch_inline_query"):
            if not self.inline_mode:
                raise ApiError(400, "Bad Request: BOT_INLINE_DISABLED")
            if isinstance(value, str) and len(value) > 256:
                raise ApiError(400, "Bad Request: switch_inline_query is too long")

    def _thread(self, chat: Chat, thread_id: Any) -> int | None:
        if thread_id is None:
            return None
        if chat.is_forum and thread_id in chat.topics:
            return int(thread_id)
        raise ApiError(400, "Bad Request: message thread not found")

    def _flood_control(self, chat: Chat) -> None:
        limit = self.group_limit_per_minute
        if limit is None or not chat.is_group:
            return
        now = time.monotonic()
        sent = self.calls("sendMessage", chat=chat, ok=True) + self.calls("sendPhoto", chat=chat, ok=True)
        recent = sorted(r.time for r in sent if now - r.time < 60)
        if len(recent) >= limit:
            retry_after = max(1, math.ceil(60 - (now - recent[-limit])))
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after})

    def _api_sendMessage(self, p: JSON) -> JSON:
        chat = self._chat(p.get("chat_id"))
        self._check_can_write(chat)
        thread_id = self._thread(chat, p.get("message_thread_id"))
        text, entities = self._parse_text(p.get("text"), p.get("parse_mode"), p.get("entities"))
        markup = self._inline_keyboard(p.get("reply_markup"), any_keyboard=True)
        reply_to, thread_id = self._reply_to(chat, p, thread_id)
        self._flood_control(chat)
        message = self._new_message(
            chat, self.bot, text=text, entities=entities, reply_markup=markup, thread_id=thread_id
        )
        message.reply_to = reply_to or self._topic_head(chat, thread_id)
        return message.to_dict()

    def _reply_to(self, chat: Chat, p: JSON, thread_id: int | None) -> tuple[Message | None, int | None]:
        """The message a new one replies to (`reply_parameters`), and the topic it then goes in."""
        reply_to = None
        reply = p.get("reply_parameters")
        if isinstance(reply, dict):
            target_chat = self._chat(reply["chat_id"]) if reply.get("chat_id") is not None else chat
            reply_to = self._find(target_chat, reply.get("message_id"))
            if reply_to is None and not reply.get("allow_sending_without_reply"):
                raise ApiError(400, "Bad Request: message to be replied not found")
            if reply_to is not None and thread_id is None:
                thread_id = reply_to.thread_id
        return reply_to, thread_id

    def _photo(self, given: Any, attached: dict[str, Upload]) -> list[JSON]:
        """A photo's sizes: uploaded now (a PNG or JPEG, as a file part or `attach://<name>`), or
        sent before (its file id)."""
        if isinstance(given, str) and given.startswith("attach://"):
            given = attached.get(given[len("attach://") :])
        if isinstance(given, str):
            known = self.photos.get(given)
            if known is None:
                raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
            return copy.deepcopy(known[0])
        if not isinstance(given, Upload):
            raise ApiError(400, "Bad Request: there is no photo in the request")
        data = given.data
        if len(data) > MAX_PHOTO_BYTES:
            raise ApiError(400, "Bad Request: PHOTO_SAVE_FILE_INVALID")
        if data.startswith(PNG) and data[12:16] == b"IHDR":
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        elif data.startswith(b"\xff\xd8"):
            width, height = 800, 600  # a JPEG: its size is not read here
        else:
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        if width + height > 10_000 or max(width, height) > 20 * min(width, height):
            raise ApiError(400, "Bad Request: PHOTO_INVALID_DIMENSIONS")
        sizes = []
        for side in (90, 320, 800, 1280):  # Telegram keeps a few sizes, none larger than the original
            scale = min(1.0, side / max(width, height))
            sizes.append((round(width * scale), round(height * scale)))
            if scale == 1.0:
                break
        n = next(self._ids)
        self.uploaded.append(hashlib.sha256(data).hexdigest())
        photo = [
            {
                "file_id": f"AgACAgPhoto{n:06d}x{i}",
                "file_unique_id": f"AQADPhoto{n:06d}x{i}",
                "width": w,
                "height": h,
                "file_size": max(1, len(data) * w * h // (width * height)),
            }
            for i, (w, h) in enumerate(sizes)
        ]
        for size in photo:
            self.photos[size["file_id"]] = (photo, data)
        return copy.deepcopy(photo)

    def _caption(self, p: JSON) -> tuple[str, list[JSON]]:
        caption, entities = self._parse_text(
            p.get("caption"), p.get("parse_mode"), p.get("caption_entities"), required=False
        )
        if ents.utf16_len(caption) > MAX_CAPTION:
            raise ApiError(400, "Bad Request: message caption is too long")
        return caption, entities

    def _api_sendPhoto(self, p: JSON) -> JSON:
        chat = self._chat(p.get("chat_id"))
        self._check_can_write(chat)
        thread_id = self._thread(chat, p.get("message_thread_id"))
        caption, entities = self._caption(p)
        markup = self._inline_keyboard(p.get("reply_markup"), any_keyboard=True)
        photo = self._photo(p.get("photo"), p.get(ATTACHED, {}))
        reply_to, thread_id = self._reply_to(chat, p, thread_id)
        self._flood_control(chat)
        message = self._new_message(
            chat, self.bot, text=caption, entities=entities, reply_markup=markup, thread_id=thread_id, photo=photo
        )
        message.reply_to = reply_to or self._topic_head(chat, thread_id)
        return message.to_dict()

    def _api_editMessageCaption(self, p: JSON) -> JSON | bool:
        message, inline = self._target(p, "edit")
        if message.photo is None:
            raise ApiError(400, "Bad Request: there is no caption in the message to edit")
        caption, entities = self._caption(p)
        self._edit(message, caption, entities, self._inline_keyboard(p.get("reply_markup")))
        return True if inline else message.to_dict()

    def _api_editMessageMedia(self, p: JSON) -> JSON | bool:
        message, inline = self._target(p, "edit")
        media = p.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: the fake Bot API edits photos only")
        caption, entities = self._caption(media)
        markup = self._inline_keyboard(p.get("reply_markup"))
        photo = self._photo(media.get("media"), p.get(ATTACHED, {}))
        if photo[-1]["file_id"] == message.file_id:
            self._edit(message, caption, entities, markup)  # the same picture: "not modified" unless the rest changed
            return True if inline else message.to_dict()
        if (caption, entities, markup) != (message.text, message.entities, message.reply_markup):
            if caption != message.text:
                message.history.append(message.text)
            message.text, message.entities, message.reply_markup = caption, entities, markup
        if message.file_id:
            message.pictures.append(message.file_id)
        message.photo = photo
        message.edit_date = int(self.clock())
        return True if inline else message.to_dict()

    def picture(self, message: Message) -> bytes | None:
        """The bytes of the picture a message shows (None: it is text)."""
        return self.photos[message.file_id][1] if message.file_id else None

    def uploads(self) -> list[Request]:
        """The successful requests that uploaded a picture (not those that named one by file id)."""

        def uploaded(given: Any) -> bool:
            return isinstance(given, Upload) or str(given).startswith("attach://")

        return [
            r
            for r in self.requests
            if r.ok
            and (
                (r.method == "sendPhoto" and uploaded(r.params.get("photo")))
                or (r.method == "editMessageMedia" and uploaded(r.params["media"].get("media")))
            )
        ]

    def _target(self, p: JSON, what: str) -> tuple[Message, bool]:
        inline_id = p.get("inline_message_id")
        if inline_id is not None:
            message = self._inline_messages.get(inline_id)
            if message is None or message.deleted:
                raise ApiError(400, f"Bad Request: message to {what} not found")
            return message, True
        if p.get("chat_id") is None or p.get("message_id") is None:
            raise ApiError(400, "Bad Request: message identifier is not specified")
        chat = self._chat(p["chat_id"])
        self._check_bot_in(chat)
        message = self._find(chat, p["message_id"])
        if message is None:
            raise ApiError(400, f"Bad Request: message to {what} not found")
        if message.sender is not self.bot:
            raise ApiError(400, "Bad Request: message can't be edited")
        if chat.type == "private" and chat.user is not None and chat.user.blocked:
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        return message, False

    def _edit(self, message: Message, text: str, entities: list[JSON], markup: JSON | None) -> None:
        if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
            raise ApiError(400, NOT_MODIFIED)
        if text != message.text:
            message.history.append(message.text)
        message.text, message.entities, message.reply_markup = text, entities, markup
        message.edit_date = int(self.clock())

    def _api_editMessageText(self, p: JSON) -> JSON | bool:
        message, inline = self._target(p, "edit")
        if message.photo is not None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text, entities = self._parse_text(p.get("text"), p.get("parse_mode"), p.get("entities"))
        self._edit(message, text, entities, self._inline_keyboard(p.get("reply_markup")))
        return True if inline else message.to_dict()

    def _api_editMessageReplyMarkup(self, p: JSON) -> JSON | bool:
        message, inline = self._target(p, "edit")
        self._edit(message, message.text, message.entities, self._inline_keyboard(p.get("reply_markup")))
        return True if inline else message.to_dict()

    def _deletable(self, chat: Chat, message_id: Any) -> Message:
        message = self._find(chat, message_id)
        if message is None:
            raise ApiError(400, "Bad Request: message to delete not found")
        if message.sender is not self.bot and chat.is_group and chat.status(self.bot.id) != "administrator":
            raise ApiError(400, "Bad Request: message can't be deleted")
        return message

    def _api_deleteMessage(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        self._deletable(chat, p.get("message_id")).deleted = True
        return True

    def _api_deleteMessages(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        ids = p.get("message_ids") or []
        if not 1 <= len(ids) <= 100:
            raise ApiError(400, "Bad Request: too many messages to delete")
        for message_id in ids:
            with contextlib.suppress(ApiError):
                self._deletable(chat, message_id).deleted = True
        return True

    def _api_pinChatMessage(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        if chat.is_group and chat.status(self.bot.id) != "administrator":
            raise ApiError(400, "Bad Request: not enough rights to manage pinned messages in the chat")
        if self._find(chat, p.get("message_id")) is None:
            raise ApiError(400, "Bad Request: message to pin not found")
        self.pinned[chat.id] = p["message_id"]
        return True

    def _api_unpinChatMessage(self, p: JSON) -> bool:
        chat = self._chat(p.get("chat_id"))
        self._check_bot_in(chat)
        if chat.is_group and chat.status(self.bot.id) != "administrator":
            raise ApiError(400, "Bad Request: not enough rights to manage pinned messages in the chat")
        self.pinned.pop(chat.id, None)
        return True

    # --- queries ---

    def _api_answerCallbackQuery(self, p: JSON) -> bool:
        query = self.callback_queries.get(str(p.get("callback_query_id")))
        if query is None or query.answer is not None:
            raise ApiError(400, QUERY_INVALID)
        if len(p.get("text") or "") > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        url = p.get("url")
        if url and not re.fullmatch(rf"https?://t\.me/{re.escape(self.bot.username or '')}\?start=\S+", url):
            raise ApiError(400, "Bad Request: URL_INVALID")
        query.answer = {k: v for k, v in p.items() if k != "callback_query_id"}
        query.answer.setdefault("text", None)
        query.answer.setdefault("show_alert", False)
        return True

    def _api_answerInlineQuery(self, p: JSON) -> bool:
        query = self.inline_queries.get(str(p.get("inline_query_id")))
        if query is None or query.answer is not None:
            raise ApiError(400, QUERY_INVALID)
        results = p.get("results")
        if not isinstance(results, list):
            raise ApiError(400, "Bad Request: can't parse inline query results JSON object")
        if len(results) > 50:
            raise ApiError(400, "Bad Request: RESULTS_TOO_MUCH")
        seen: set[str] = set()
        for result in results:
            if not isinstance(result, dict) or not isinstance(result.get("id"), str):
                raise ApiError(400, "Bad Request: RESULT_ID_INVALID")
            if not 1 <= len(result["id"].encode()) <= 64:
                raise ApiError(400, "Bad Request: RESULT_ID_INVALID")
            if result["id"] in seen:
                raise ApiError(400, "Bad Request: RESULT_ID_DUPLICATE")
            seen.add(result["id"])
            if result.get("type") == "article" and not str(result.get("title", "")).strip():
                raise ApiError(400, "Bad Request: RESULT_TITLE_EMPTY")
            if (
                result.get("type") == "photo"
                and "photo_file_id" in result
                and result["photo_file_id"] not in self.photos
            ):
                raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
            content = result.get("input_message_content")
            if isinstance(content, dict) and "message_text" in content:
                self._parse_text(
                    content["message_text"], content.get("parse_mode"), content.get("entities"), empty="MESSAGE_EMPTY"
                )
            self._inline_keyboard(result.get("reply_markup"))
        button = p.get("button")
        if button is not None and not (isinstance(button, dict) and button.get("text")):
            raise ApiError(400, "Bad Request: BUTTON_TEXT_INVALID")
        query.answer = {k: copy.deepcopy(v) for k, v in p.items() if k != "inline_query_id"}
        query.answer.setdefault("cache_time", 300)
        query.answer.setdefault("is_personal", False)
        return True


def _reply(status: int, body: JSON) -> web.Response:
    return web.json_response(body, status=status)


def _update_kind(update: JSON) -> str:
    return next(key for key in update if key != "update_id")


def _utf16_slice(text: str, offset: int, length: int) -> str:
    encoded = text.encode("utf-16-le")
    return encoded[offset * 2 : (offset + length) * 2].decode("utf-16-le")


def _describe(request: Request) -> str:
    params = {k: v for k, v in request.params.items() if k != "reply_markup"}
    outcome = "ok" if request.ok else f"{request.status} {request.description}"
    return f"{request.method} {params} -> {outcome}"


@contextlib.asynccontextmanager
async def polling(
    application: Any, *, allowed_updates: list[str] | None = None, timeout: int = 10
) -> AsyncIterator[Any]:
    """Run a python-telegram-bot `Application` with long polling against the fake for the block:
    `async with polling(app): ...` (initialize, start, start_polling; then stop everything)."""
    await application.initialize()
    try:
        await application.start()
        await application.updater.start_polling(poll_interval=0, timeout=timeout, allowed_updates=allowed_updates)
        yield application
    finally:
        if application.updater.running:
            await application.updater.stop()
        if application.running:
            await application.stop()
        await application.shutdown()
