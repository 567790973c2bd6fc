"""A fake of Discord's REST API on loopback (aiohttp), recording every request the bot makes.

It honours what discord.py 2.6+ relies on (learned the hard way):
- JSON responses carry ``Content-Type: application/json`` exactly; with a charset suffix
  discord.py treats the body as text.
- Interaction callbacks are posted with ``?with_response=1`` and discord.py reads
  ``interaction.id`` from the reply, so the callback answers 200 with a body, never a bare 204.
- Like Discord, a first callback later than 3 s answers 10062 (Unknown interaction) and a
  second callback for one interaction answers 40060 (already acknowledged).
- Faults (``tests/harness/faults.py``) make it misbehave as Discord does: refuse, fail, answer
  late or rate-limit requests by route, method and channel for a while; a deleted channel
  answers Unknown Channel; a denied permission refuses the channel's requests and is missing
  from the ``app_permissions`` of its interactions. ``enforce_nonce`` is honoured.
- Every request is held to Discord's API contract (``tests/discord_api``: the official OpenAPI
  request schemas and the documented limits). A request that breaks it is answered as Discord
  answers one, 400 with code 50035 (Invalid Form Body), and recorded in ``violations``; the
  test suite fails any test that leaves a violation behind (``tests/conftest.py``).
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord
from aiohttp import web

from tests.discord_api.contract import DiscordContract, Upload, Violation, shared_contract
from tests.harness.faults import Fault

log = logging.getLogger(__name__)
INVALID_FORM_BODY = 50035

DISCORD_EPOCH_MS = 1420070400000
APPLICATION_ID = 900000000000000001
BOT_USER_ID = APPLICATION_ID
CALLBACK_DEADLINE_SECONDS = 3.0
EPHEMERAL_FLAG = 1 << 6
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, embed_links=True,
    attach_files=True, read_message_history=True, use_application_commands=True,
)
"""What the bot may do in every channel unless a test denies some of it."""
UNKNOWN_CHANNEL = 10003

# Interaction callback types (Discord's numbering).
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
MODAL = 9


def bot_user_json() -> dict[str, Any]:
    return {
        "id": str(BOT_USER_ID), "username": "Casino", "discriminator": "0000",
        "global_name": "Casino", "avatar": None, "bot": True, "public_flags": 0,
        "verified": True, "mfa_enabled": False, "flags": 0,
    }


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200
    at: float = field(default_factory=time.monotonic)


@dataclass
class InteractionRecord:
    """What the fake knows of one interaction it delivered, and what the bot answered."""

    id: int
    token: str
    type: int
    channel_id: int
    guild_id: int | None
    delivered_at: float
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    message_id: int | None = None  # the message a clicked component sits on
    response_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)  # Discord error codes the bot received


class FakeDiscord:
    """The REST half of Discord, enough for the bot: login, command sync, interaction
    responses, followups, ``@original`` edits and channel messages."""

    created: ClassVar[list[FakeDiscord]] = []
    """Every fake made since the test began, so the suite can fail a test that broke the contract."""

    def __init__(self, *, contract: DiscordContract | None = None) -> None:
        self.contract = contract or shared_contract()
        self.violations: list[Violation] = []
        FakeDiscord.created.append(self)
        self.requests: list[RecordedRequest] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[str, dict[str, Any]] = {}  # synced command name -> payload with id
        self.unknown_routes: list[RecordedRequest] = []
        self.faults: list[Fault] = []
        self.deleted_channels: set[int] = set()
        self.denied: dict[int, tuple[frozenset[str], Fault]] = {}
        self.statuses: collections.Counter[int] = collections.Counter()
        """Every answer given, by HTTP status (Discord bans after 10,000 401/403/429)."""
        self.nonces: dict[tuple[int, str], int] = {}
        self._ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- ids -------------------------------------------------------------------------------
    def snowflake(self) -> int:
        """Realistic, increasing snowflakes: discord.py derives created_at from them."""
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(self._ids) & 0x3FFFFF)

    # -- server lifecycle --------------------------------------------------------------------
    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]  # aiohttp has no public accessor
        return f"http://127.0.0.1:{self.port}/api/v10"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- interactions --------------------------------------------------------------------------
    def register_interaction(self, payload: dict[str, Any]) -> InteractionRecord:
        record = InteractionRecord(
            id=int(payload["id"]), token=payload["token"], type=payload["type"],
            channel_id=int(payload["channel_id"]),
            guild_id=int(payload["guild_id"]) if payload.get("guild_id") else None,
            delivered_at=time.monotonic(),
            message_id=int(payload["message"]["id"]) if payload.get("message") else None,
        )
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
        return record

    # -- routing ---------------------------------------------------------------------------------
    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        body, files = await _read_body(request)
        recorded = RecordedRequest(request.method, request.path, dict(request.query), body, files)
        self.requests.append(recorded)
        return await self.serve(recorded, request.match_info["tail"].strip("/").split("/"))

    async def serve(self, recorded: RecordedRequest, parts: list[str]) -> web.StreamResponse:
        """Answer one request as Discord would: the contract, deleted channels, the faults in
        force, then the route's handler."""
        response = await self._answer(recorded, parts)
        recorded.status = response.status
        self.statuses[response.status] += 1
        return response

    async def _answer(self, recorded: RecordedRequest, parts: list[str]) -> web.StreamResponse:
        refused = self.check_contract(recorded)
        if refused is not None:
            return refused
        channel_id = self.channel_of(parts)
        if parts[0] == "channels" and channel_id in self.deleted_channels:
            return discord_error(404, UNKNOWN_CHANNEL, "Unknown Channel")
        handler = self._route(recorded.method, parts)
        if handler is None:
            self.unknown_routes.append(recorded)
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        fault = next((f for f in self.faults if f.matches(recorded.method, parts, channel_id)), None)
        if fault is None:
            answer: web.StreamResponse = await handler(parts, recorded.json, recorded.files)
            return answer
        fault.hits += 1
        if fault.delay:
            await asyncio.sleep(fault.delay)
        if not fault.status:
            slow: web.StreamResponse = await handler(parts, recorded.json, recorded.files)
            return slow
        if fault.after:  # done, but the answer is lost on the way back
            await handler(parts, recorded.json, recorded.files)
        return fault.response()

    # -- faults -----------------------------------------------------------------------------------
    def inject(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def heal(self) -> None:
        """Every fault over, every denied permission given back (deleted channels stay deleted)."""
        self.faults.clear()
        self.denied.clear()

    def deny(self, channel_id: int, *permissions: str) -> None:
        """The bot loses ``permissions`` (``discord.Permissions`` flag names) in the channel: its
        messages there are refused (403 Missing Permissions) and its interactions say so."""
        fault = self.inject(Fault.missing_permissions(channel_id))
        self.denied[channel_id] = (frozenset(permissions), fault)

    def allow(self, channel_id: int) -> None:
        _, fault = self.denied.pop(channel_id, (frozenset(), None))
        if fault in self.faults:
            self.faults.remove(fault)

    def app_permissions(self, channel_id: int) -> int:
        """The bot's permissions in the channel, as its interactions carry them."""
        permissions = discord.Permissions(BOT_PERMISSIONS.value)
        for name in self.denied.get(channel_id, (frozenset(), None))[0]:
            setattr(permissions, name, False)
        return permissions.value

    def delete_channel(self, channel_id: int) -> None:
        self.deleted_channels.add(channel_id)

    def channel_of(self, parts: list[str]) -> int | None:
        """The channel a request is about: in its path, or its interaction's."""
        if len(parts) > 1 and parts[0] == "channels" and parts[1].isdigit():
            return int(parts[1])
        if len(parts) > 2 and parts[0] in ("webhooks", "interactions"):
            record = self.interactions_by_token.get(parts[2])
            return record.channel_id if record is not None else None
        return None

    @property
    def invalid_requests(self) -> int:
        """Answers that count towards Discord's invalid-request ban: 401, 403 and 429."""
        return self.statuses[401] + self.statuses[403] + self.statuses[429]

    def _route(self, method: str, parts: list[str]) -> Any:
        routes: list[tuple[str, tuple[str, ...], Any]] = [
            ("GET", ("users", "@me"), self._get_me),
            ("GET", ("oauth2", "applications", "@me"), self._get_application),
            ("GET", ("applications", "@me"), self._get_application),
            ("PUT", ("applications", "*", "commands"), self._sync_commands),
            ("PUT", ("applications", "*", "guilds", "*", "commands"), self._sync_commands),
            ("GET", ("applications", "*", "commands"), self._list_commands),
            ("GET", ("applications", "*", "guilds", "*", "commands"), self._list_commands),
            ("POST", ("interactions", "*", "*", "callback"), self._callback),
            ("POST", ("webhooks", "*", "*"), self._followup),
            ("GET", ("webhooks", "*", "*", "messages", "*"), self._get_webhook_message),
            ("PATCH", ("webhooks", "*", "*", "messages", "*"), self._edit_webhook_message),
            ("DELETE", ("webhooks", "*", "*", "messages", "*"), self._delete_webhook_message),
            ("POST", ("channels", "*", "messages"), self._create_channel_message),
            ("GET", ("channels", "*", "messages", "*"), self._get_channel_message),
            ("PATCH", ("channels", "*", "messages", "*"), self._edit_channel_message),
            ("DELETE", ("channels", "*", "messages", "*"), self._delete_channel_message),
            ("GET", ("gateway", "bot"), self._gateway_bot),
        ]
        for route_method, pattern, handler in routes:
            if route_method == method and len(pattern) == len(parts) and all(
                p == "*" or p == actual for p, actual in zip(pattern, parts, strict=True)
            ):
                return handler
        return None

    # -- Discord's contract ----------------------------------------------------------------------
    def check_contract(self, recorded: RecordedRequest) -> web.Response | None:
        """None when the request keeps Discord's contract; else Discord's 400 answer to it."""
        uploads = [Upload(str(f["name"]), str(f["filename"] or ""), len(f["data"])) for f in recorded.files]
        found = self.contract.check(recorded.method, recorded.path, recorded.json, uploads)
        if not found:
            return None
        self.violations.extend(found)
        for violation in found:
            log.error("Discord would refuse this request: %s", violation)
        recorded.status = 400
        return json_response({"code": INVALID_FORM_BODY, "message": "Invalid Form Body",
                              "errors": {v.field or "_": {"_errors": [{"code": "CONTRACT",
                                         "message": v.problem}]} for v in found}}, status=400)

    def take_violations(self) -> list[Violation]:
        """The violations so far, forgotten (for tests that break the contract on purpose)."""
        found, self.violations = self.violations, []
        return found

    # -- handlers ---------------------------------------------------------------------------------
    async def _get_me(self, parts: list[str], body: Any, files: Any) -> web.Response:
        return json_response(bot_user_json())

    async def _get_application(self, parts: list[str], body: Any, files: Any) -> web.Response:
        return json_response({
            "id": str(APPLICATION_ID), "name": "Casino", "icon": None, "description": "",
            "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "owner": {**bot_user_json(), "bot": False, "id": "1"}, "summary": "",
            "verify_key": "0" * 64, "team": None, "flags": 0, "interactions_endpoint_url": None,
        })

    async def _gateway_bot(self, parts: list[str], body: Any, files: Any) -> web.Response:
        return json_response({"url": "ws://127.0.0.1:1", "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def _sync_commands(self, parts: list[str], body: Any, files: Any) -> web.Response:
        synced = []
        for command in body or []:
            known = self.commands.get(command["name"])
            command_id = known["id"] if known else str(self.snowflake())
            stored = {**command, "id": command_id, "application_id": str(APPLICATION_ID),
                      "version": str(self.snowflake()), "default_member_permissions":
                      command.get("default_member_permissions")}
            self.commands[command["name"]] = stored
            synced.append(stored)
        return json_response(synced)

    async def _list_commands(self, parts: list[str], body: Any, files: Any) -> web.Response:
        return json_response(list(self.commands.values()))

    async def _callback(self, parts: list[str], body: Any, files: Any) -> web.Response:
        record = self.interactions.get(int(parts[1]))
        if record is None or record.token != parts[2]:
            return discord_error(404, 10062, "Unknown interaction")
        if time.monotonic() - record.delivered_at > CALLBACK_DEADLINE_SECONDS:
            record.errors.append(10062)
            return discord_error(404, 10062, "Unknown interaction")
        if record.callbacks:
            record.errors.append(40060)
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        callback_type = body["type"]
        data = body.get("data") or {}
        record.callbacks.append({"type": callback_type, "data": data, "files": files})
        message = self._message_for_callback(record, callback_type, data, files)
        interaction_part: dict[str, Any] = {
            "id": str(record.id), "type": record.type,
            "response_message_loading": callback_type == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL_FLAG),
        }
        reply: dict[str, Any] = {"interaction": interaction_part}
        if message is not None:
            interaction_part["response_message_id"] = message["id"]
            reply["resource"] = {"type": callback_type, "message": message}
        return json_response(reply)

    def _message_for_callback(
        self, record: InteractionRecord, callback_type: int, data: dict[str, Any], files: Any
    ) -> dict[str, Any] | None:
        if callback_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            message = self._new_message(record.channel_id, data, files, interaction=record)
            record.response_message_id = int(message["id"])
            return message
        if callback_type in (UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE):
            target = self._message_of_component(record)
            if target is not None and callback_type == UPDATE_MESSAGE:
                _apply_edit(target, data, files)
            return target
        return None

    def _message_of_component(self, record: InteractionRecord) -> dict[str, Any] | None:
        return self.messages.get(record.message_id) if record.message_id else None

    async def _followup(self, parts: list[str], body: Any, files: Any) -> web.Response:
        record = self.interactions_by_token.get(parts[2])
        if record is None:
            return discord_error(404, 10015, "Unknown Webhook")
        message = self._new_message(record.channel_id, body or {}, files, interaction=record)
        record.followup_ids.append(int(message["id"]))
        return json_response(message)

    def _webhook_message(self, parts: list[str]) -> tuple[InteractionRecord | None, Any]:
        record = self.interactions_by_token.get(parts[2])
        if record is None:
            return None, None
        if parts[4] == "@original":
            message_id = record.response_message_id or record.message_id
        else:
            message_id = int(parts[4])
        return record, self.messages.get(message_id) if message_id else None

    async def _get_webhook_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        _, message = self._webhook_message(parts)
        if message is None:
            return discord_error(404, 10008, "Unknown Message")
        return json_response(message)

    async def _edit_webhook_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        record, message = self._webhook_message(parts)
        if record is None or message is None:
            return discord_error(404, 10008, "Unknown Message")
        record.edits.append({"message_id": int(message["id"]), "data": body, "files": files})
        _apply_edit(message, body or {}, files)
        return json_response(message)

    async def _delete_webhook_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        _, message = self._webhook_message(parts)
        if message is None:
            return discord_error(404, 10008, "Unknown Message")
        self.messages.pop(int(message["id"]), None)
        return web.Response(status=204)

    async def _create_channel_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        channel_id, body = int(parts[1]), body or {}
        nonce = body.get("nonce")
        if body.get("enforce_nonce") and nonce is not None:  # a repeat returns the first message
            known = self.nonces.get((channel_id, str(nonce)))
            if known is not None and known in self.messages:
                return json_response(self.messages[known])
        message = self._new_message(channel_id, body, files)
        if nonce is not None:
            self.nonces[(channel_id, str(nonce))] = int(message["id"])
        return json_response(message)

    async def _get_channel_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        message = self.messages.get(int(parts[3]))
        if message is None:
            return discord_error(404, 10008, "Unknown Message")
        return json_response(message)

    async def _edit_channel_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        message = self.messages.get(int(parts[3]))
        if message is None:
            return discord_error(404, 10008, "Unknown Message")
        _apply_edit(message, body or {}, files)
        return json_response(message)

    async def _delete_channel_message(self, parts: list[str], body: Any, files: Any) -> web.Response:
        self.messages.pop(int(parts[3]), None)
        return web.Response(status=204)

    # -- messages ---------------------------------------------------------------------------------
    def _new_message(
        self, channel_id: int, data: dict[str, Any], files: list[dict[str, Any]],
        *, interaction: InteractionRecord | None = None,
    ) -> dict[str, Any]:
        message_id = self.snowflake()
        message: dict[str, Any] = {
            "id": str(message_id), "channel_id": str(channel_id), "author": bot_user_json(),
            "content": data.get("content") or "", "timestamp": _now_iso(),
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": _attachments(files, data, self),
            "embeds": data.get("embeds") or [], "pinned": False,
            "type": 0 if interaction is None else 20, "flags": data.get("flags") or 0,
            "components": data.get("components") or [],
        }
        if interaction is not None:
            message["interaction_metadata"] = {
                "id": str(interaction.id), "type": interaction.type,
                "user": {"id": "0", "username": "someone", "discriminator": "0", "avatar": None},
                "authorizing_integration_owners": {},
            }
            message["webhook_id"] = str(APPLICATION_ID)
        self.messages[message_id] = message
        return message


def _apply_edit(message: dict[str, Any], data: dict[str, Any], files: list[dict[str, Any]]) -> None:
    for key in ("content", "embeds", "components", "flags"):
        if key in data and data[key] is not None:
            message[key] = data[key]
        elif key in data and key in ("embeds", "components"):
            message[key] = []
    if files or "attachments" in data:
        message["attachments"] = _attachments(files, data, None)
    message["edited_timestamp"] = _now_iso()


def _attachments(
    files: list[dict[str, Any]], data: dict[str, Any], fake: FakeDiscord | None
) -> list[dict[str, Any]]:
    result = []
    for index, file in enumerate(files):
        attachment_id = str(fake.snowflake()) if fake else str(10**17 + index)
        result.append({
            "id": attachment_id, "filename": file["filename"], "size": len(file["data"]),
            "url": f"https://cdn.invalid/{attachment_id}/{file['filename']}",
            "proxy_url": f"https://media.invalid/{attachment_id}/{file['filename']}",
            "content_type": file.get("content_type") or "application/octet-stream",
        })
    return result


async def _read_body(request: web.Request) -> tuple[Any, list[dict[str, Any]]]:
    """JSON bodies as they are; multipart bodies as their ``payload_json`` plus the files."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[dict[str, Any]] = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read()  # type: ignore[union-attr]  # a BodyPartReader, not nested
            if part.name == "payload_json":  # type: ignore[union-attr]
                payload = json.loads(data)
            else:
                files.append({"name": part.name, "filename": part.filename,  # type: ignore[union-attr]
                              "data": bytes(data),
                              "content_type": part.headers.get("Content-Type")})  # type: ignore[union-attr]
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": aiohttp's json_response appends a charset, which
    # discord.py's json_or_text does not recognise.
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def discord_error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


def _now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime())
