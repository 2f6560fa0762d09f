"""The ``/ws`` endpoint.

The client authenticates with its access token: the ``xc-auth`` header (non-browser
clients), the ``token`` query parameter, or a first message ``{"event": "auth",
"token": ...}``. It then sends ``page`` messages when its route changes and ``event``
messages for usage telemetry; each is acknowledged. A page message's ``pid``
(and optional ``table_id``) says which project's changes the client receives
(``workbench.realtime.messages``); the ack answers ``"pid": null`` when the user may not
read that project.
"""

import json
import logging
import struct

import gevent
from pyramid.interfaces import ISecurityPolicy

from workbench.errors import json_error
from workbench.realtime.access import may_read_project

log = logging.getLogger(__name__)

AUTH_TIMEOUT = 10  # seconds to wait for the auth message
MAX_MESSAGE = 64 * 1024
CLOSE_UNAUTHORIZED = 4401


def _authenticate(request, token: str | None) -> tuple[str, int] | None:
    """The user id and token version of a valid access token, or None."""
    if not token:
        return None
    claims = request.registry["jwt_codec"].decode(token)
    if not claims.get("sub"):
        return None
    policy = request.registry.queryUtility(ISecurityPolicy)
    session = request.registry["dbsession_factory"]()
    try:
        identity = policy.identity_from_claims(session, claims)
        # A user held back until they turn on two-factor sign-in gets no live updates.
        if identity is None or identity.two_factor_missing:
            return None
        return identity.user_id, claims.get("tv")
    finally:
        session.close()


def websocket(request):
    ws = request.environ.get("wsgi.websocket")
    if ws is None:
        return json_error(request, 400, "Expected a WebSocket upgrade")
    token = request.headers.get("xc-auth") or request.params.get("token")
    if not token:
        token = _first_auth_message(ws)
    caller = _authenticate(request, token)
    if caller is None:
        return _refuse(request, ws)
    user_id, token_version = caller
    hub = request.registry["realtime_hub"]
    conn = hub.add(user_id, ws, token_version)
    # Checked again once the connection is in the hub: a session ended between the first
    # check and now has either been seen here or has its closing message reach the hub.
    if _authenticate(request, token) is None:
        hub.remove(conn)
        return _refuse(request, ws)
    conn.send({"event": "ready", "user_id": user_id})
    try:
        while True:
            raw = ws.receive()
            if raw is None:
                break
            _handle(request.registry, conn, raw)
    except Exception:  # a broken socket ends the loop; nothing to answer
        log.debug("websocket closed with an error", exc_info=True)
    finally:
        hub.remove(conn)
    return request.response


def _refuse(request, ws):
    _send(ws, {"event": "error", "msg": "Unauthorized"})
    _close(ws, CLOSE_UNAUTHORIZED, "Unauthorized")
    return request.response


def _first_auth_message(ws) -> str | None:
    with gevent.Timeout(AUTH_TIMEOUT, False):
        raw = ws.receive()
        try:
            message = json.loads(raw) if raw else {}
        except ValueError:
            return None
        if isinstance(message, dict) and message.get("event") == "auth":
            return message.get("token")
    return None


def _handle(registry, conn, raw) -> None:
    if isinstance(raw, bytes | bytearray) or len(raw) > MAX_MESSAGE:
        conn.send({"event": "error", "msg": "Messages must be JSON text of at most 64 KB"})
        return
    try:
        message = json.loads(raw)
    except ValueError:
        conn.send({"event": "error", "msg": "Invalid JSON message"})
        return
    if not isinstance(message, dict):
        conn.send({"event": "error", "msg": "A message must be a JSON object"})
        return
    event = message.get("event")
    data = message.get("data") or {}
    if not isinstance(data, dict):
        conn.send({"event": "error", "msg": "data must be an object"})
        return
    if event == "page":
        _set_page(registry, conn, data)
        conn.send({"event": "ack", "of": "page", "page": conn.page})
    elif event == "event":
        conn.events += 1
        conn.send({"event": "ack", "of": "event"})
    else:
        conn.send({"event": "error", "msg": f"Unknown event {event!r}"})


def _set_page(registry, conn, data: dict) -> None:
    """What the client shows now; its project's events come while its user may read it
    (an unknown or forbidden ``pid`` is kept as null and brings nothing)."""
    pid = data.get("pid")
    try:
        allowed = may_read_project(registry, conn.user_id, pid)
    except Exception:  # the meta database is unreachable: nothing is sent until it answers
        log.warning("realtime: could not check access to project %r", pid, exc_info=True)
        allowed = False
    conn.page = {"path": str(data.get("path", "")), "type": data.get("type"), "pid": pid if allowed else None}
    if "table_id" in data:
        conn.page["table_id"] = data.get("table_id")
    conn.project_id = pid if allowed else None


def _send(ws, message: dict) -> None:
    try:
        ws.send(json.dumps(message))
    except Exception:
        log.debug("could not send on websocket", exc_info=True)


def _close(ws, code: int, reason: str) -> None:
    """Send a close frame with ``code``. gevent-websocket's ``close(code, message)`` drops
    the code (0.10.1), so the frame is written here; the handler then ends the socket."""
    try:
        ws.send_frame(struct.pack("!H", code) + reason.encode(), opcode=ws.OPCODE_CLOSE)
    except Exception:
        log.debug("could not send the close frame", exc_info=True)
