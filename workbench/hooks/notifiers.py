"""What a notifier is: where a hook's events go. Plugins contribute notifiers through
``register_notifiers``; the built-ins (``plugins/notifiers/``) are URL, Email, Slack,
Microsoft Teams, Discord and Mattermost.

A notifier class has a unique ``name`` (the ``notification.type`` of a hook) and:

- ``check(settings) -> dict``: the hook's ``notification.payload`` checked and cleaned;
  raises ``ValueError`` with a message for the user (the API answers 400);
- ``deliver(call) -> Result``: one attempt at delivering ``call.event`` (the v2 payload) with
  the hook's settings ``call.settings``. It sends HTTP with ``call.http(...)`` (the host
  check, the hook's timeout and the idempotency header are applied there) and mail with
  ``call.mail(message)``. A ``Result`` whose ``ok`` is false, or an exception, makes the
  attempt a failure, retried later.

``label``, ``icon``, ``order`` and ``settings_schema`` (the JSON Schema of its settings)
describe it in the catalogue; its settings form is its UI bundle's (``notifiers: {<name>:
{Settings}}``), else a form the web app generates from ``settings_schema``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: the header carrying an event's id: the same on every attempt of one event
IDEMPOTENCY_HEADER = "Idempotency-Key"


@dataclass
class Result:
    ok: bool
    status: int | None = None
    response: str | None = None


@dataclass
class Call:
    """One delivery attempt, as a notifier gets it."""

    event: dict
    settings: dict
    hook: dict
    event_id: str
    timeout: float
    http: Callable[..., Any]
    mail: Callable[..., Any]
    extra: dict = field(default_factory=dict)


class Notifier:
    name = ""
    label = ""
    icon = "notifications"
    order = 1000
    settings_schema: ClassVar[dict] = {}

    def check(self, settings: dict) -> dict:
        return dict(settings or {})

    def deliver(self, call: Call) -> Result:  # pragma: no cover - every notifier has its own
        raise NotImplementedError
