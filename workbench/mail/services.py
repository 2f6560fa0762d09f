"""Choosing the mailer and sending after the transaction commits.

``workbench.mail.backend`` names the mailer plugin; without it, ``smtp`` is used when
``workbench.smtp.host`` is set and ``log`` (the message goes to the log) otherwise. Mail
goes out only once the request's transaction has committed, so a failed request sends
nothing, and in a thread of its own unless the mailer says it is ``synchronous`` (quick,
local mailers: the log, tests' memory); a mailer error is logged, never shown to the
caller (the answers of the password endpoints must not depend on it).
"""

from __future__ import annotations

import logging
import threading

from workbench.mail.interfaces import MailError, Message

log = logging.getLogger(__name__)
REGISTRY_KEY = "mailer"


def backend_name(settings: dict) -> str:
    name = (settings.get("workbench.mail.backend") or "").strip()
    if name:
        return name
    return "smtp" if settings.get("workbench.smtp.host") else "log"


def mailer(registry):
    """The mailer in use, built once per app."""
    if REGISTRY_KEY not in registry:
        name = backend_name(registry.settings)
        mailers = registry["mailers"]
        if name not in mailers:
            raise RuntimeError(
                f"workbench.mail.backend names {name!r}, which no enabled plugin provides "
                f"(available: {', '.join(mailers.names()) or 'none'})"
            )
        registry[REGISTRY_KEY] = mailers.get(name)(registry.settings)
    return registry[REGISTRY_KEY]


def delivers(registry) -> bool:
    """Whether the mailer in use puts mail in people's mailboxes (a mailer says so with its
    ``delivers`` attribute, true when it has none): a link that proves an address, or that
    only the address's owner may use, is sent only through such a mailer."""
    return bool(getattr(mailer(registry), "delivers", True))


def send_after_commit(request, message: Message) -> None:
    """Send ``message`` once the request's transaction commits (never if it aborts)."""
    chosen = mailer(request.registry)

    def send() -> None:
        try:
            chosen.send(message)
        except (MailError, OSError) as exc:
            log.error("Could not send mail %r to %s: %s", message.subject, message.to, exc)

    def deliver(committed: bool) -> None:
        if not committed:
            return
        if getattr(chosen, "synchronous", False):
            send()
        else:
            # A mail server's delay must not show in the answer's timing (which would tell
            # which addresses have an account), nor hold the request.
            threading.Thread(target=send, name="workbench-mail", daemon=True).start()

    request.tm.get().addAfterCommitHook(deliver)
