"""Fetching a file from a URL for upload-by-url, without becoming a proxy into the
server's own network.

Every host is resolved once and each of its addresses is checked: private, loopback,
link-local, multicast, reserved and other non-global addresses are refused ("ip not
allowed") unless they fall in ``workbench.attachments.url_allowed_networks``
(CIDR list, empty by default). The connection then goes to the address that was checked,
so a second DNS answer cannot change it. Redirects are followed a few times, each target
checked the same way. Reads are bounded by the size limit and by
``workbench.attachments.url_timeout`` seconds (default 10) for the whole transfer.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import tempfile
import time
from dataclasses import dataclass
from urllib.parse import unquote, urljoin, urlsplit

from workbench.errors import BadRequest, PayloadTooLarge
from workbench.settings import as_list

MAX_REDIRECTS = 3
CHUNK = 64 * 1024
IP_NOT_ALLOWED = "ip not allowed"


@dataclass
class Fetched:
    file: tempfile.SpooledTemporaryFile
    content_type: str | None
    name: str


class _Pinned:
    """Connects to a checked address while ``host`` still names the site, and keeps the
    socket (``raw_sock``) so the body can be read with a shrinking timeout."""

    raw_sock: socket.socket | None = None


class _PinnedHTTP(_Pinned, http.client.HTTPConnection):
    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self):
        self.sock = self.raw_sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(_Pinned, http.client.HTTPSConnection):
    """Verifies the certificate of ``host``, not of the address."""

    def __init__(self, host, port, address, timeout):
        context = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=context)
        self._address = address
        self._tls = context

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self.raw_sock = self._tls.wrap_socket(sock, server_hostname=self.host)


class UrlFetcher:
    def __init__(self, timeout: float, allowed_networks=()):
        self.timeout = timeout
        self.allowed_networks = tuple(allowed_networks)

    @classmethod
    def from_settings(cls, settings: dict) -> UrlFetcher:
        networks = [
            ipaddress.ip_network(n, strict=False)
            for n in as_list(settings.get("workbench.attachments.url_allowed_networks"))
        ]
        return cls(float(settings.get("workbench.attachments.url_timeout") or 10), networks)

    def address_allowed(self, address: str) -> bool:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if any(ip in net for net in self.allowed_networks if net.version == ip.version):
            return True
        mapped = getattr(ip, "ipv4_mapped", None)
        if mapped is not None:
            return self.address_allowed(str(mapped))
        return ip.is_global and not ip.is_multicast

    def _address(self, host: str, port: int) -> str:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            raise BadRequest(f"Cannot resolve host {host!r}") from None
        addresses = [info[4][0] for info in infos]
        if not addresses or not all(self.address_allowed(a) for a in addresses):
            raise BadRequest(f"{host}: {IP_NOT_ALLOWED}")
        return addresses[0]

    def fetch(self, url: str, limit: int) -> Fetched:
        """The body of ``url`` in a temporary file; 400 for refused or failing URLs,
        413 beyond ``limit`` bytes."""
        deadline = time.monotonic() + self.timeout
        for _ in range(MAX_REDIRECTS + 1):
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise BadRequest(f"Only http and https URLs can be fetched: {url!r}")
            try:
                port = parts.port or (443 if parts.scheme == "https" else 80)
            except ValueError:
                raise BadRequest(f"Invalid port in {url!r}") from None
            address = self._address(parts.hostname, port)
            cls = _PinnedHTTPS if parts.scheme == "https" else _PinnedHTTP
            conn = cls(parts.hostname, port, address, self.timeout)
            response = None
            try:
                target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
                conn.request("GET", target, headers={"User-Agent": "Workbench", "Accept": "*/*"})
                sock = conn.raw_sock
                response = conn.getresponse()
                if response.status in (301, 302, 303, 307, 308) and response.getheader("Location"):
                    url = urljoin(url, response.getheader("Location"))
                    continue
                if response.status != 200:
                    raise BadRequest(f"Fetching {url!r} failed: HTTP {response.status}")
                body = _read(sock, response, limit, deadline)
                return Fetched(body, response.getheader("Content-Type"), _name_of(parts.path))
            except (OSError, http.client.HTTPException) as exc:
                raise BadRequest(f"Fetching {url!r} failed: {exc.__class__.__name__}") from None
            finally:
                if response is not None:
                    response.close()
                conn.close()
                if conn.raw_sock is not None:
                    conn.raw_sock.close()
        raise BadRequest(f"Fetching {url!r} failed: too many redirects")


def _read(sock, response, limit: int, deadline: float) -> tempfile.SpooledTemporaryFile:
    """The body, at most ``limit`` bytes, before ``deadline`` (each wait gets only the time left)."""
    length = response.getheader("Content-Length")
    if length and length.isdigit() and int(length) > limit:
        raise PayloadTooLarge(f"File too large: the limit is {limit} bytes")
    body = tempfile.SpooledTemporaryFile(max_size=1024 * 1024)  # noqa: SIM115 (returned open)
    total = 0
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BadRequest("Fetching the file took too long")
            sock.settimeout(left)
            chunk = response.read1(CHUNK)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise PayloadTooLarge(f"File too large: the limit is {limit} bytes")
            body.write(chunk)
    except BaseException:
        body.close()
        raise
    body.seek(0)
    return body


def _name_of(path: str) -> str:
    return unquote(path.rstrip("/").rsplit("/", 1)[-1]) or "file"
