"""A mailer that keeps messages in a list, for tests that read the mail an action sends.

    plugin, outbox = memory_mail_plugin()
    app = make_app(url, data_dir, **{"workbench.plugins.extra": [("memory_mail", plugin)],
                                     "workbench.mail.backend": "memory"})
    ...
    assert outbox[0].to == "ann@example.com"

With ``synchronous=False`` the mailer is called from its own thread, as real mailers are;
``outbox.wait(n)`` then waits until ``n`` messages have arrived. With ``delivers=False`` it
stands for a server without a mailer that reaches people (the log mailer in production):
it still keeps what it is given, so a test can check that nothing secret was sent.
"""

from __future__ import annotations

import re
import threading

from workbench.hookspecs import hookimpl
from workbench.mail.interfaces import Message


class Outbox(list):
    """The messages sent, in order."""

    def __init__(self):
        super().__init__()
        self._changed = threading.Condition()

    def add(self, message: Message) -> None:
        with self._changed:
            self.append(message)
            self._changed.notify_all()

    def link_token(self, to: str, page: str) -> str:
        """The token of the last ``.../{page}/{token}`` link mailed to ``to``."""
        for message in reversed(self):
            if message.to == to:
                found = re.search(rf"/{re.escape(page.strip('/'))}/([A-Za-z0-9_.%-]+)", message.text)
                if found:
                    return found.group(1)
        raise AssertionError(f"no {page} link was mailed to {to}")

    def to(self, address: str) -> list[Message]:
        return [m for m in self if m.to == address]

    def wait(self, count: int, timeout: float = 30) -> bool:
        """Whether ``count`` messages arrived within ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self) >= count, timeout)


def memory_mail_plugin(name: str = "memory", synchronous: bool = True, delivers: bool = True) -> tuple[object, Outbox]:
    """A plugin object registering a mailer called ``name``, and the outbox it fills."""
    outbox = Outbox()

    class MemoryMailer:
        def __init__(self, settings: dict):
            self.outbox = outbox

        def send(self, message: Message) -> None:
            outbox.add(message)

    MemoryMailer.name = name
    MemoryMailer.synchronous = synchronous
    MemoryMailer.delivers = delivers

    class MemoryMailPlugin:
        @hookimpl
        def register_mailers(self):
            return [MemoryMailer]

    return MemoryMailPlugin(), outbox


def mail_settings(plugin, name: str = "memory") -> dict:
    """The settings that make an app send its mail through ``plugin``'s mailer ``name``."""
    return {"workbench.plugins.extra": [(f"{name}_mail", plugin)], "workbench.mail.backend": name}
