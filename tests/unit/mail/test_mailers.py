"""The built-in mailers: SMTP (against a small SMTP server on localhost) and the log."""

import logging
import socketserver
import threading

import pytest
from workbench_plugins.mail.log import LogMailer
from workbench_plugins.mail.smtp import SmtpMailer

from workbench.mail.interfaces import MailError, Message
from workbench.mail.services import backend_name

MESSAGE = Message(to="ann@example.com", subject="Hello", text="Open https://example.com/x\n")


class _Session(socketserver.StreamRequestHandler):
    """Just enough SMTP to accept one message: no TLS, optional AUTH PLAIN."""

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self):
        server = self.server
        self.reply("220 test ESMTP")
        while True:
            line = self.rfile.readline().decode().rstrip("\r\n")
            if not line:
                return
            verb = line.split(" ", 1)[0].upper()
            if verb == "EHLO":
                self.wfile.write(b"250-test\r\n250 AUTH PLAIN\r\n")
            elif verb == "AUTH":
                server.auth.append(verb + line[len(verb) :])
                self.reply("235 ok" if server.accept_login else "535 no")
            elif verb in ("MAIL", "RCPT"):
                server.envelope.append(verb + line[len(verb) :])
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 go on")
                data = []
                while (chunk := self.rfile.readline()) not in (b".\r\n", b""):
                    data.append(chunk.decode())
                server.messages.append("".join(data))
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 ok")


@pytest.fixture
def smtp_server():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Session)
    server.daemon_threads = True
    server.messages, server.envelope, server.auth, server.accept_login = [], [], [], True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def smtp_settings(server, **more):
    return {
        "workbench.smtp.host": "127.0.0.1",
        "workbench.smtp.port": str(server.server_address[1]),
        "workbench.smtp.security": "none",
        **more,
    }


def test_smtp_mailer_sends_the_message(smtp_server):
    mailer = SmtpMailer(smtp_settings(smtp_server, **{"workbench.smtp.from": "Workbench <wb@example.com>"}))
    mailer.send(MESSAGE)
    assert smtp_server.envelope == ["MAIL FROM:<wb@example.com>", "RCPT TO:<ann@example.com>"]
    (data,) = smtp_server.messages
    assert "Subject: Hello" in data
    assert "To: ann@example.com" in data
    assert "Open https://example.com/x" in data
    assert smtp_server.auth == []


def test_smtp_mailer_logs_in_with_the_password_from_settings(smtp_server):
    mailer = SmtpMailer(
        smtp_settings(smtp_server, **{"workbench.smtp.user": "wb@example.com", "workbench.smtp.password": "s3cret"})
    )
    mailer.send(MESSAGE)
    assert len(smtp_server.auth) == 1
    assert smtp_server.auth[0].startswith("AUTH PLAIN")
    assert smtp_server.envelope[0] == "MAIL FROM:<wb@example.com>"


def test_smtp_refusal_is_a_mail_error(smtp_server):
    smtp_server.accept_login = False
    mailer = SmtpMailer(smtp_settings(smtp_server, **{"workbench.smtp.user": "wb", "workbench.smtp.password": "x"}))
    with pytest.raises(MailError):
        mailer.send(MESSAGE)
    assert smtp_server.messages == []


def test_smtp_settings_are_checked():
    with pytest.raises(RuntimeError, match=r"workbench\.smtp\.host"):
        SmtpMailer({})
    with pytest.raises(RuntimeError, match=r"workbench\.smtp\.security"):
        SmtpMailer({"workbench.smtp.host": "mail", "workbench.smtp.security": "maybe"})
    assert SmtpMailer({"workbench.smtp.host": "mail"}).port == 587
    assert SmtpMailer({"workbench.smtp.host": "mail", "workbench.smtp.security": "ssl"}).port == 465


def test_html_alternative():
    mail = SmtpMailer({"workbench.smtp.host": "mail"}).build(
        Message(to="a@example.com", subject="s", text="plain", html="<p>rich</p>")
    )
    assert [part.get_content_type() for part in mail.iter_parts()] == ["text/plain", "text/html"]


def test_log_mailer_writes_the_message_in_development_only(caplog):
    caplog.set_level(logging.INFO, logger="workbench.mail")
    LogMailer({"workbench.env": "development"}).send(MESSAGE)
    assert "https://example.com/x" in caplog.text
    caplog.clear()
    LogMailer({"workbench.env": "production"}).send(MESSAGE)
    assert "https://example.com/x" not in caplog.text
    assert "no mailer is configured" in caplog.text


def test_default_backend():
    assert backend_name({}) == "log"
    assert backend_name({"workbench.smtp.host": "mail"}) == "smtp"
    assert backend_name({"workbench.smtp.host": "mail", "workbench.mail.backend": "log"}) == "log"
