"""Where an external database may be: a private, loopback, link-local or otherwise
reserved address is refused ("ip not allowed") unless ``workbench.sources.allow_private``
is true (development.ini sets it, production.ini does not).

The host is resolved once and every address it resolves to is checked, IPv6 forms that
carry an IPv4 address (mapped, compatible, 6to4, NAT64, Teredo) by that address too; the
connection is then made to the checked address, so a name that resolves differently on a
second lookup (DNS rebinding) cannot slip through.
"""

from __future__ import annotations

import ipaddress
import socket

from workbench.settings import as_bool

SETTING = "workbench.sources.allow_private"
IP_NOT_ALLOWED = "ip not allowed"
#: a host name is at most 253 characters, each label at most 63
MAX_HOST_LENGTH = 253
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
#: special-purpose blocks refused whatever the Python version thinks of them
_REFUSED = tuple(
    ipaddress.ip_network(n) for n in ("0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "198.18.0.0/15", "2001:db8::/32")
)
_LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")


class HostNotAllowed(ValueError):
    """The host is private or reserved and the server does not allow such databases."""


class UnknownHost(ValueError):
    """The host name does not resolve."""


def allows_private(settings) -> bool:
    return as_bool(settings.get(SETTING, "false"))


def _embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    packed = ip.packed
    if packed[:12] == bytes(12) and int(ip) > 1:  # IPv4-compatible ::a.b.c.d (deprecated)
        return ipaddress.IPv4Address(packed[12:])
    return None


def is_public(address: str) -> bool:
    """Whether ``address`` is a global unicast address (and so is any IPv4 one it carries)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_v4(ip)
        if inner is not None:
            return is_public(str(inner))
    if any(ip in network for network in _REFUSED if network.version == ip.version):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


def _local_name(host: str) -> bool:
    host = host.rstrip(".").lower()
    return host in _LOCAL_NAMES or host.endswith(".localhost")


def check_host(host: str, port: int, allow_private: bool) -> str:
    """The address to connect to for ``host``: resolved once, each address checked.

    Raises ``HostNotAllowed`` for a private or reserved address (or a localhost name),
    ``UnknownHost`` when the name does not resolve, ``ValueError`` for a malformed host.
    """
    host = (host or "").strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or len(host) > MAX_HOST_LENGTH or any(c.isspace() or c in "/?#@" for c in host):
        raise ValueError("The host is not a valid host name or address")
    if not allow_private and _local_name(host):
        raise HostNotAllowed(IP_NOT_ALLOWED)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise UnknownHost(f"Unknown host {host}") from None
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    if not addresses:
        raise UnknownHost(f"Unknown host {host}")
    if not allow_private and not all(is_public(a) for a in addresses):
        raise HostNotAllowed(IP_NOT_ALLOWED)
    return addresses[0]
