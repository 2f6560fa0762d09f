"""Where a webhook may call: a private, loopback, link-local or otherwise reserved
address is refused ("ip not allowed") unless ``workbench.webhooks.allow_private`` is true
(development.ini sets it, production.ini does not).

The host is resolved and every address it resolves to is checked; the call is then made
to the address that was checked, so a name that resolves differently on the second
lookup cannot slip through.
"""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse

from workbench.settings import as_bool

SETTING = "workbench.webhooks.allow_private"
IP_NOT_ALLOWED = "ip not allowed"


class HostNotAllowed(ValueError):
    """The address is private or reserved and the server does not allow such calls."""


def allows_private(settings) -> bool:
    return as_bool(settings.get(SETTING, "false"))


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved)


def resolve(url: str, allow_private: bool) -> list[str]:
    """The addresses ``url``'s host resolves to, all checked; raises ``HostNotAllowed``
    (private or reserved address) or ``ValueError`` (not an http(s) address, unknown host)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("The address must start with http:// or https://")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise ValueError(f"Unknown host {parts.hostname}") from exc
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    if not allow_private and not all(is_public(a) for a in addresses):
        raise HostNotAllowed(IP_NOT_ALLOWED)
    return addresses


def check_literal(url: str, settings) -> None:
    """Raise ``HostNotAllowed`` at once when ``url`` names a private or loopback address by
    itself (an IP address, ``localhost``); a host name is checked when it is called, once
    resolved."""
    if allows_private(settings):
        return
    host = (urllib.parse.urlsplit(url).hostname or "").strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        raise HostNotAllowed(IP_NOT_ALLOWED)
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        return
    if not is_public(str(literal)):
        raise HostNotAllowed(IP_NOT_ALLOWED)
