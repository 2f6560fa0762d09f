"""The storage service: stores uploads under project keys with the backend the settings
name, checks their type and size on the way in, and opens them for download.

Built once at start-up (``StorageService.from_registry``) and reached as
``request.storage``.
"""

from __future__ import annotations

from typing import BinaryIO

from workbench.errors import BadRequest, PayloadTooLarge
from workbench.storage import filetypes, keys
from workbench.storage.fetch import UrlFetcher
from workbench.storage.interfaces import IStorageBackend
from workbench.storage.rules import NOT_ACCEPTED, UploadRules
from workbench.storage.signing import Signer

DEFAULT_BACKEND = "local"


class LimitedReader:
    """Reads ``head`` then ``stream``; raises 413 as soon as more than ``limit`` bytes came."""

    def __init__(self, stream: BinaryIO, limit: int, head: bytes = b""):
        self._stream = stream
        self._head = head
        self._limit = limit
        self._count = 0

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            return b"".join(iter(lambda: self.read(64 * 1024), b""))
        if self._head:
            data, self._head = self._head[:size], self._head[size:]
        else:
            # Never ask for more than one byte past the limit.
            data = self._stream.read(min(size, self._limit + 1 - self._count))
        self._count += len(data)
        if self._count > self._limit:
            raise PayloadTooLarge(f"File too large: the limit is {self._limit} bytes")
        return data


class StorageService:
    def __init__(self, backend: IStorageBackend, rules: UploadRules, fetcher: UrlFetcher, signer: Signer):
        self.backend = backend
        self.rules = rules
        self.fetcher = fetcher
        self.signer = signer

    @classmethod
    def from_registry(cls, registry) -> StorageService:
        settings = registry.settings
        name = settings.get("workbench.storage.backend") or DEFAULT_BACKEND
        backends = registry["storage_backends"]
        if name not in backends:
            raise RuntimeError(
                f"workbench.storage.backend names {name!r}, which no enabled plugin provides "
                f"(available: {', '.join(sorted(backends.names())) or 'none'})"
            )
        backend = backends.get(name)(settings)
        return cls(
            backend,
            UploadRules.from_settings(settings),
            UrlFetcher.from_settings(settings),
            Signer.from_settings(settings),
        )

    def store(
        self, project_id: str, filename: str | None, declared: str | None, stream: BinaryIO, rules: UploadRules
    ) -> dict:
        """Check and save one file; its NocoDB-shaped file object."""
        title = keys.display_title(filename)
        head = stream.read(filetypes.SNIFF_BYTES) or b""
        mimetype = filetypes.resolve(head, title, declared)
        if not rules.admits(mimetype):
            raise BadRequest(f"{NOT_ACCEPTED}: {rules.describe_accepted()}", file=title, mimetype=mimetype)
        key = keys.make_key(project_id, keys.storage_name(title, filetypes.extension(mimetype, title)))
        try:
            size = self.backend.save(str(key), LimitedReader(stream, rules.max_size, head), mimetype)
        except PayloadTooLarge as exc:
            raise PayloadTooLarge(f"{title}: {exc.msg}", file=title) from None
        return {"path": key.path, "title": title, "mimetype": mimetype, "size": size}

    def store_url(
        self, project_id: str, url: str, filename: str | None, declared: str | None, rules: UploadRules
    ) -> dict:
        """Fetch ``url`` (SSRF-guarded, bounded) and store it like an upload."""
        fetched = self.fetcher.fetch(url, rules.max_size)
        with fetched.file:
            return self.store(
                project_id, filename or fetched.name, declared or fetched.content_type, fetched.file, rules
            )

    def discard(self, file_objects: list[dict]) -> None:
        """Delete files stored earlier in a request that then failed."""
        for item in file_objects:
            self.backend.delete(str(keys.parse_path(item["path"])))

    def signed(self, items: list[dict], project_id: str | None) -> list[dict]:
        """File objects as the API shows them: each file stored in ``project_id`` with a
        link that works without a token for a while (``signedPath``, or the backend's own
        ``signedUrl``). A file of another project (a value written before files were bound
        to their project, or by another program) gets no link: its ``path`` still needs
        read access to the project it belongs to."""
        expires = self.signer.expiry()
        sign_url = getattr(self.backend, "signed_url", None)
        out = []
        for item in items:
            try:
                key = keys.parse_path(item.get("path"))
            except keys.InvalidKey:
                out.append(item)
                continue
            if key.project_id != project_id:
                out.append(item)
                continue
            url = sign_url(str(key), expires) if sign_url is not None else None
            extra = {"signedUrl": url} if url else {"signedPath": self.signer.signed_path(key, expires)}
            out.append({**item, **extra})
        return out

    def open(self, key: keys.Key) -> tuple[BinaryIO, int, str]:
        """The stored file, its size and the type it is served as (``FileMissing`` if gone)."""
        text = str(key)
        size = self.backend.size(text)
        return self.backend.open(text), size, filetypes.served_type(key.name)
