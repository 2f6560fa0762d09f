"""The log mailer, used when no SMTP server is configured: in development each message is
written to the log (so a reset or invitation link can be copied from the console, and the
mail counts as delivered); in production only a warning that mail is not configured is
logged, never the message (it holds secrets), and the mail does not count as delivered."""

import logging

from workbench.plugin_api import Message, hookimpl

log = logging.getLogger("workbench.mail")


class LogMailer:
    name = "log"
    synchronous = True  # nothing to wait for

    def __init__(self, settings: dict):
        self.production = settings.get("workbench.env") == "production"
        self.delivers = not self.production

    def send(self, message: Message) -> None:
        if self.production:
            log.warning("Mail to %s not sent (%s): no mailer is configured", message.to, message.subject)
            return
        log.info("Mail to %s\nSubject: %s\n\n%s", message.to, message.subject, message.text)


@hookimpl
def register_mailers():
    return [LogMailer]
