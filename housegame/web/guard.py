"""What keeps other sites and other names off the table: the ``Host`` allow-list (DNS
rebinding), the same-origin check on every request that changes something (CSRF), and the
headers that keep pages from being framed, sniffed or leaking their address.

A browser sends ``Host`` as the name in the address bar, so a name an attacker controls (one
that resolves to this machine a moment later) is refused before any route runs. A browser also
says where a request comes from (``Origin``, ``Sec-Fetch-Site``); a request that could change
state and does not come from a page of this very server is refused. A client that is not a
browser (curl, a script, the test client) sends neither and is served: it is not a page on
another site acting for someone. ``docs/security.md`` states the threat model.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK_NAMES = frozenset({"localhost"})
"""Names served whatever the options (browsers resolve ``localhost`` to this machine)."""
WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::", ""})
"""Listen addresses that mean every interface: any IP address then reaches the table."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods the app never changes anything on."""
WEB_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
"""The scheme of the page a request (a WebSocket's too) comes from."""
SAME_ORIGIN_FETCH = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of a request made by a page of this server, or typed in."""

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of every page, ``/docs`` (Swagger UI, served by this server)
included: its own scripts, styles and images only."""
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)


def _address(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


def is_loopback(name: str) -> bool:
    """``localhost`` or an address of this machine only (127.0.0.0/8, ::1)."""
    name = name.strip("[]").lower()
    address = _address(name)
    return name in LOOPBACK_NAMES or (address is not None and address.is_loopback)


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port: ``[::1]:8000`` is ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


@dataclass(frozen=True)
class Hosts:
    """The names a request's ``Host`` may carry: loopback, the address the server listens on,
    and the names its user added (``serve --allow-host``). Listening on every interface, any
    IP address is served too (phones at the table type one); a rebinding attack needs a name."""

    names: frozenset[str]
    any_address: bool = False

    @classmethod
    def serving(cls, listen: str = "127.0.0.1", extra: Iterable[str] = ()) -> Hosts:
        listen = listen.strip("[]").lower()
        names = {name.strip("[]").lower().rstrip(".") for name in extra}
        if listen not in WILDCARD_ADDRESSES:
            names.add(listen)
        return cls(frozenset(names), listen in WILDCARD_ADDRESSES)

    def allows(self, header: str) -> bool:
        name = host_name(header)
        if not name:
            return False
        if is_loopback(name) or name in self.names:
            return True
        return self.any_address and _address(name) is not None


def same_origin(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    """Whether a browser made this request from a page of this server (or no browser made it):
    ``Origin`` is this server's own, or, without one, ``Sec-Fetch-Site`` says same-origin."""
    origin = headers.get(b"origin")
    if origin is not None:
        scheme = WEB_SCHEMES.get(scope.get("scheme", "http"), "http")
        own = f"{scheme}://{headers.get(b'host', b'').decode('latin-1')}"
        return origin.decode("latin-1").lower() == own.lower()
    fetch_site = headers.get(b"sec-fetch-site")
    return fetch_site is None or fetch_site.decode("latin-1").lower() in SAME_ORIGIN_FETCH


SECURITY_HEADERS = [*HEADERS, (b"content-security-policy", PAGE_POLICY.encode())]


async def send_problem(send: Send, status: int, lines: list[str]) -> None:
    """An answer in the app's one error shape, ``{"errors": [...]}``, from outside the app."""
    body = json.dumps({"errors": lines}, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Refuse a foreign ``Host`` (400) and a cross-site request that could change something
    (403) before any route runs; add the security headers to every answer."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        host = headers.get(b"host", b"").decode("latin-1")
        problem = None
        if not self.hosts.allows(host):
            problem = (
                400,
                [
                    f"Host '{host[:100]}' is not served here",
                    "  hint: open the table at the address `housegame serve` printed, or start "
                    "it with --allow-host NAME",
                ],
            )
        elif (
            scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        ) and not same_origin(scope, headers):
            problem = (
                403,
                [
                    "a request from another site is refused",
                    "  hint: use the table's own pages; other sites cannot act on it",
                ],
            )
        if problem is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            else:
                await send_problem(_with_headers(send), *problem)
            return
        await self.app(scope, receive, _with_headers(send))


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [*message.get("headers", ()), *SECURITY_HEADERS]
            message = {**message, "headers": headers}
        await send(message)

    return sending
