"""The fake gateway: Discord's websocket as discord.py 2.x speaks it.

A connection gets HELLO; IDENTIFY starts a session (READY, then one GUILD_CREATE per guild of its
shard); RESUME re-attaches a session and replays the dispatches it missed, then RESUMED; heartbeats
are ACKed; REQUEST_GUILD_MEMBERS is answered with GUILD_MEMBERS_CHUNK. Frames are zlib-stream
compressed binary frames (each payload ends with the Z_SYNC_FLUSH suffix 00 00 ff ff) when the URL
asks for `compress=zlib-stream`, as discord.py's does; plain text frames otherwise (or with
`compression="none"`; discord.py reads both).

A client closing with 1000/1001 ends its session (discord.py's `close()`); any other loss keeps it
resumable, and the dispatches meant for it are kept for its RESUME. During an outage the gateway
refuses a few connections (`refusing`: a 503 before the upgrade), as Discord's does when it is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.adapters.discord.fake_discord import FakeDiscord

JSON = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = {"members": GUILD_MEMBERS, "presences": GUILD_PRESENCES, "message_content": MESSAGE_CONTENT}

MAX_REPLAY = 1000  # dispatches kept per session for a RESUME


@dataclass(eq=False)
class Connection:
    """One websocket connection."""

    ws: web.WebSocketResponse
    path: str  # "/" or the resume path
    compress: str | None  # "zlib-stream" or None (text frames)
    session: Session | None = None
    heartbeats: int = 0
    close_code: int | None = None
    _zlib: Any = None
    _queue: asyncio.Queue[JSON | None] = field(default_factory=asyncio.Queue)
    _writer: asyncio.Task[None] | None = None

    def send(self, payload: JSON) -> None:
        if self.close_code is None:
            self._queue.put_nowait(payload)

    async def write_loop(self) -> None:
        while True:
            payload = await self._queue.get()
            if payload is None:
                return
            text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
            try:
                if self.compress == "zlib-stream":
                    if self._zlib is None:
                        self._zlib = zlib.compressobj()
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int, message: str = "") -> None:
        if self.close_code is None:
            self.close_code = code
        self._queue.put_nowait(None)
        if self._writer is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._writer, 1.0)
        await self.ws.close(code=code, message=message.encode())


@dataclass(eq=False)
class Session:
    """A gateway session (from IDENTIFY until it is closed cleanly or invalidated)."""

    id: str
    shard: tuple[int, int]
    intents: int
    identify: JSON
    connection: Connection | None = None
    seq: int = 0
    resumable: bool = True
    ready: bool = False  # READY and the guilds' GUILD_CREATE were sent
    log: list[JSON] = field(default_factory=list)  # dispatches, for RESUME
    presence: JSON | None = None
    resumes: int = 0

    @property
    def connected(self) -> bool:
        return self.connection is not None and self.connection.close_code is None

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def covers(self, guild_id: int | None) -> bool:
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    def dispatch(self, event: str, data: JSON) -> bool:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.log.append(payload)
        del self.log[:-MAX_REPLAY]
        if self.connected:
            assert self.connection is not None
            self.connection.send(payload)
            return True
        return False

    def __repr__(self) -> str:
        state = "connected" if self.connected else ("resumable" if self.resumable else "closed")
        return f"Session({self.id[:8]} shard {self.shard} {state})"


class Gateway:
    """The websocket side of a `FakeDiscord` (reach it as `fake.gateway`)."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval: int, compression: str) -> None:
        self.fake = fake
        self.heartbeat_interval = heartbeat_interval  # milliseconds, as HELLO says
        self.compression = compression  # "auto": as the URL asks; "none": always text frames
        self.sessions: list[Session] = []
        self.connections: list[Connection] = []
        self.received: list[JSON] = []  # every payload the bots sent (heartbeats included)
        self.errors: list[str] = []  # protocol errors the bots made (closes with 4xxx)
        self.refusing = 0  # connections to refuse with a 503 before the upgrade (an outage)
        self.refused = 0  # connections refused so far

    # --- state -----------------------------------------------------------------------------

    @property
    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions if s.resumable]

    @property
    def ready_sessions(self) -> list[Session]:
        return [s for s in self.sessions if s.resumable and s.ready and s.connected]

    def identifies(self) -> list[JSON]:
        return [p["d"] for p in self.received if p.get("op") == IDENTIFY]

    def resumes(self) -> list[JSON]:
        return [p["d"] for p in self.received if p.get("op") == RESUME]

    # --- events to the bots ----------------------------------------------------------------

    def dispatch(
        self,
        event: str,
        data: JSON | Callable[[Session], JSON | None],
        *,
        guild_id: int | None = None,
        intent: int | None = None,
    ) -> bool:
        """Send a dispatch to every live session of the guild's shard that has `intent`; `data` may
        be a function of the session (None: not for this one). Sessions that are disconnected but
        resumable keep it for their RESUME. Returns whether a connected session received it."""
        delivered = False
        for session in self.live_sessions:
            if not session.covers(guild_id) or (intent is not None and not session.has(intent)):
                continue
            payload = data(session) if callable(data) else data
            if payload is not None and session.dispatch(event, payload) and session.ready:
                delivered = True
        self.fake.changed()
        return delivered

    def reconnect(self) -> None:
        """Ask every connected bot to reconnect (op 7 RECONNECT); discord.py RESUMEs."""
        for connection in self._open():
            connection.send({"op": RECONNECT, "d": None})

    def invalidate(self, *, resumable: bool = False) -> None:
        """Invalidate every session (op 9); discord.py IDENTIFYs anew when not resumable (after the
        5 s its `before_identify_hook` waits)."""
        for connection in self._open():
            if connection.session is not None and not resumable:
                connection.session.resumable = False
            connection.send({"op": INVALID_SESSION, "d": resumable})

    async def drop(self, code: int = 4000) -> None:
        """Close every connection from the server side with `code` (4000: discord.py RESUMEs)."""
        for connection in self._open():
            await connection.close(code, "dropped by the fake")

    def request_heartbeat(self) -> None:
        for connection in self._open():
            connection.send({"op": HEARTBEAT, "d": None})

    def _open(self) -> list[Connection]:
        return [c for c in self.connections if c.close_code is None]

    # --- the websocket ---------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.refusing > 0:  # (an outage: tests/adapters/outage.py)
            self.refusing -= 1
            self.refused += 1
            return web.Response(status=503, text="503: Service Unavailable")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if self.compression == "none" or compress != "zlib-stream":
            compress = None
        connection = Connection(ws=ws, path=request.path, compress=compress)
        connection._writer = asyncio.create_task(connection.write_loop())
        self.connections.append(connection)
        try:
            if request.query.get("v") != "10":
                await self._fail(connection, 4012, f"Invalid API version {request.query.get('v')!r}")
                return ws
            if request.query.get("encoding", "json") != "json":
                await self._fail(connection, 4002, "only encoding=json is supported by the fake")
                return ws
            connection.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval, "_trace": ["fake"]}})
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    text = message.data
                elif message.type == WSMsgType.BINARY:
                    text = message.data.decode("utf-8", "replace")
                else:
                    break
                try:
                    payload = json.loads(text)
                except ValueError:
                    await self._fail(connection, 4002, "Error while decoding payload.")
                    break
                self.received.append(payload)
                await self._receive(connection, payload)
                self.fake.changed()
                if connection.close_code is not None:
                    break
        finally:
            await self._closed(connection, ws.close_code)
        return ws

    async def _closed(self, connection: Connection, code: int | None) -> None:
        if connection.close_code is None:
            connection.close_code = code if code is not None else 1006
            connection._queue.put_nowait(None)
        session = connection.session
        if session is not None and session.connection is connection:
            session.connection = None
            if connection.close_code in (1000, 1001):
                session.resumable = False  # a clean close ends the session
        if connection._writer is not None:
            connection._writer.cancel()
        self.fake.changed()

    async def _fail(self, connection: Connection, code: int, reason: str) -> None:
        self.errors.append(f"gateway closed with {code}: {reason}")
        await connection.close(code, reason)

    async def _receive(self, connection: Connection, payload: JSON) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            connection.heartbeats += 1
            connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        elif connection.session is None:
            await self._fail(connection, 4003, "Not authenticated.")
        elif op == PRESENCE_UPDATE:
            connection.session.presence = data
        elif op == REQUEST_GUILD_MEMBERS:
            self._members_chunk(connection.session, data or {})
        elif op == VOICE_STATE_UPDATE:
            pass
        else:
            await self._fail(connection, 4001, f"Unknown opcode {op!r}.")

    async def _identify(self, connection: Connection, data: JSON) -> None:
        fake = self.fake
        if connection.session is not None:
            await self._fail(connection, 4005, "Already authenticated.")
            return
        if data.get("token") != fake.token or fake.gateway_refuses_token:
            await self._fail(connection, 4004, "Authentication failed.")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0 or intents >= 1 << 26:
            await self._fail(connection, 4013, "Invalid intent(s).")
            return
        allowed = sum(PRIVILEGED[name] for name in fake.privileged_intents)
        if intents & sum(PRIVILEGED.values()) & ~allowed:
            await self._fail(connection, 4014, "Disallowed intent(s).")
            return
        shard = data.get("shard") or [0, 1]
        if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
            await self._fail(connection, 4010, f"Invalid shard {shard!r}.")
            return
        session = Session(id=secrets.token_hex(16), shard=(shard[0], shard[1]), intents=intents, identify=data)
        session.presence = data.get("presence")
        session.connection = connection
        connection.session = session
        self.sessions.append(session)
        guilds = [g for g in fake.guilds.values() if session.covers(g.id)]
        ready = {
            "v": 10,
            "user": fake.bot.to_dict() | {"verified": True, "mfa_enabled": False, "email": None, "bot": True},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.resume_gateway_url,
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
            "user_settings": {},
            "auth": {},
            "_trace": ["fake-gateway"],
        }
        if data.get("shard") is not None:
            ready["shard"] = list(session.shard)
        session.dispatch("READY", ready)
        everyone = session.has(GUILD_PRESENCES)
        for guild in guilds:
            large = len(guild.members) > int(data.get("large_threshold") or 50)
            session.dispatch(
                "GUILD_CREATE",
                guild.gateway_dict(
                    fake.bot, all_members=everyone and not large, large_threshold=int(data.get("large_threshold") or 50)
                ),
            )
        session.ready = True

    async def _resume(self, connection: Connection, data: JSON) -> None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        if connection.session is not None:
            await self._fail(connection, 4005, "Already authenticated.")
            return
        if data.get("token") != self.fake.token or self.fake.gateway_refuses_token:
            await self._fail(connection, 4004, "Authentication failed.")
            return
        if session is None or not session.resumable:
            connection.send({"op": INVALID_SESSION, "d": False})
            return
        seq = data.get("seq")
        if not isinstance(seq, int) or seq > session.seq:
            await self._fail(connection, 4007, f"Invalid seq {seq!r}.")
            return
        if session.connection is not None and session.connection is not connection:
            old = session.connection
            session.connection = None
            await old.close(4000, "session resumed elsewhere")
        session.connection = connection
        connection.session = session
        session.resumes += 1
        for payload in session.log:
            if payload["s"] > seq:
                connection.send(payload)
        session.dispatch("RESUMED", {"_trace": ["fake-gateway"]})

    def _members_chunk(self, session: Session, data: JSON) -> None:
        guild = self.fake.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = data.get("user_ids")
        if user_ids is not None:
            wanted = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
            members = [m for m in members if m.user.id in wanted]
        elif not session.has(GUILD_MEMBERS):
            self.errors.append("REQUEST_GUILD_MEMBERS for the whole list without the GUILD_MEMBERS intent")
            members = []
        else:
            query = (data.get("query") or "").lower()
            members = [
                m
                for m in members
                if m.user.username.lower().startswith(query) or (m.nick or "").lower().startswith(query)
            ]
            if data.get("limit"):
                members = members[: data["limit"]]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [m.to_dict() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        if user_ids is not None:
            found = {m.user.id for m in members}
            chunk["not_found"] = [str(u) for u in wanted if u not in found]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
