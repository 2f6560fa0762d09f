"""What a storage backend is: save a stream under a key, open it, delete it, tell its size.

Backends are plugins (``register_storage_backends``); the one in use is named by
``workbench.storage.backend``. Keys are validated by the core (``workbench.storage.keys``)
before a backend sees them, and backends check them again before touching anything.
"""

from __future__ import annotations

from typing import BinaryIO, ClassVar, Protocol, runtime_checkable


class StorageError(Exception):
    """The backend could not do what was asked."""


class FileMissing(StorageError):
    """Nothing is stored under the key."""


@runtime_checkable
class IStorageBackend(Protocol):
    """A place to keep attachment files. Constructed once with the app settings."""

    #: unique name, chosen with ``workbench.storage.backend``
    name: ClassVar[str]

    def __init__(self, settings: dict) -> None: ...

    def save(self, key: str, stream: BinaryIO, content_type: str) -> int:
        """Copy ``stream`` to ``key`` and return the number of bytes written.

        If reading the stream raises, the exception propagates and nothing is left under
        ``key`` (the stream enforces size limits by raising).
        """

    def open(self, key: str) -> BinaryIO:
        """A binary file object to read the content; ``FileMissing`` if there is none."""

    def delete(self, key: str) -> None:
        """Remove the content; deleting a missing key is not an error."""

    def exists(self, key: str) -> bool: ...

    def size(self, key: str) -> int:
        """The content's length in bytes; ``FileMissing`` if there is none."""
