"""One HTTP call of a webhook: to an address the host check allowed, with a timeout, never
following redirects (a redirect is an answer like any other), reading at most a small
excerpt of the answer."""

from __future__ import annotations

import http.client
import ssl
import urllib.parse
from dataclasses import dataclass

from workbench.hooks.hosts import resolve

#: characters of an answer kept in the delivery log
EXCERPT = 1000
#: bytes of an answer read at most
READ_LIMIT = 64 * 1024


@dataclass
class Answer:
    status: int
    body: str


def call(method: str, url: str, *, headers: dict, body: bytes | None, timeout: float, allow_private: bool) -> Answer:
    """Send one request; raises ``HostNotAllowed``, ``ValueError`` or ``OSError``."""
    address = resolve(url, allow_private)[0]
    parts = urllib.parse.urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if parts.scheme == "https":
        # The certificate is checked for the host name, which was checked just above.
        context = ssl.create_default_context()
        connection = http.client.HTTPSConnection(parts.hostname, port, timeout=timeout, context=context)
    else:
        connection = http.client.HTTPConnection(address, port, timeout=timeout)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    all_headers = {"Host": parts.netloc.rsplit("@", 1)[-1], "User-Agent": "Workbench-Webhook", **headers}
    try:
        connection.request(method, target, body=body, headers=all_headers)
        response = connection.getresponse()
        data = response.read(READ_LIMIT)
        return Answer(response.status, data.decode("utf-8", "replace")[:EXCERPT])
    finally:
        connection.close()
