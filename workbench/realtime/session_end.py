"""Closing the realtime connections of ended sessions.

When a user's access tokens are ended (sign-out, password change or reset, a replayed
refresh token, a blocked or deleted account), ``announce_session_end`` queues, for after
the request commits, the bus message::

    {"event": "session", "data": {"user_id": "us_...", "token_version": 5 | null}}

Every process's hub then closes that user's connections opened with an access token of an
older version (all of them when the version is null): the client gets
``{"event": "error", "msg": "Your session has ended"}`` and a close frame with code 4401,
and opens a new connection with its next access token if it has one.
"""

from __future__ import annotations

from workbench.realtime.messages import outbox_of

SESSION_ENDED = "Your session has ended"
CLOSE_SESSION_ENDED = 4401


def session_message(user_id: str, token_version: int | None) -> dict:
    return {"event": "session", "data": {"user_id": user_id, "token_version": token_version}}


def announce_session_end(request, user_id: str, token_version: int | None) -> None:
    outbox = outbox_of(request)
    if outbox is not None:
        outbox.add_event(session_message(user_id, token_version))
