"""Which pages may open the live table's socket, by the Origin header a browser sends.

With a public URL (CARDBOT_WEB_URL, and TELEGRAM_WEBAPP_URL when the Mini App is elsewhere) only
their origins: pages the bot serves there (the Telegram Mini App, a signed link) send them. The
request's Host proves nothing: a DNS-rebinding page (a name of the attacker's pointed at this
server) sends a Host and an Origin that match each other. Without a public URL (local play, tests)
only loopback pages: a rebinding page's origin names the attacker's host, never a loopback one.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` as a browser sends it (lower case, the scheme's default port left
    out); None: not an http(s) URL with a host."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:  # a port out of range, a malformed IPv6 address
        return None
    scheme, host = parts.scheme.lower(), parts.hostname
    if scheme not in DEFAULT_PORTS or not host:
        return None
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != DEFAULT_PORTS[scheme] else "")


def loopback(origin: str) -> bool:
    """Whether an origin is a page on this machine (localhost, 127.0.0.0/8, [::1])."""
    try:
        host = urlsplit(origin.strip()).hostname
    except ValueError:
        return False
    if host is None or origin_of(origin) is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str | None, public: frozenset[str]) -> bool:
    """Whether a socket may open with this Origin header, `public` the public URLs' origins (none:
    loopback pages only). No header: not a browser's page (a browser always sends one on a
    WebSocket), so no visitor's credentials are at stake."""
    if origin is None:
        return True
    if public:
        return origin_of(origin) in public
    return loopback(origin)
