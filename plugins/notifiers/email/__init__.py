"""The e-mail notifier: NocoDB's ``Email`` notification, sent through the mailer the
server uses (``workbench.mail.backend``): ``to`` (addresses, comma-separated), ``subject``
and ``body`` (placeholders as in the chat notifiers)."""

from __future__ import annotations

from typing import ClassVar

from workbench_plugins.notifiers.text import render

from workbench.plugin_api import MailError, Message, Notifier, Result, hookimpl

MAX_RECIPIENTS = 20


class EmailNotifier(Notifier):
    name = "Email"
    label = "notifier.Email"
    icon = "envelope"
    order = 20
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["to"],
        "properties": {
            "to": {"type": "string", "title": "setting.to"},
            "subject": {"type": "string", "title": "setting.subject"},
            "body": {"type": "string", "title": "setting.body", "description": "setting.body.help"},
        },
    }

    def check(self, settings):
        settings = dict(settings or {})
        to = [a.strip() for a in str(settings.get("to") or "").split(",") if a.strip()]
        if not to:
            raise ValueError("Give at least one address to send to")
        if len(to) > MAX_RECIPIENTS or any("@" not in a or any(c in a for c in " \r\n") for a in to):
            raise ValueError("Give up to 20 e-mail addresses, comma-separated")
        subject = str(settings.get("subject") or "").replace("\r", " ").replace("\n", " ").strip()
        return {**settings, "to": ", ".join(to), "subject": subject}

    def deliver(self, call):
        settings = call.settings
        subject = render(settings.get("subject"), call.event)
        text = render(settings.get("body"), call.event)
        try:
            for address in settings["to"].split(", "):
                call.mail(Message(to=address, subject=subject, text=text))
        except MailError as exc:
            return Result(False, None, str(exc))
        return Result(True, None, f"sent to {settings['to']}")


@hookimpl
def register_notifiers():
    return [EmailNotifier]
