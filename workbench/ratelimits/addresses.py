"""The client's address, as the rate limits count it.

The address is the peer of the connection, unless that peer is a proxy listed in
``workbench.rate_limit.trusted_proxies`` (addresses or networks, e.g. ``127.0.0.1 ::1
10.0.0.0/8``): then it is the address that proxy saw, read from ``X-Forwarded-For`` from
the right, skipping the trusted proxies along the way. A header sent by anyone else is
ignored, so a client cannot pick its own address. An IPv6 client counts as its /64
network, which one subscriber usually holds whole.
"""

from __future__ import annotations

import ipaddress

from workbench.settings import SettingsError, as_list

UNKNOWN = "unknown"


def trusted_networks(value) -> tuple:
    networks = []
    for item in as_list(value):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise SettingsError(
                f"workbench.rate_limit.trusted_proxies: {item!r} is not an address or a network"
            ) from None
    return tuple(networks)


def _parse(text: str | None):
    text = (text or "").strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped or address


def _trusted(address, networks) -> bool:
    return any(address.version == net.version and address in net for net in networks)


def client_address(environ: dict, networks: tuple) -> str:
    """The address the limits count for this request's client (see the module's rules)."""
    address = _parse(environ.get("REMOTE_ADDR"))
    if address is None:
        return UNKNOWN
    if networks and _trusted(address, networks):
        forwarded = [part.strip() for part in str(environ.get("HTTP_X_FORWARDED_FOR") or "").split(",")]
        for part in reversed(forwarded):
            hop = _parse(part)
            if hop is None:  # what a trusted proxy wrote is garbled: count the proxy
                break
            address = hop
            if not _trusted(hop, networks):
                break
    return key_of(address)


def key_of(address) -> str:
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
