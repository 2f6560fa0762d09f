"""A mailer that keeps messages in a list, for tests that read the mail an action sends.

    plugin, outbox = memory_mail_plugin()
    app = make_app(url, data_dir, **{"workbench.plugins.extra": [("memory_mail", plugin)],
                                     "workbench.mail.backend": "memory"})
    ...
    assert outbox[0].to == "ann@example.com"

With ``synchronous=False`` the mailer is called from its own thread, as real mailers are;
``outbox.wait(n)`` then waits until ``n`` messages have arrived.
"""

from __future__ import annotations

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

    def wait(self, count: int, timeout: float = 30) -> bool:
        """Whether ``count`` messages arrived within ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self) >= count, timeout)


def memory_mail_plugin(name: str = "memory", synchronous: bool = True) -> tuple[object, Outbox]:
    """A plugin object registering a mailer called ``name``, and the outbox it fills."""
    outbox = Outbox()

    class MemoryMailer:
        def __init__(self, settings: dict):
            self.outbox = outbox

        def send(self, message: Message) -> None:
            outbox.add(message)

    MemoryMailer.name = name
    MemoryMailer.synchronous = synchronous

    class MemoryMailPlugin:
        @hookimpl
        def register_mailers(self):
            return [MemoryMailer]

    return MemoryMailPlugin(), outbox
