"""Ways the fake Discord misbehaves, as real Discord does on real servers.

A :class:`Fault` matches requests by method, route (the first path part: ``channels``,
``interactions``, ``webhooks``, ``applications``) and channel, for a period or a number of
requests, and answers them late, or with an error status (Discord's own JSON error, or a 429
with its rate-limit headers and body), or acts on the request and then answers with the error
(the answer lost on the way back, so a retry must not act twice). The named constructors build
the faults the tests use.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

RATE_LIMIT_BUCKET = "f4k3b0ck3t"


@dataclass
class Fault:
    status: int = 0
    """The HTTP status to answer with; 0 answers normally (only ``delay`` applies)."""
    code: int = 0
    message: str = ""
    method: str | None = None
    route: str | None = None
    channel_id: int | None = None
    until: float = math.inf
    """``time.monotonic()`` after which the fault is over."""
    times: int | None = None
    """How many requests it hits at most (None: no limit)."""
    delay: float = 0.0
    """Seconds before answering: a slow Discord."""
    retry_after: float = 0.0
    scope: str = "user"
    """A 429's scope: ``user`` (a route's bucket), ``global`` or ``shared``."""
    after: bool = False
    """Act on the request, then answer with the error."""
    hits: int = field(default=0, init=False)

    # -- the faults the tests use -----------------------------------------------------------
    @classmethod
    def missing_permissions(cls, channel_id: int, **kwargs: Any) -> Fault:
        return cls(403, 50013, "Missing Permissions", route="channels", channel_id=channel_id, **kwargs)

    @classmethod
    def missing_access(cls, channel_id: int, **kwargs: Any) -> Fault:
        return cls(403, 50001, "Missing Access", route="channels", channel_id=channel_id, **kwargs)

    @classmethod
    def rate_limited(cls, retry_after: float, *, scope: str = "user", **kwargs: Any) -> Fault:
        return cls(429, 0, "You are being rate limited.", retry_after=retry_after, scope=scope,
                   **kwargs)

    @classmethod
    def server_error(cls, status: int = 500, **kwargs: Any) -> Fault:
        messages = {500: "500: Internal Server Error", 502: "502: Bad Gateway",
                    503: "503: Service Unavailable", 504: "504: Gateway Timeout"}
        return cls(status, 0, messages.get(status, "Server error"), **kwargs)

    @classmethod
    def slow(cls, delay: float, **kwargs: Any) -> Fault:
        return cls(delay=delay, **kwargs)

    @classmethod
    def for_seconds(cls, seconds: float) -> dict[str, float]:
        """``until=`` for a fault that lasts ``seconds`` from now."""
        return {"until": time.monotonic() + seconds}

    # -- matching and answering -------------------------------------------------------------
    def active(self) -> bool:
        return time.monotonic() < self.until and (self.times is None or self.hits < self.times)

    def matches(self, method: str, parts: list[str], channel_id: int | None) -> bool:
        return (self.active() and (self.method is None or self.method == method)
                and (self.route is None or (bool(parts) and parts[0] == self.route))
                and (self.channel_id is None or self.channel_id == channel_id))

    def response(self) -> web.Response:
        if self.status == 429:
            return rate_limited_response(self.retry_after, self.scope)
        body = {"message": self.message, "code": self.code}
        return web.Response(body=json.dumps(body).encode(), status=self.status,
                            headers={"Content-Type": "application/json"})


def rate_limited_response(retry_after: float, scope: str) -> web.Response:
    """Discord's 429: the JSON body (``retry_after``, ``global``), ``Retry-After`` and the
    bucket headers, and ``Via`` (Discord's responses come through its proxy; discord.py takes a
    429 without it for a Cloudflare ban)."""
    is_global = scope == "global"
    body = {"message": "You are being rate limited.", "retry_after": retry_after,
            "global": is_global, "code": 0}
    headers = {
        "Content-Type": "application/json", "Via": "1.1 google",
        "Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Scope": scope,
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update({
            "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}", "X-RateLimit-Bucket": RATE_LIMIT_BUCKET,
        })
    return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
