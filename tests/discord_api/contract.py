"""Discord's API contract, as our fakes enforce it on every request the bot makes.

Two layers, both required for a request to pass:

1. The request body against Discord's OpenAPI specification (``openapi.json`` beside this file,
   see README.md for where it comes from): the route and method must exist, and the JSON body
   (or the ``payload_json`` part of a multipart body) must validate against the route's
   request-body schema, ``$ref``s resolved, with ``jsonschema``.
2. The limits Discord documents but the schema does not encode (message, embed, component and
   command limits; allowed message flags; attachments referenced by embeds), each cited from
   Discord's developer documentation where it is checked.

``DiscordContract.check`` returns every violation; each names the route, the field and what is
wrong, e.g. ``PUT /applications/{application_id}/commands: [12].options[0].max_value: ...``.
"""

from __future__ import annotations

import collections
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import regex
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("openapi.json")
SPEC_ENV = "DISCORD_OPENAPI_SPEC"
"""Point this at another OpenAPI document (Discord's own ``specs/openapi.json``) to check
against it instead; the route and schema layout are the same."""
SPEC_URI = "urn:discord-openapi"
CHECKED_KEPT = 256
"""Requests whose violations :class:`DiscordContract` keeps, the least recently sent dropped."""

# -- documented limits (https://discord.com/developers/docs) ------------------------------------
CONTENT_MAX = 2000  # resources/message "Create Message": content up to 2000 characters
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256  # resources/message "Embed Limits" (measured with whitespace trimmed)
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBEDS_TOTAL_MAX = 6000  # title, description, field names and values, footer, author: all embeds
ACTION_ROWS_MAX = 5  # components/reference: "Legacy messages allow up to 5 action rows"
BUTTONS_PER_ROW_MAX = 5  # "Up to 5 interactive buttons or a single select"
CUSTOM_ID_MAX = 100  # "1-100 characters", "Multiple components on the same message must not
#                      share the same custom_id"
BUTTON_LABEL_MAX = 80
PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100  # an option's label, value and description
FILE_SIZE_MAX = 10 * 1024 * 1024  # reference "Uploading Files": 10 MiB per file by default
COMMAND_NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")  # CHAT_INPUT naming
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_CHOICES_MAX = 25
COMMAND_CHARACTERS_MAX = 4000
"""Name, description and choice values of a command and all its options together. Discord's
docs now allow 8000 (counting the longest localisation of each field); we hold to the older
4000, which every Discord deployment accepts."""
GLOBAL_COMMANDS_MAX = 100  # application-commands: "100 global CHAT_INPUT commands" (and per guild)
INT53 = 2**53 - 1  # application-commands: INTEGER is "Any integer between -2^53+1 and 2^53-1"
LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
    "bg ru uk hi th zh-CN ja zh-TW ko".split())  # reference "Locales"

# Message flags (resources/message "Message Flags") and which each route lets a bot set.
SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2 = (
    1 << 2, 1 << 6, 1 << 12, 1 << 13, 1 << 15)
CHANNEL_CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
MESSAGE_EDIT_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2  # "Edit Message", "Edit Webhook Message"
INTERACTION_MESSAGE_FLAGS = (SUPPRESS_EMBEDS | EPHEMERAL | IS_COMPONENTS_V2 | IS_VOICE_MESSAGE
                             | SUPPRESS_NOTIFICATIONS)  # receiving-and-responding, callback data
DEFERRED_FLAGS = EPHEMERAL  # "the only valid message flag you may use is EPHEMERAL"
FOLLOWUP_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2 | EPHEMERAL

# Interaction callback types (receiving-and-responding).
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL = 4, 5, 6, 7, 9
# Component types (components/reference).
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, INTEGER, NUMBER = 1, 2, 4, 10


@dataclass(frozen=True)
class Violation:
    """One way a request breaks Discord's contract."""

    method: str
    route: str
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.method} {self.route}: {self.field or '(body)'}: {self.problem}"


class ContractViolation(AssertionError):
    """Raised by tests for the violations a fake recorded."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations = list(violations)
        lines = "\n".join(f"  - {violation}" for violation in self.violations)
        super().__init__(f"{len(self.violations)} request(s) break Discord's API contract:\n{lines}")


@dataclass(frozen=True)
class Route:
    method: str
    template: str
    segments: tuple[str, ...]
    body_pointer: str | None  # JSON pointer of the request-body schema in the document

    @property
    def literal_segments(self) -> int:
        return sum(1 for segment in self.segments if not segment.startswith("{"))


@dataclass(frozen=True)
class Upload:
    """One file part of a multipart request: ``files[n]`` and its filename and size."""

    name: str
    filename: str
    size: int


class DiscordContract:
    """Checks one request at a time; build once (the document is large) and reuse."""

    def __init__(self, spec_path: Path | str | None = None) -> None:
        path = Path(spec_path or os.environ.get(SPEC_ENV) or SPEC_PATH)
        document = json.loads(path.read_text(encoding="utf-8"))
        self.version = str(document.get("info", {}).get("version", "?"))
        self.source = path
        self._registry: Registry[Any] = Registry().with_resource(
            SPEC_URI, Resource.from_contents(document, default_specification=DRAFT202012))
        self._routes = _routes(document)
        self._literals = {segment for route in self._routes for segment in route.segments
                          if not segment.startswith("{")}
        self._found_routes: dict[tuple[str, tuple[str, ...]], Route | None] = {}
        self._validators: dict[str, Draft202012Validator] = {}
        self._checked: collections.OrderedDict[tuple[Any, ...], list[Violation]] = collections.OrderedDict()

    # -- the whole check ------------------------------------------------------------------------
    def check(self, method: str, path: str, body: Any, uploads: Sequence[Upload] = ()) -> list[Violation]:
        """Every violation of one request. ``path`` is the URL path (``/api/v10/...`` or without
        the prefix); ``body`` the JSON body or the multipart body's ``payload_json``."""
        method = method.upper()
        route = self.route_of(method, path)
        if route is None:
            return [Violation(method, _api_path(path), "", "no such route in Discord's API")]
        # The same body sent again (every bot's command sync: half a second to validate) is
        # answered from the requests checked last.
        key = (method, route.template, json.dumps(body, sort_keys=True, default=repr), tuple(uploads))
        if key in self._checked:
            self._checked.move_to_end(key)
            return list(self._checked[key])
        found = Found(method, route.template)
        self._check_schema(route, body, uploads, found)
        for check in _LIMITS.get((method, route.template), ()):
            check(body, uploads, found)
        self._checked[key] = list(found.violations)
        if len(self._checked) > CHECKED_KEPT:
            self._checked.popitem(last=False)
        return found.violations

    def route_of(self, method: str, path: str) -> Route | None:
        parts = tuple(part for part in _api_path(path).split("/") if part)
        # Ids and tokens fill a template's placeholders alike: one lookup per shape of path.
        shape = (method, tuple(part if part in self._literals else "{}" for part in parts))
        if shape not in self._found_routes:
            self._found_routes[shape] = self._route_of(method, parts)
        return self._found_routes[shape]

    def _route_of(self, method: str, parts: tuple[str, ...]) -> Route | None:
        candidates = [route for route in self._routes
                      if route.method == method and len(route.segments) == len(parts)
                      and all(segment.startswith("{") or segment == part
                              for segment, part in zip(route.segments, parts, strict=True))]
        # "/messages/@original" is its own route beside "/messages/{message_id}": most literal wins.
        return max(candidates, key=lambda route: route.literal_segments, default=None)

    # -- layer 1: the schema --------------------------------------------------------------------
    def _check_schema(self, route: Route, body: Any, uploads: Sequence[Upload], found: Found) -> None:
        if route.body_pointer is None:
            if body is not None:
                found.add("", "this route takes no request body")
            return
        if body is None:
            return  # every body field Discord takes on these routes is optional
        validator = self._validator(route.body_pointer)
        for error in validator.iter_errors(_with_upload_placeholders(body, uploads)):
            # Inside an anyOf (Discord's unions), name the branch that came closest.
            deepest = best_match([error]) or error
            found.add(_json_path(deepest.absolute_path), _shortened(deepest.message))

    def _validator(self, pointer: str) -> Draft202012Validator:
        validator = self._validators.get(pointer)
        if validator is None:
            schema = {"$ref": f"{SPEC_URI}#{pointer}"}
            validator = self._validators[pointer] = Draft202012Validator(schema, registry=self._registry)
        return validator


@cache
def shared_contract() -> DiscordContract:
    """The contract every fake in this test run uses (the document is read once)."""
    return DiscordContract()


class Found:
    """The violations of one request, collected by the checks."""

    def __init__(self, method: str, route: str) -> None:
        self.method, self.route = method, route
        self.violations: list[Violation] = []

    def add(self, field: str, problem: str) -> None:
        self.violations.append(Violation(self.method, self.route, field, problem))


# -- the routes of the document ------------------------------------------------------------------
def _routes(document: Mapping[str, Any]) -> list[Route]:
    routes = []
    for template, operations in document.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in ("get", "put", "post", "patch", "delete") or not isinstance(operation, dict):
                continue
            content = (operation.get("requestBody") or {}).get("content") or {}
            pointer = None
            if "application/json" in content:
                escaped = template.replace("~", "~0").replace("/", "~1")
                pointer = f"/paths/{escaped}/{method}/requestBody/content/application~1json/schema"
            routes.append(Route(method.upper(), template, tuple(p for p in template.split("/") if p),
                                pointer))
    return routes


def _api_path(path: str) -> str:
    path = path.split("?", 1)[0]
    for prefix in ("/api/v10", "/api/v9"):
        if path.startswith(prefix + "/"):
            return path[len(prefix):]
    return path


def _with_upload_placeholders(body: Any, uploads: Sequence[Upload]) -> Any:
    """Discord's spec types an attachment's ``id`` as a snowflake string, but Discord documents
    (reference, "Uploading Files", its own example) that a new upload is named by the index ``n``
    of its ``files[n]`` part as a number, and discord.py sends exactly that. So an integer id
    equal to an uploaded file's index is read as that placeholder; any other integer still fails."""
    if not isinstance(body, dict) or not uploads:
        return body
    indexes = {_upload_index(upload.name) for upload in uploads}
    attachments = body.get("attachments")
    if isinstance(body.get("data"), dict):  # an interaction callback carries the message in data
        return {**body, "data": _with_upload_placeholders(body["data"], uploads)}
    if not isinstance(attachments, list):
        return body
    fixed = [{**item, "id": str(item["id"])}
             if isinstance(item, dict) and type(item.get("id")) is int and item["id"] in indexes
             else item for item in attachments]
    return {**body, "attachments": fixed}


def _upload_index(name: str) -> int | None:
    match = regex.fullmatch(r"files\[(\d+)\]", name)
    return int(match.group(1)) if match else None


def _json_path(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _shortened(message: str, limit: int = 240) -> str:
    return message if len(message) <= limit else message[:limit - 1] + "\u2026"


# -- layer 2: documented limits ------------------------------------------------------------------
def _message(flags_allowed: int, *, creates: bool) -> Any:
    def check(body: Any, uploads: Sequence[Upload], found: Found) -> None:
        if isinstance(body, dict):
            check_message(body, uploads, found, flags_allowed=flags_allowed, creates=creates)
        elif creates and body is None and not uploads:
            found.add("", "an empty message (no content, embeds, components or files)")
    return check


def _callback(body: Any, uploads: Sequence[Upload], found: Found) -> None:
    if not isinstance(body, dict):
        return
    kind, data = body.get("type"), body.get("data")
    if kind == CHANNEL_MESSAGE:
        check_message(data if isinstance(data, dict) else {}, uploads, found, prefix="data",
                      flags_allowed=INTERACTION_MESSAGE_FLAGS, creates=True)
    elif kind == UPDATE_MESSAGE and isinstance(data, dict):
        check_message(data, uploads, found, prefix="data", flags_allowed=INTERACTION_MESSAGE_FLAGS,
                      creates=False)
    elif kind == DEFERRED_CHANNEL_MESSAGE and isinstance(data, dict):
        _check_flags(data, found, "data.flags", DEFERRED_FLAGS)
    elif kind == MODAL and isinstance(data, dict):
        _check_custom_ids(data.get("components") or [], found, "data.components")


def _commands(body: Any, uploads: Sequence[Upload], found: Found) -> None:
    if not isinstance(body, list):
        return
    check_commands(body, found)


_LIMITS: dict[tuple[str, str], tuple[Any, ...]] = {
    ("POST", "/channels/{channel_id}/messages"): (_message(CHANNEL_CREATE_FLAGS, creates=True),),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (_message(MESSAGE_EDIT_FLAGS, creates=False),),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): (_message(FOLLOWUP_FLAGS, creates=True),),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"):
        (_message(MESSAGE_EDIT_FLAGS, creates=False),),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"):
        (_message(MESSAGE_EDIT_FLAGS, creates=False),),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): (_callback,),
    ("PUT", "/applications/{application_id}/commands"): (_commands,),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): (_commands,),
}


def check_message(data: Mapping[str, Any], uploads: Sequence[Upload], found: Found, *,
                  flags_allowed: int, creates: bool, prefix: str = "") -> None:
    """A message body (create, edit, callback data): content, embeds, components, files, flags."""
    at = _prefixer(prefix)
    content = data.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        found.add(at("content"), f"{len(content)} characters; at most {CONTENT_MAX}")
    embeds = data.get("embeds") or []
    _check_embeds(embeds, found, at("embeds"))
    _check_components(data.get("components") or [], found, at("components"))
    _check_uploads(data, embeds, uploads, found, at, editing=not creates)
    _check_flags(data, found, at("flags"), flags_allowed)
    if creates and not (content or embeds or data.get("components") or uploads
                        or data.get("sticker_ids") or data.get("poll")):
        found.add(prefix, "an empty message (no content, embeds, components or files)")
    if not creates and _blanks_everything(data, uploads):
        found.add(prefix, "the edit leaves the message empty (content, embeds and attachments)")


def _prefixer(prefix: str) -> Any:
    return lambda name: f"{prefix}.{name}" if prefix else name


def _blanks_everything(data: Mapping[str, Any], uploads: Sequence[Upload]) -> bool:
    keys = ("content", "embeds", "attachments")
    return all(key in data for key in keys) and not any(data.get(key) for key in keys) \
        and not uploads and not data.get("components")


def _check_flags(data: Mapping[str, Any], found: Found, field: str, allowed: int) -> None:
    flags = data.get("flags")
    if flags is None:
        return
    if isinstance(flags, bool) or not isinstance(flags, int):
        found.add(field, f"{flags!r} is not an integer bitfield")
    elif flags & ~allowed:
        found.add(field, f"flag bits {flags & ~allowed:#x} cannot be set here (allowed {allowed:#x})")


def _trimmed_length(value: Any) -> int:
    return len(value.strip()) if isinstance(value, str) else 0


def _check_embeds(embeds: Sequence[Any], found: Found, field: str) -> None:
    if len(embeds) > EMBEDS_MAX:
        found.add(field, f"{len(embeds)} embeds; at most {EMBEDS_MAX}")
    total = 0
    for index, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        here = f"{field}[{index}]"
        parts = [("title", embed.get("title"), EMBED_TITLE_MAX),
                 ("description", embed.get("description"), EMBED_DESCRIPTION_MAX),
                 ("footer.text", (embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX),
                 ("author.name", (embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX)]
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            found.add(f"{here}.fields", f"{len(fields)} fields; at most {EMBED_FIELDS_MAX}")
        for number, item in enumerate(fields):
            parts.append((f"fields[{number}].name", item.get("name"), EMBED_FIELD_NAME_MAX))
            parts.append((f"fields[{number}].value", item.get("value"), EMBED_FIELD_VALUE_MAX))
            if not _trimmed_length(item.get("name")) or not _trimmed_length(item.get("value")):
                found.add(f"{here}.fields[{number}]", "a field needs a non-blank name and value")
        for name, value, limit in parts:
            length = _trimmed_length(value)
            total += length
            if length > limit:
                found.add(f"{here}.{name}", f"{length} characters; at most {limit}")
    if total > EMBEDS_TOTAL_MAX:
        found.add(field, f"{total} characters in all embeds together; at most {EMBEDS_TOTAL_MAX}")


def _walk(components: Sequence[Any], field: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for index, component in enumerate(components):
        if isinstance(component, dict):
            here = f"{field}[{index}]"
            yield here, component
            yield from _walk(component.get("components") or [], f"{here}.components")


def _check_components(rows: Sequence[Any], found: Found, field: str) -> None:
    if len(rows) > ACTION_ROWS_MAX:
        found.add(field, f"{len(rows)} action rows; at most {ACTION_ROWS_MAX}")
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            continue
        children = [child for child in row.get("components") or [] if isinstance(child, dict)]
        selects = [child for child in children if child.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            found.add(f"{field}[{index}]", "a select menu must be alone in its action row")
        if len(children) > BUTTONS_PER_ROW_MAX:
            found.add(f"{field}[{index}]", f"{len(children)} buttons in a row; at most {BUTTONS_PER_ROW_MAX}")
    for here, component in _walk(rows, field):
        kind = component.get("type")
        if kind == BUTTON and _length(component.get("label")) > BUTTON_LABEL_MAX:
            found.add(f"{here}.label",
                      f"{_length(component.get('label'))} characters; at most {BUTTON_LABEL_MAX}")
        if kind in SELECT_TYPES:
            _check_select(component, found, here)
    _check_custom_ids(rows, found, field)


def _length(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _check_select(select: Mapping[str, Any], found: Found, here: str) -> None:
    if _length(select.get("placeholder")) > PLACEHOLDER_MAX:
        found.add(f"{here}.placeholder", f"longer than {PLACEHOLDER_MAX} characters")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    low, high = 1 if low is None else low, 1 if high is None else high
    if select.get("type") == STRING_SELECT:
        options = select.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            found.add(f"{here}.options", f"{len(options)} options; 1 to {SELECT_OPTIONS_MAX}")
        for number, option in enumerate(options):
            for key in ("label", "value", "description"):
                if _length(option.get(key)) > SELECT_OPTION_TEXT_MAX:
                    found.add(f"{here}.options[{number}].{key}",
                              f"longer than {SELECT_OPTION_TEXT_MAX} characters")
        if high > len(options):
            found.add(f"{here}.max_values", f"{high} but only {len(options)} options")
        values = [option.get("value") for option in options]
        if len(set(values)) != len(values):
            found.add(f"{here}.options", "option values must be unique")
    if low > high:
        found.add(f"{here}.min_values", f"min_values {low} is above max_values {high}")


def _check_custom_ids(rows: Sequence[Any], found: Found, field: str) -> None:
    seen: dict[str, str] = {}
    for here, component in _walk(rows, field):
        if component.get("type") == ACTION_ROW:
            continue
        custom_id = component.get("custom_id")
        if custom_id is None:
            if component.get("type") != BUTTON or component.get("style") not in (5, 6):  # link, premium
                found.add(f"{here}.custom_id", "an interactive component needs a custom_id")
            continue
        if not 1 <= _length(custom_id) <= CUSTOM_ID_MAX:
            found.add(f"{here}.custom_id", f"{_length(custom_id)} characters; 1 to {CUSTOM_ID_MAX}")
        if custom_id in seen:
            found.add(f"{here}.custom_id", f"{custom_id!r} is used twice in one message "
                                           f"(also at {seen[custom_id]})")
        seen[custom_id] = here


def _check_uploads(data: Mapping[str, Any], embeds: Sequence[Any], uploads: Sequence[Upload],
                   found: Found, at: Any, *, editing: bool) -> None:
    uploaded = {upload.filename for upload in uploads}
    listed = {item.get("filename") for item in data.get("attachments") or [] if isinstance(item, dict)}
    for index, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        for key in ("image", "thumbnail", "footer", "author"):
            url = (embed.get(key) or {}).get("url" if key in ("image", "thumbnail") else "icon_url")
            if isinstance(url, str) and url.startswith("attachment://"):
                name = url.removeprefix("attachment://")
                if name not in uploaded and name not in listed:
                    found.add(at(f"embeds[{index}].{key}"),
                              f"{url} names no file uploaded with this message")
    placeholders = {item.get("id") for item in data.get("attachments") or [] if isinstance(item, dict)}
    for upload in uploads:
        file_index = _upload_index(upload.name)
        if file_index is None:
            found.add(at("attachments"), f"file part {upload.name!r} is not named files[n]")
        elif editing and "attachments" in data and file_index not in placeholders \
                and str(file_index) not in placeholders:
            # Edit Message: "only files listed in the attachments parameter will be appended".
            found.add(at("attachments"), f"{upload.name} ({upload.filename}) is uploaded but not "
                                         "listed, so Discord would drop it")
        if upload.size > FILE_SIZE_MAX:
            found.add(at("attachments"), f"{upload.filename} is {upload.size} bytes; at most {FILE_SIZE_MAX}")


def check_commands(commands: Sequence[Any], found: Found) -> None:
    """A bulk overwrite of application commands (global or one guild's)."""
    chat_input = [command for command in commands
                  if isinstance(command, dict) and command.get("type", 1) == 1]
    if len(chat_input) > GLOBAL_COMMANDS_MAX:
        found.add("", f"{len(chat_input)} slash commands; at most {GLOBAL_COMMANDS_MAX}")
    names = [command.get("name") for command in chat_input]
    for name in {name for name in names if names.count(name) > 1}:
        found.add("", f"the command name {name!r} is used twice")
    _check_localized_names_unique(chat_input, found, "")
    for index, command in enumerate(commands):
        if isinstance(command, dict) and command.get("type", 1) == 1:
            _check_command(command, found, f"[{index}]")


def _check_command(command: Mapping[str, Any], found: Found, here: str) -> None:
    _check_name_and_description(command, found, here)
    _check_options(command.get("options") or [], found, f"{here}.options", top=True)
    size = _command_characters(command)
    if size > COMMAND_CHARACTERS_MAX:
        found.add(here, f"/{command.get('name')} has {size} characters of names, descriptions "
                        f"and choices; at most {COMMAND_CHARACTERS_MAX}")


def _check_name_and_description(item: Mapping[str, Any], found: Found, here: str) -> None:
    names = [("name", item.get("name"))]
    names += [(f"name_localizations.{locale}", value)
              for locale, value in (item.get("name_localizations") or {}).items()]
    for field, name in names:
        if not isinstance(name, str) or not COMMAND_NAME.match(name):
            found.add(f"{here}.{field}", f"{name!r} is not a valid name (1-32 letters, digits, - _ ')")
        elif name != name.lower():
            found.add(f"{here}.{field}", f"{name!r} must be lowercase")
    descriptions = [("description", item.get("description"))]
    descriptions += [(f"description_localizations.{locale}", value)
                     for locale, value in (item.get("description_localizations") or {}).items()]
    for field, text in descriptions:
        if not isinstance(text, str) or not 1 <= len(text) <= COMMAND_DESCRIPTION_MAX:
            found.add(f"{here}.{field}", f"description must be 1 to {COMMAND_DESCRIPTION_MAX} characters")
    for key in ("name_localizations", "description_localizations"):
        for locale in item.get(key) or {}:
            if locale not in LOCALES:
                found.add(f"{here}.{key}.{locale}", "not one of Discord's locales")


def _check_localized_names_unique(options: Sequence[Any], found: Found, field: str) -> None:
    """A name is unique among its siblings in every language: a client in that locale shows
    the localised names (a name's localisation follows "the same restrictions as name")."""
    items = [option for option in options if isinstance(option, dict)]
    locales = {locale for item in items for locale in item.get("name_localizations") or {}}
    for locale in sorted(locales):
        shown = [(item.get("name_localizations") or {}).get(locale, item.get("name")) for item in items]
        for name in sorted({str(name) for name in shown if shown.count(name) > 1}):
            found.add(field, f"in {locale}, {name!r} names two options")


def _check_options(options: Sequence[Any], found: Found, field: str, *, top: bool) -> None:
    if len(options) > COMMAND_OPTIONS_MAX:
        found.add(field, f"{len(options)} options; at most {COMMAND_OPTIONS_MAX}")
    kinds = [option.get("type") for option in options if isinstance(option, dict)]
    nested = [kind in (SUB_COMMAND, SUB_COMMAND_GROUP) for kind in kinds]
    if any(nested) and not all(nested):
        found.add(field, "subcommands cannot be mixed with other options")
    _check_localized_names_unique(options, found, field)
    seen_optional = False
    names: set[str] = set()
    for index, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        here = f"{field}[{index}]"
        _check_name_and_description(option, found, here)
        if option.get("name") in names:
            found.add(f"{here}.name", f"{option.get('name')!r} is used twice")
        names.add(str(option.get("name")))
        kind = option.get("type")
        if kind == SUB_COMMAND_GROUP and not top:
            found.add(here, "a subcommand group can only be at the top level")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _check_options(option.get("options") or [], found, f"{here}.options", top=False)
            continue
        if option.get("required"):
            if seen_optional:
                found.add(here, "required options must come before optional ones")
        else:
            seen_optional = True
        _check_option_values(option, found, here)


def _check_option_values(option: Mapping[str, Any], found: Found, here: str) -> None:
    choices = option.get("choices") or []
    if len(choices) > COMMAND_CHOICES_MAX:
        found.add(f"{here}.choices", f"{len(choices)} choices; at most {COMMAND_CHOICES_MAX}")
    for index, choice in enumerate(choices):
        name = choice.get("name") if isinstance(choice, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            found.add(f"{here}.choices[{index}].name", "a choice name must be 1 to 100 characters")
    if option.get("type") in (INTEGER, NUMBER):
        for key in ("min_value", "max_value"):
            value = option.get(key)
            if value is not None and not -INT53 <= value <= INT53:
                found.add(f"{here}.{key}", f"{value} is outside ±(2^53-1)")
        low, high = option.get("min_value"), option.get("max_value")
        if low is not None and high is not None and low > high:
            found.add(f"{here}.min_value", f"min_value {low} is above max_value {high}")


def _command_characters(command: Mapping[str, Any]) -> int:
    """Name, description and choice names and values of a command and everything in it; of a
    localised field only its longest text counts (application-commands, "Slash commands can
    have a maximum of ... characters")."""
    total = _longest(command, "name") + _longest(command, "description")
    for option in command.get("options") or []:
        total += _command_characters(option)
        for choice in option.get("choices") or []:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def _longest(item: Mapping[str, Any], key: str) -> int:
    texts = [str(item.get(key, "")), *(item.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)
