"""The local Discord's own parts that the bot process does not exercise on every run."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
from aiohttp import web

from tests.e2e.local_discord import read_body
from tests.harness.fake_discord import _read_body


async def test_the_fast_multipart_reader_reads_what_the_harness_reader_reads() -> None:
    seen: dict[str, list[tuple[Any, list[dict[str, Any]]]]] = {"harness": [], "fast": []}

    async def harness(request: web.Request) -> web.Response:
        seen["harness"].append(await _read_body(request))
        return web.Response()

    async def fast(request: web.Request) -> web.Response:
        seen["fast"].append(await read_body(request))
        return web.Response()

    app = web.Application()
    app.router.add_post("/harness", harness)
    app.router.add_post("/fast", fast)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    payload = {"embeds": [{"title": "T\u00e4ble", "image": {"url": "attachment://table.png"}}],
               "attachments": [{"id": 0, "filename": "table.png"}]}
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40 + b"\r\n--not-a-boundary\r\n"
    try:
        async with aiohttp.ClientSession() as session:
            for path in ("/harness", "/fast"):
                form = aiohttp.FormData(quote_fields=False)  # as discord.py builds it
                form.add_field("payload_json", json.dumps(payload))
                form.add_field("files[0]", png, filename="table.png", content_type="image/png")
                async with session.post(f"http://127.0.0.1:{port}{path}", data=form) as response:
                    assert response.status == 200
            async with session.post(f"http://127.0.0.1:{port}/fast", json={"a": 1}) as response:
                assert response.status == 200
    finally:
        await runner.cleanup()
    (harness_read,), (fast_read, json_read) = seen["harness"], seen["fast"]
    assert harness_read[0] == payload and harness_read[1][0]["data"] == png
    assert fast_read == harness_read
    assert json_read == ({"a": 1}, [])
