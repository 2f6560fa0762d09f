"""Reading a provider's endpoints: JSON over https (plain http only where allowed), with a
time limit and a size limit; a provider that does not answer is ``UNREACHABLE``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from workbench.errors import BadRequest

TIMEOUT = 10
#: the most bytes of an answer read (discovery documents and key sets are a few kB)
MAX_BYTES = 1024 * 1024
UNREACHABLE = "The identity provider cannot be reached; try again later"
REFUSED = "The identity provider refused this sign-in; try again"
USER_AGENT = "Workbench"


def allowed_url(url: str, allow_http: bool) -> bool:
    scheme = urlsplit(url).scheme
    return scheme == "https" or (allow_http and scheme == "http")


def fetch_json(url: str, allow_http: bool, *, data: bytes | None = None, headers=None, refused: str = UNREACHABLE):
    """GET (or, with ``data``, POST) ``url`` and read its JSON answer; an error status is
    ``refused``, no answer (or an unreadable one) is ``UNREACHABLE``."""
    if not allowed_url(url, allow_http):
        raise BadRequest(UNREACHABLE)
    sent = {"accept": "application/json", "user-agent": USER_AGENT, **(headers or {})}
    request = urllib.request.Request(url, data=data, headers=sent)  # noqa: S310 (scheme checked above)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (scheme checked above)
            body = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        error.close()
        raise BadRequest(refused) from None
    except OSError:
        raise BadRequest(UNREACHABLE) from None
    if len(body) > MAX_BYTES:
        raise BadRequest(UNREACHABLE)
    try:
        return json.loads(body)
    except ValueError:
        raise BadRequest(UNREACHABLE) from None
