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


class StorageUnavailable(StorageError):
    """The place files are kept cannot be reached or refuses the request (the message
    says why, for the operator; callers get a 503)."""


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
    """Optional: a backend that can list what it holds, for ``workbench attachments gc``
    and ``workbench backup`` (which copies every listed key through ``open``)."""

    def list_keys(self, prefix: str = "") -> Iterator[tuple[str, float]]:
        """Every stored key starting with ``prefix`` with its last modification time
        (Unix time)."""


@runtime_checkable
class RedirectsDownloads(Protocol):
    """Optional: a backend whose files are downloaded from the service itself (an object
    store's presigned URL). Workbench checks the caller's permission, then answers a
    redirect to this URL instead of streaming the file through the server."""

    def download_url(self, key: str, *, content_type: str, disposition: str) -> str:
        """A URL reading ``key`` for a short while, served with this type and
        ``Content-Disposition``."""


@runtime_checkable
class HasLocalFiles(Protocol):
    """Optional: a backend keeping files on this machine's disk, so an importer reads an
    uploaded file where it is instead of from a working copy."""

    def local_path(self, key: str) -> str:
        """The file's path; ``FileMissing`` if there is none."""
