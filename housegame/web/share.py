"""The addresses phones on the same network can open, and their QR codes (``segno``: on the
terminal as text, on a page as inline SVG, nothing fetched from elsewhere).

The machine's LAN addresses come from the standard library alone: the addresses its host
name resolves to, and the one a packet to the outside would leave by (a UDP socket is
"connected" to a documentation address; nothing is sent).
"""

from __future__ import annotations

import io
import ipaddress
import socket

import segno

from housegame.web.guard import WILDCARD_ADDRESSES, is_loopback

PROBE_ADDRESS = ("192.0.2.1", 9)
"""TEST-NET-1 (RFC 5737): never routed; connecting a UDP socket only picks the interface."""


def _usable(text: str) -> bool:
    """An IPv4 address another machine on the network could reach this one by."""
    try:
        address = ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (none when it has no network)."""
    found: set[str] = set()
    try:
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(address[0]))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE_ADDRESS)
            found.add(str(probe.getsockname()[0]))
    except OSError:
        pass
    return sorted((a for a in found if _usable(a)), key=ipaddress.IPv4Address)


def share_urls(host: str, port: int) -> list[str]:
    """The addresses to give phones for a server listening on ``host:port``: every LAN
    address when it listens on all of them, ``host`` itself when that is a network address,
    none when only this machine can reach it."""
    if host.strip("[]") in WILDCARD_ADDRESSES:
        hosts = lan_addresses()
    elif is_loopback(host):
        hosts = []
    else:
        hosts = [f"[{host}]" if ":" in host else host]
    return [f"http://{name}:{port}" for name in hosts]


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an inline ``<svg>`` element a page can hold as it is."""
    qr = segno.make(text, error="m")
    return str(qr.svg_inline(scale=4, border=2, light="#fff", title=text))


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn with block characters, for a terminal (two rows of modules
    per line: dark on light, whatever the terminal's colours)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
