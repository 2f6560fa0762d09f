"""What a storage backend is: save a stream under a key, open it, delete it, tell its size.

Backends are plugins (``register_storage_backends``); the one in use is named by
``workbench.storage.backend``. Keys are validated by the core (``workbench.storage.keys``)
before a backend sees them, and backends check them again before touching anything.
"""

from __future__ import annotations

from collections.abc import Iterator
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


@runtime_checkable
class SignsUrls(Protocol):
    """Optional: a backend that can hand out its own expiring URLs (object stores). File
    objects then carry ``signedUrl`` instead of a ``signedPath`` served by Workbench."""

    def signed_url(self, key: str, expires: int) -> str | None:
        """A URL reading ``key`` until the Unix time ``expires``; None to let Workbench serve it."""


@runtime_checkable
class ListsKeys(Protocol):
    """Optional: a backend that can list what it holds, for ``workbench attachments gc``."""

    def list_keys(self) -> Iterator[tuple[str, float]]:
        """Every stored key with its last modification time (Unix time)."""
