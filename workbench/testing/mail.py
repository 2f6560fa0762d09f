"""A mailer that keeps messages in a list, for tests that read the mail an action sends.

plugin, outbox = memory_mail_plugin()
app = make_app(url, data_dir, **{"workbench.plugins.extra": [("memory_mail", plugin)],
                                 "workbench.mail.backend": "memory"})
...
assert outbox[0].to == "ann@example.com"
"""

from __future__ import annotations

from workbench.hookspecs import hookimpl
from workbench.mail.interfaces import Message


def memory_mail_plugin(name: str = "memory") -> tuple[object, list[Message]]:
    """A plugin object registering a mailer called ``name``, and the list it appends to."""
    outbox: list[Message] = []

    class MemoryMailer:
        def __init__(self, settings: dict):
            self.outbox = outbox

        def send(self, message: Message) -> None:
            outbox.append(message)

    MemoryMailer.name = name

    class MemoryMailPlugin:
        @hookimpl
        def register_mailers(self):
            return [MemoryMailer]

    return MemoryMailPlugin(), outbox
