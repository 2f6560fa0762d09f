"""The SMTP mailer.

Settings (ini, or the environment variables in brackets)::

    workbench.smtp.host = smtp.example.com       (WORKBENCH_SMTP_HOST)
    workbench.smtp.port = 587                    (default: 465 with ssl, 587 with starttls, else 25)
    workbench.smtp.security = starttls           (starttls | ssl | none; default starttls)
    workbench.smtp.user = workbench@example.com  (WORKBENCH_SMTP_USER; no login without it)
    workbench.smtp.from = Workbench <workbench@example.com>   (default: the user, else no-reply@host)
    workbench.smtp.timeout = 10                  (seconds)

The password is read from ``WORKBENCH_SMTP_PASSWORD`` only: secrets stay out of ini files.
"""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage

from workbench.plugin_api import MailError, Message, hookimpl

SECURITY_MODES = ("starttls", "ssl", "none")
DEFAULT_PORTS = {"ssl": 465, "starttls": 587, "none": 25}


class SmtpMailer:
    name = "smtp"

    def __init__(self, settings: dict):
        self.host = (settings.get("workbench.smtp.host") or "").strip()
        if not self.host:
            raise RuntimeError("The smtp mailer needs workbench.smtp.host (or WORKBENCH_SMTP_HOST)")
        self.security = (settings.get("workbench.smtp.security") or "starttls").strip().lower()
        if self.security not in SECURITY_MODES:
            raise RuntimeError(f"workbench.smtp.security must be one of {', '.join(SECURITY_MODES)}")
        self.port = int(settings.get("workbench.smtp.port") or DEFAULT_PORTS[self.security])
        self.user = (settings.get("workbench.smtp.user") or "").strip()
        self.password = settings.get("workbench.smtp.password") or ""
        self.sender = (settings.get("workbench.smtp.from") or self.user or f"no-reply@{self.host}").strip()
        self.timeout = float(settings.get("workbench.smtp.timeout") or 10)

    def build(self, message: Message) -> EmailMessage:
        mail = EmailMessage()
        mail["From"] = self.sender
        mail["To"] = message.to
        mail["Subject"] = message.subject
        mail.set_content(message.text)
        if message.html:
            mail.add_alternative(message.html, subtype="html")
        return mail

    def send(self, message: Message) -> None:
        mail = self.build(message)
        context = ssl.create_default_context()
        try:
            if self.security == "ssl":
                server = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
            else:
                server = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            with server:
                if self.security == "starttls":
                    server.starttls(context=context)
                if self.user:
                    server.login(self.user, self.password)
                server.send_message(mail)
        except smtplib.SMTPException as exc:
            raise MailError(str(exc)) from exc


@hookimpl
def register_mailers():
    return [SmtpMailer]
