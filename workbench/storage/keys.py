"""Storage keys and file names: how a stored file is named, and the checks that keep
every key inside its project and every name harmless.

A key is ``<project_id>/<token>/<name>``: the project the file belongs to, a random token
(so keys cannot be guessed or collide) and an ASCII file name. Nothing else is a key:
no ``..``, no absolute paths, no backslashes, no hidden files.

Files uploaded for an import are kept by the same backend under
``_imports/<import id>/<name>`` (``import_key``): ``_imports`` is never a project id
(those are ``p_`` and random letters), so these files are never served by the download
routes nor counted as attachments.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass
from pathlib import PurePosixPath

#: where the download route is, relative to the site root (the file objects' ``path``)
DOWNLOAD_PREFIX = "api/v1/db/storage/download/"

_PROJECT_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_NAME_RE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}$")
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
_EXTENSION_RE = re.compile(r"^\.[a-z0-9]{1,10}$")
TITLE_MAX_LENGTH = 255
NAME_MAX_LENGTH = 120
#: the first part of the keys of import uploads
IMPORT_AREA = "_imports"


class InvalidKey(ValueError):
    """The text is not a storage key."""


@dataclass(frozen=True)
class Key:
    project_id: str
    token: str
    name: str

    def __str__(self) -> str:
        return f"{self.project_id}/{self.token}/{self.name}"

    @property
    def path(self) -> str:
        """The file object's ``path``: where the download route serves it."""
        return DOWNLOAD_PREFIX + str(self)


def make_key(project_id: str, name: str) -> Key:
    return validate(Key(project_id, secrets.token_urlsafe(18), name))


def import_key(import_id: str, file_name: str) -> Key:
    """The key an import's uploaded file is kept under (the name keeps its extension)."""
    title = display_title(file_name)
    suffix = PurePosixPath(title).suffix.lower()
    extension = suffix if _EXTENSION_RE.match(suffix) else None
    return validate(Key(IMPORT_AREA, import_id, storage_name(title, extension)))


def is_import(key: str | Key) -> bool:
    """Whether ``key`` names an import upload (not an attachment)."""
    return str(key).startswith(IMPORT_AREA + "/")


def validate(key: Key) -> Key:
    if not _PROJECT_RE.match(key.project_id):
        raise InvalidKey("invalid project id in storage key")
    if not _TOKEN_RE.match(key.token):
        raise InvalidKey("invalid token in storage key")
    if not _NAME_RE.match(key.name) or key.name.endswith("."):
        raise InvalidKey("invalid file name in storage key")
    return key


def parse(text: str) -> Key:
    """The key written as ``<project_id>/<token>/<name>``; ``InvalidKey`` otherwise."""
    if not isinstance(text, str):
        raise InvalidKey("a storage key is text")
    parts = text.split("/")
    if len(parts) != 3:
        raise InvalidKey("a storage key has three parts")
    return validate(Key(*parts))


def parse_path(path: str) -> Key:
    """The key of a file object's ``path`` (``api/v1/db/storage/download/<key>``)."""
    if not isinstance(path, str):
        raise InvalidKey("path must be text")
    text = path.lstrip("/")
    if not text.startswith(DOWNLOAD_PREFIX):
        raise InvalidKey(f"path must start with {DOWNLOAD_PREFIX!r}")
    return parse(text[len(DOWNLOAD_PREFIX) :])


def display_title(filename: str | None) -> str:
    """The name people see: the last part of what the client sent, without control
    characters or path separators, at most 255 characters; ``file`` if nothing is left."""
    text = unicodedata.normalize("NFC", str(filename or ""))
    text = text.replace("\\", "/").rsplit("/", 1)[-1]
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
    if text in {"", ".", ".."}:
        return "file"
    return text[:TITLE_MAX_LENGTH]


def storage_name(title: str, extension: str | None) -> str:
    """An ASCII file name for the key, from the title, ending in ``extension`` (``.png``)
    when one is given, so the stored name always agrees with the stored type."""
    stem = PurePosixPath(title).stem if extension else title
    stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    stem = _UNSAFE_NAME_CHARS.sub("_", stem).strip("._-") or "file"
    suffix = extension or ""
    return stem[: NAME_MAX_LENGTH - len(suffix)] + suffix
