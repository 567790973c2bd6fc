"""No public message, embed or public image shows a card that is hidden at that moment.

Two sources, both from the real process:

- Public images: ``probe/sitecustomize.py`` records, for every call of
  ``render.table_scene_png`` (the public table and result images), the cards and text the
  image is drawn from and the full engine state the game adapter built it from. The game's
  script decides on its own, from that state's phase, which cards are still hidden then.
- Public text: every message the bot sent to the fake that is not ephemeral (channel messages,
  non-ephemeral interaction responses and followups, and edits of them) is read for card
  names (``As``, ``10h``, ``A♠``...). Within a round's lifetime (from its creation to its
  settlement or void, by the database's times), no public text in its channel may name one
  of its cards that were private until the showdown (hole cards, the dealer's cards).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tests.e2e.books import rounds
from tests.e2e.games import SCRIPTS
from tests.e2e.local_discord import LocalDiscord
from tests.harness.fake_discord import CHANNEL_MESSAGE, EPHEMERAL_FLAG, UPDATE_MESSAGE

SUITS = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([cdhs\u2663\u2666\u2665\u2660])(?![A-Za-z0-9])")


def cards_named(text: str) -> set[str]:
    named = set()
    for rank, suit in CARD_TEXT.findall(text):
        named.add(("T" if rank == "10" else rank) + SUITS.get(suit, suit))
    return named


def image_violations(probe_log: Path) -> tuple[int, list[str]]:
    """(public images checked, problems)."""
    if not probe_log.exists():
        return 0, [f"the render probe wrote nothing to {probe_log}"]
    problems, checked = [], 0
    for number, line in enumerate(probe_log.read_text().splitlines(), 1):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by SIGKILL
        checked += 1
        shown = {c for c in [*entry["dealer"], *entry["community"], *sum(entry["seats"], [])] if c}
        named = set().union(*(cards_named(text) for text in entry["text"] if text))
        if entry["state"] is None:
            if shown or named:
                problems.append(f"image {number} ({entry['title']}) shows {shown | named} with no round")
            continue
        hidden = SCRIPTS[entry["game"]].hidden_cards(entry["state"])
        leaked = (shown | named) & hidden
        if leaked:
            problems.append(f"image {number} ({entry['title']}, phase {entry['state']['phase']}) "
                            f"shows hidden {sorted(leaked)}")
    return checked, problems


def public_texts(fake: LocalDiscord) -> Iterable[tuple[float, int, str]]:
    """(wall-clock time, channel, text) of everything public the bot sent."""
    for request in fake.requests:
        body = request.json
        if not isinstance(body, dict):
            continue
        parts = request.path.removeprefix("/api/v10/").strip("/").split("/")
        channel, data = _public_message(fake, request.method, parts, body)
        if channel is None or data is None:
            continue
        yield request.at + fake.wall_offset, channel, _text(data)


def _public_message(fake: LocalDiscord, method: str, parts: list[str],
                    body: Mapping[str, Any]) -> tuple[int | None, Mapping[str, Any] | None]:
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
        return int(parts[1]), body
    if parts[0] == "interactions" and parts[-1] == "callback":
        record = fake.interactions.get(int(parts[1]))
        data = body.get("data") or {}
        if record is None or body.get("type") not in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            return None, None
        if body["type"] == CHANNEL_MESSAGE and (data.get("flags") or 0) & EPHEMERAL_FLAG:
            return None, None
        if body["type"] == UPDATE_MESSAGE and _ephemeral_message(fake, record.message_id):
            return None, None
        return record.channel_id, data
    if parts[0] == "webhooks" and len(parts) >= 3:
        record = fake.interactions_by_token.get(parts[2])
        if record is None:
            return None, None
        if method == "POST":
            return (None, None) if (body.get("flags") or 0) & EPHEMERAL_FLAG else (record.channel_id, body)
        if method == "PATCH" and len(parts) == 5:
            if parts[4] == "@original":
                first = record.callbacks[0] if record.callbacks else {"data": {}}
                response_flags = (first.get("data") or {}).get("flags") or 0
                target = record.response_message_id or record.message_id
                if response_flags & EPHEMERAL_FLAG or _ephemeral_message(fake, target):
                    return None, None
            elif _ephemeral_message(fake, int(parts[4])):
                return None, None
            return record.channel_id, body
    return None, None


def _ephemeral_message(fake: LocalDiscord, message_id: int | None) -> bool:
    message = fake.messages.get(message_id) if message_id else None
    return bool(message and (message.get("flags") or 0) & EPHEMERAL_FLAG)


def _text(data: Mapping[str, Any]) -> str:
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or "",
                  (embed.get("footer") or {}).get("text") or "",
                  (embed.get("author") or {}).get("name") or ""]
        for field in embed.get("fields") or []:
            parts += [field.get("name") or "", field.get("value") or ""]
    for row in data.get("components") or []:
        for component in row.get("components") or []:
            parts.append(component.get("label") or "")
    return "\n".join(part for part in parts if part)


def text_violations(fake: LocalDiscord, db_path: Path) -> tuple[int, list[str]]:
    """(public messages checked, problems)."""
    by_channel: dict[int, list[tuple[float, float, set[str], int]]] = {}
    for row in rounds(db_path):
        script = SCRIPTS.get(row.game)
        if script is None:
            continue
        secrets = script.secret_cards(row.status, row.saved)
        end = row.settled_at if row.settled_at is not None else float("inf")
        by_channel.setdefault(row.channel_id, []).append((row.created_at, end, secrets, row.id))
    problems, checked = [], 0
    for at, channel, text in public_texts(fake):
        checked += 1
        named = cards_named(text)
        if not named:
            continue
        for start, end, secrets, round_id in by_channel.get(channel, []):
            if start <= at < end and named & secrets:
                problems.append(f"public text in channel {channel} during round #{round_id} names "
                                f"{sorted(named & secrets)}: {text[:200]!r}")
    return checked, problems
