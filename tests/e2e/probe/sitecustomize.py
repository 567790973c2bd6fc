"""Test-only probe, imported at start-up by the bot process of the end-to-end tests.

The e2e runner puts this directory on PYTHONPATH (and sets E2E_PROBE_LOG) only for the bot
process it starts; no bot file changes. It wraps the adapters' snapshot function and the table
pictures' drawer to record, one JSON line per public table image, what is handed to
``render.table_scene_png`` (the cards and the text the image will show) together with the full
engine state the game adapter drew it from, so the privacy test can decide independently which
cards were still hidden at that moment. It records in the bot's own process, where the snapshot
is made; the drawing worker it starts does not inherit the probe.
Private images (``render.hand_strip_png``, the ephemeral "My cards") are not recorded.
"""

from __future__ import annotations

import json
import os
import threading
import time

_LOG_PATH = os.environ.pop("E2E_PROBE_LOG", None)  # popped: not for the processes the bot starts


def _install(log_path: str) -> None:
    import render
    from bot import catalog
    from bot.poker import Card
    from cogs.drawing import Drawer

    lock = threading.Lock()
    log = open(log_path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    drawn_from: dict[int, tuple[object, dict[str, object]]] = {}

    def cards(values: object) -> list[str | None]:
        return [None if card is None else str(Card(card)) for card in values]  # type: ignore[attr-defined]

    def wrap_adapter(game: str, adapter: object) -> None:
        original = adapter.snapshot  # type: ignore[attr-defined]

        def snapshot(state, config, names, title, footer, w=None):  # type: ignore[no-untyped-def]
            result = original(state, config, names, title, footer) if w is None else original(
                state, config, names, title, footer, w)
            dumped = None if state is None else state.to_dict()
            with lock:
                drawn_from[id(result)] = (result, {"game": game, "state": dumped})
            return result

        adapter.snapshot = snapshot  # type: ignore[attr-defined]

    build_adapters = catalog.adapters

    def adapters():  # type: ignore[no-untyped-def]
        built = build_adapters()
        for game, adapter in built.items():
            wrap_adapter(game, adapter)
        return built

    catalog.adapters = adapters  # the bot builds its runtime's adapters through this

    # A stack-funded table's picture is the adapter's snapshot with the stacks added (a new
    # object): it was drawn from the same state. Without this, such pictures were recorded with
    # no round (unchecked while cards were hidden, and a false alarm once they were shown).
    import cogs.table_messages as table_messages

    original_with_stacks = table_messages.with_stacks

    def with_stacks(snapshot, *args, **kwargs):  # type: ignore[no-untyped-def]
        result = original_with_stacks(snapshot, *args, **kwargs)
        with lock:
            if id(snapshot) in drawn_from:
                drawn_from[id(result)] = (result, drawn_from.pop(id(snapshot))[1])
        return result

    table_messages.with_stacks = with_stacks

    # A table of more than six seats is drawn as several pictures (new objects), each from the
    # same state.
    original_pages = table_messages.table_pages

    def table_pages(snapshot):  # type: ignore[no-untyped-def]
        pages = original_pages(snapshot)
        with lock:
            source = drawn_from.pop(id(snapshot), None)
            for page in pages if source is not None else ():
                drawn_from[id(page)] = (page, source[1])
        return pages

    table_messages.table_pages = table_pages

    original_draw = Drawer.draw

    async def draw(self, function, *args):  # type: ignore[no-untyped-def]
        if function is render.table_scene_png:
            record(args[0])
        return await original_draw(self, function, *args)

    def record(snapshot):  # type: ignore[no-untyped-def]
        with lock:
            _, source = drawn_from.pop(id(snapshot), (None, {"game": None, "state": None}))
        text = [snapshot.title, snapshot.footer, snapshot.dealer_status]
        for seat in snapshot.seats:
            text += [seat.name, seat.bet, seat.status]
        entry = {
            "t": time.time(), **source, "title": snapshot.title,
            "dealer": cards(snapshot.dealer), "community": cards(snapshot.community),
            "seats": [cards(seat.cards) for seat in snapshot.seats], "text": text,
        }
        line = json.dumps(entry)
        with lock:
            log.write(line + "\n")

    Drawer.draw = draw  # type: ignore[method-assign]


if _LOG_PATH:
    _install(_LOG_PATH)
