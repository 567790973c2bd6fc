"""A local Discord for the real bot process: the REST fake of ``tests/harness`` plus a gateway.

:class:`LocalDiscord` extends :class:`tests.harness.fake_discord.FakeDiscord` (its routes, its
exact JSON content type, its 3-second first-response rule answered with 10062 and its 40060 for
a second callback, its records of every request) with the WebSocket gateway discord.py 2.6+
speaks, learned from ``discord/gateway.py``:

- The first connection goes to ``DiscordWebSocket.DEFAULT_GATEWAY`` (``DISCORD_GATEWAY_URL``);
  a non-sharded client never asks ``GET /gateway/bot``. A resume goes to the
  ``resume_gateway_url`` of READY, which here is a different path so the tests can see it used.
- discord.py asks for ``compress=zlib-stream`` (zstd when it is installed); the fake honours it
  with one zlib stream per connection, each frame ending in a Z_SYNC_FLUSH, as Discord does.
- HELLO (op 10) -> the client heartbeats (op 1) at once and every interval; each gets an ACK
  (op 11). IDENTIFY (op 2) -> READY then one GUILD_CREATE per guild (channels, members, roles).
  RESUME (op 6) -> every dispatch with a sequence number above the client's is replayed, then
  RESUMED; an unknown session gets INVALID_SESSION (op 9, not resumable).
- Dispatches created while the bot is disconnected are kept with their sequence numbers and
  replayed on RESUME, like Discord's session buffer; a new IDENTIFY (a restarted process) starts
  a new session and the old session's undelivered interactions are lost, as on Discord.
- Sharding: an IDENTIFY may carry ``shard: [id, count]``. Each shard is a session of its own; its
  READY and GUILD_CREATEs name only the guilds with ``(guild_id >> 22) % count == id``, and every
  dispatch about a guild (an interaction, a channel's deletion) goes to that guild's shard, as
  Discord routes them. Several bot processes, each with some of the shards, can connect at once.

Every interaction is recorded (the harness's ``InteractionRecord``) with the monotonic time
the fake first sent it over the gateway and the time the bot's first callback arrived.
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.harness.driver import FakeUser
from tests.harness.fake_discord import (
    APPLICATION_ID,
    FakeDiscord,
    InteractionRecord,
    RecordedRequest,
    bot_user_json,
    json_response,
)

GATEWAY_PATH = "/gateway"
RESUME_PATH = "/gateway/resume"
SESSION_BUFFER = 50_000  # dispatches kept for a RESUME

# Gateway opcodes (Discord's numbering).
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 6, 7, 9, 10, 11)


@dataclass
class GuildSpec:
    """A server as the gateway describes it in GUILD_CREATE."""

    id: int
    name: str
    channel_ids: list[int]
    members: list[FakeUser] = field(default_factory=list)

    def payload(self) -> dict[str, Any]:
        everyone = {"id": str(self.id), "name": "@everyone", "permissions": "2248473465835073",
                    "position": 0, "color": 0, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0}
        channels: list[dict[str, Any]] = [{"id": str(channel), "type": 0, "guild_id": str(self.id),
                     "name": f"casino-{index}", "position": index, "permission_overwrites": [],
                     "nsfw": False, "parent_id": None, "rate_limit_per_user": 0, "topic": None,
                     "last_message_id": None, "flags": 0}
                    for index, channel in enumerate(self.channel_ids)]
        members = [{**user.member_json(), "roles": []} for user in self.members]
        members.append({"user": bot_user_json(), "roles": [], "nick": None,
                        "joined_at": "2025-01-01T00:00:00.000000+00:00", "deaf": False,
                        "mute": False, "flags": 0, "pending": False, "avatar": None})
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(self.members[0].id if self.members else 1),
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [everyone], "emojis": [], "stickers": [], "features": [], "mfa_level": 0,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "large": False, "unavailable": False, "member_count": len(members),
            "voice_states": [], "members": members, "channels": channels, "threads": [],
            "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class Connection:
    """One WebSocket connection from the bot."""

    ws: web.WebSocketResponse
    path: str
    query: dict[str, str]
    transport: Any
    opened_at: float = field(default_factory=time.monotonic)
    compressor: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    opening: str | None = None  # "identify" or "resume", once the client said which
    heartbeats: int = 0
    closed_at: float | None = None

    async def send(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame, separators=(",", ":"))
        async with self.lock:
            if self.compressor is not None:
                data = self.compressor.compress(text.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass(eq=False)
class Session:
    id: str
    shard: tuple[int, int] = (0, 1)
    """(shard id, shard count) as the IDENTIFY asked; (0, 1) for an unsharded client."""
    seq: int = 0
    events: collections.deque[dict[str, Any]] = field(
        default_factory=lambda: collections.deque(maxlen=SESSION_BUFFER))
    conn: Connection | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    interaction_ids: list[int] = field(default_factory=list)


class LocalDiscord(FakeDiscord):
    """Discord's REST API and gateway on loopback, for one bot process at a time."""

    def __init__(self, *, token: str = "fake-token", heartbeat_interval_ms: int = 5_000,
                 keep_requests: bool = True) -> None:
        super().__init__()
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.keep_requests = keep_requests
        self.guilds: dict[int, GuildSpec] = {}
        self.session: Session | None = None
        """The session of an unsharded client (shard 0 of 1)."""
        self.shard_sessions: dict[int, Session] = {}
        """The live session of each shard of a sharded bot, by shard id."""
        self.shard_count = 1
        self.sessions: list[Session] = []
        self.connections: list[Connection] = []
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.invalid_sessions = 0
        self.lost: list[int] = []
        """Interactions sent while the bot had no session: nobody delivers them."""
        self.drops: list[str] = []
        self.replayed = 0  # interactions sent again after a RESUME because the bot missed them
        self.unknown_ops: list[dict[str, Any]] = []
        self.copies = 1  # how many times each interaction goes over the gateway
        self.sent_at: dict[int, float] = {}
        self.callback_at: dict[int, float] = {}
        self.callback_attempts: dict[int, list[tuple[float, str]]] = collections.defaultdict(list)
        """Every callback the bot posted per interaction: (arrival time, content), refused or not."""
        self.wall_offset = time.time() - time.monotonic()
        self._ready = asyncio.Event()
        self._answered: dict[int, asyncio.Event] = {}
        self.gateway_url = ""
        self.channel_messages: dict[int, list[int]] = collections.defaultdict(list)
        self.traffic: collections.Counter[str] = collections.Counter()
        """Requests the bot made, by method and first path part ("PATCH channels"), and the
        bytes of files they carried ("PATCH channels file bytes")."""

    # -- server lifecycle ---------------------------------------------------------------------
    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._dispatch)
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_get(RESUME_PATH, self._gateway)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]  # aiohttp has no public accessor
        self.gateway_url = f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def add_guild(self, guild: GuildSpec) -> None:
        self.guilds[guild.id] = guild

    # -- REST additions -----------------------------------------------------------------------
    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        """The harness's dispatch with a faster multipart reader (aiohttp's reader costs the
        fake more CPU than the bot spends under load, on the same two cores)."""
        body, files = await read_body(request)
        kind = request.match_info["tail"].strip("/").split("/")[0]
        self.traffic[f"{request.method} {kind}"] += 1
        self.traffic[f"{request.method} {kind} file bytes"] += sum(len(f["data"]) for f in files)
        recorded = RecordedRequest(request.method, request.path, dict(request.query), body, files)
        if self.keep_requests:
            self.requests.append(recorded)
        return await self.serve(recorded, request.match_info["tail"].strip("/").split("/"))

    async def _gateway_bot(self, parts: list[str], body: Any, files: Any) -> web.Response:
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def _callback(self, parts: list[str], body: Any, files: Any) -> web.Response:
        interaction_id = int(parts[1])
        now = time.monotonic()
        self.callback_at.setdefault(interaction_id, now)
        content = ((body or {}).get("data") or {}).get("content") or ""
        self.callback_attempts[interaction_id].append((now, str(content)))
        try:
            return await super()._callback(parts, body, files)
        finally:
            event = self._answered.get(interaction_id)
            if event is not None:
                event.set()

    def _new_message(self, channel_id: int, data: dict[str, Any], files: list[dict[str, Any]],
                     *, interaction: InteractionRecord | None = None) -> dict[str, Any]:
        message = super()._new_message(channel_id, data, files, interaction=interaction)
        self.channel_messages[channel_id].append(int(message["id"]))  # an index for the players
        return message

    def messages_in(self, channel_id: int) -> list[dict[str, Any]]:
        """The channel's messages that still exist, oldest first."""
        return [self.messages[i] for i in self.channel_messages.get(channel_id, ()) if i in self.messages]

    # -- the gateway -------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.path, dict(request.query), request.transport)
        if request.query.get("compress") == "zlib-stream":
            conn.compressor = zlib.compressobj()
        self.connections.append(conn)
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                             "s": None, "t": None})
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(message.data)
                op = payload.get("op")
                if op == HEARTBEAT:
                    conn.heartbeats += 1
                    await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == IDENTIFY:
                    await self._identify(conn, payload["d"])
                elif op == RESUME:
                    await self._resume(conn, payload["d"])
                else:
                    self.unknown_ops.append(payload)
        except (ConnectionResetError, RuntimeError):
            pass
        finally:
            conn.closed_at = time.monotonic()
            for session in self._live_sessions():
                if session.conn is conn:
                    session.conn = None
        return ws

    def _live_sessions(self) -> list[Session]:
        unsharded = [] if self.session is None else [self.session]
        return unsharded + list(self.shard_sessions.values())

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.shard_count

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session that Discord would send a guild's events on."""
        if self.shard_count == 1 or guild_id is None:
            return self.session or self.shard_sessions.get(0)
        return self.shard_sessions.get(self.shard_of(guild_id))

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        conn.opening = "identify"
        self.identifies.append(data)
        if data.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        self._ready.clear()
        shard_id, shard_count = (int(part) for part in data.get("shard") or (0, 1))
        session = Session(secrets.token_hex(16), (shard_id, shard_count))
        if data.get("shard") is None:
            self.session = session
        else:
            self.shard_count = shard_count
            self.shard_sessions[shard_id] = session
        self.sessions.append(session)
        guilds = [guild for guild in self.guilds.values() if (guild.id >> 22) % shard_count == shard_id]
        resume_url = f"ws://127.0.0.1:{self.port}{RESUME_PATH}"
        async with session.lock:
            session.conn = conn
            await self._send_dispatch(session, "READY", {
                "v": 10, "user": bot_user_json(), "guilds": [
                    {"id": str(guild.id), "unavailable": True} for guild in guilds],
                "session_id": session.id, "session_type": "normal",
                "resume_gateway_url": resume_url, "shard": [shard_id, shard_count],
                "private_channels": [],
                "relationships": [], "presences": [], "guild_join_requests": [],
                "geo_ordered_rtc_regions": [], "auth": {}, "user_settings": {},
                "application": {"id": str(APPLICATION_ID), "flags": 0},
            })
            for guild in guilds:
                await self._send_dispatch(session, "GUILD_CREATE", guild.payload())
        self._ready.set()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        conn.opening = "resume"
        self.resumes.append(data)
        session = next((live for live in self._live_sessions() if live.id == data.get("session_id")), None)
        if session is None or data.get("token") != self.token:
            self.invalid_sessions += 1
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        last = data.get("seq") or 0
        async with session.lock:
            session.conn = conn
            for frame in list(session.events):
                if frame["s"] > last:
                    self.replayed += frame["t"] == "INTERACTION_CREATE"
                    await self._send_frame(session, frame)
            await self._send_dispatch(session, "RESUMED", {})

    async def _send_dispatch(self, session: Session, event: str, data: Any) -> dict[str, Any]:
        """Number and keep a dispatch, and send it if connected. Call with the session lock."""
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        await self._send_frame(session, frame)
        return frame

    async def _send_frame(self, session: Session, frame: dict[str, Any]) -> None:
        conn = session.conn
        if conn is None or conn.ws.closed:
            return
        if frame["t"] == "INTERACTION_CREATE":
            self.sent_at.setdefault(int(frame["d"]["id"]), time.monotonic())
        try:
            await conn.send(frame)
        except (ConnectionResetError, RuntimeError):
            session.conn = None  # the replay after a RESUME delivers it

    # -- what tests do -----------------------------------------------------------------------
    async def wait_ready(self, timeout: float = 60.0) -> None:
        """Until the bot has identified and received READY and every GUILD_CREATE."""
        async with asyncio.timeout(timeout):
            await self._ready.wait()

    def expect_new_session(self) -> None:
        """Before restarting the bot: the next ``wait_ready`` waits for its IDENTIFY."""
        self._ready.clear()

    @property
    def connected(self) -> bool:
        session = self.session
        return session is not None and session.conn is not None and not session.conn.ws.closed

    async def deliver(self, payload: dict[str, Any], *, copies: int | None = None) -> InteractionRecord:
        """Send one INTERACTION_CREATE (``copies`` times, as a duplicate delivery would). With
        no session (Discord threw it away and the bot has not identified anew) it goes nowhere
        and is lost, as on Discord."""
        session = self.session_for(int(payload["guild_id"]) if payload.get("guild_id") else None)
        record = self.register_interaction(payload)
        self._answered[record.id] = asyncio.Event()
        if session is None:
            self.sent_at.setdefault(record.id, time.monotonic())
            self.lost.append(record.id)
            return record
        async with session.lock:
            session.interaction_ids.append(record.id)
            for _ in range(copies or self.copies):
                if session.conn is None:
                    self.sent_at.setdefault(record.id, time.monotonic())
                await self._send_dispatch(session, "INTERACTION_CREATE", payload)
        return record

    async def answered(self, record: InteractionRecord, timeout: float = 5.0) -> bool:
        """Wait until the bot's first callback for ``record`` arrived; False on timeout."""
        event = self._answered.setdefault(record.id, asyncio.Event())
        if record.callbacks or record.errors:
            return True
        try:
            async with asyncio.timeout(timeout):
                await event.wait()
        except TimeoutError:
            return False
        return True

    async def drop_connection(self, how: str = "close", *, resumable: bool = True) -> None:
        """Cut the bot's gateway connection: ``close`` (code 4000, resumable), ``reconnect``
        (op 7, Discord asks the client to reconnect) or ``abort`` (TCP gone, no close frame).
        ``resumable=False``: the session is gone too, so the bot's RESUME is answered with
        INVALID_SESSION and it identifies anew (what was sent meanwhile is lost, as on Discord)."""
        conn = await self.detach()
        if not resumable:
            self.session = None
        await self.cut(conn, how)

    async def invalidate_session(self, *, resumable: bool) -> None:
        """Send INVALID_SESSION (op 9) on the live connection: ``resumable`` True asks the bot
        to resume, False to identify anew (the session and its undelivered events are gone)."""
        session = self.session
        assert session is not None and session.conn is not None, "nothing to invalidate"
        self.invalid_sessions += 1
        if not resumable:
            self.session = None
        await session.conn.send({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})

    def delete_channel(self, channel_id: int) -> None:
        """The channel is deleted: its requests answer Unknown Channel from now on, and the
        gateway tells the bot (CHANNEL_DELETE), as Discord does with the Guilds intent."""
        super().delete_channel(channel_id)
        for guild in self.guilds.values():
            if channel_id in guild.channel_ids:
                guild.channel_ids.remove(channel_id)
                event = {"id": str(channel_id), "type": 0, "guild_id": str(guild.id),
                         "name": "deleted", "position": 0, "permission_overwrites": [],
                         "nsfw": False, "parent_id": None, "rate_limit_per_user": 0, "flags": 0}
                asyncio.get_running_loop().create_task(self.dispatch("CHANNEL_DELETE", event))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send one gateway event to the bot (kept for a RESUME like every dispatch), on the
        shard of the guild it is about."""
        session = self.session_for(int(data["guild_id"]) if data.get("guild_id") else None)
        assert session is not None, "the bot never identified"
        async with session.lock:
            await self._send_dispatch(session, event, data)

    async def detach(self) -> Connection:
        """First half of a drop: from now on dispatches wait in the session for a RESUME."""
        session = self.session
        assert session is not None and session.conn is not None, "nothing to drop"
        async with session.lock:
            conn, session.conn = session.conn, None
        return conn

    async def cut(self, conn: Connection, how: str) -> None:
        """Second half of a drop: the bot notices and reconnects (with RESUME)."""
        self.drops.append(how)
        if how == "reconnect":
            await conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})
        elif how == "abort":
            conn.transport.abort()
        else:
            await conn.ws.close(code=4000, message=b"Unknown error")

    async def wait_connected(self, timeout: float = 10.0) -> None:
        async with asyncio.timeout(timeout):
            while not self.connected:  # noqa: ASYNC110 - the bot reconnects on its own schedule
                await asyncio.sleep(0.02)

    def latencies(self) -> list[float]:
        """Seconds from the first gateway send of each interaction to its first callback."""
        return [self.callback_at[i] - sent for i, sent in self.sent_at.items() if i in self.callback_at]


_PART_NAME = re.compile(rb'(?<![\w*])name="([^"]*)"')
_PART_FILENAME = re.compile(rb'filename="([^"]*)"')
_PART_TYPE = re.compile(rb"^content-type:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


async def read_body(request: web.Request) -> tuple[Any, list[dict[str, Any]]]:
    """JSON bodies as they are; multipart bodies as their ``payload_json`` plus the files,
    like the harness's reader, by splitting the raw body on the boundary."""
    raw = await request.read()
    if not request.content_type.startswith("multipart/"):
        return (json.loads(raw) if raw else None), []
    boundary = _boundary(request.headers["Content-Type"])
    payload: Any = None
    files: list[dict[str, Any]] = []
    for part in raw.split(b"--" + boundary)[1:]:
        if part.startswith(b"--"):
            break  # the closing delimiter
        head, _, data = part.partition(b"\r\n\r\n")
        data = data.removesuffix(b"\r\n")
        name = _PART_NAME.search(head)
        if name is None:
            continue
        if name.group(1) == b"payload_json":
            payload = json.loads(data)
            continue
        filename = _PART_FILENAME.search(head)
        content_type = _PART_TYPE.search(head)
        files.append({"name": name.group(1).decode(),
                      "filename": filename.group(1).decode() if filename else None, "data": data,
                      "content_type": content_type.group(1).decode().strip() if content_type else None})
    return payload, files


def _boundary(content_type: str) -> bytes:
    for parameter in content_type.split(";")[1:]:
        key, _, value = parameter.strip().partition("=")
        if key.lower() == "boundary":
            return value.strip('"').encode()
    raise ValueError(f"no boundary in {content_type!r}")
