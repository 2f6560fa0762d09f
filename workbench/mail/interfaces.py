"""What a mailer is (plugins contribute them through ``register_mailers``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Message:
    """One e-mail: plain text, with an optional HTML alternative."""

    to: str
    subject: str
    text: str
    html: str | None = None


class MailError(RuntimeError):
    """The mailer could not hand the message over (server down, refused, ...)."""


@runtime_checkable
class IMailer(Protocol):
    """A way of sending e-mail. Built once at start-up with the app settings.

    ``send(message)`` delivers one message or raises ``MailError``; it is called after
    the request's transaction has committed, so it must not touch the meta database.

    ``delivers`` (optional, true when absent) says whether the messages reach the
    addressee: a mailer that only logs them where nobody but the operator reads them sets
    it false, and links meant for the addressee alone (invitations, address verification)
    are then handed to the inviter or not sent (see ``docs/accounts.md``).
    """

    name: str

    def __init__(self, settings: dict) -> None: ...

    def send(self, message: Message) -> None: ...
