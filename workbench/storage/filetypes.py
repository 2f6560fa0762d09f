"""File types: what a file is, and whether a list of accepted types admits it.

The client's word is checked, not trusted: the first bytes of the content decide when they
are recognisable, then the file name's extension, and only then the declared type. The
stored name's extension is made to agree with the type chosen, so a download is always
served as what the upload was checked as.
"""

from __future__ import annotations

import mimetypes
import re

OCTET_STREAM = "application/octet-stream"
#: how many leading bytes ``sniff`` looks at
SNIFF_BYTES = 512

# The built-in table only (the answer must not depend on the host's /etc/mime.types),
# plus common office and text formats it lacks.
_TABLE = mimetypes.MimeTypes()
_EXTRA_TYPES = {
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ".odt": "application/vnd.oasis.opendocument.text",
    ".ods": "application/vnd.oasis.opendocument.spreadsheet",
    ".odp": "application/vnd.oasis.opendocument.presentation",
    ".md": "text/markdown",
    ".m4a": "audio/mp4",
    ".7z": "application/x-7z-compressed",
    ".yaml": "application/yaml",
    ".ics": "text/calendar",
}
for _ext, _type in _EXTRA_TYPES.items():
    _TABLE.add_type(_type, _ext)
_MIME_RE = re.compile(r"^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$")
_PATTERN_RE = re.compile(r"^(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$")
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"%PDF-", "application/pdf"),
)
# Inline display is safe for these; anything else is served as a download.
_INLINE = re.compile(r"^(image/(png|jpeg|gif|webp|bmp|avif)|audio/.+|video/.+|application/pdf|text/plain)$")


def sniff(head: bytes) -> str | None:
    """The type the leading bytes unmistakably show, or None.

    Only signatures no other common format shares: a zip could be a spreadsheet and an
    ISO media box could be a photo, so those are left to the name."""
    for magic, mimetype in _SIGNATURES:
        if head.startswith(magic):
            return mimetype
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    if head[4:12] in (b"ftypavif", b"ftypavis"):
        return "image/avif"
    return None


def from_name(name: str) -> str | None:
    return _TABLE.guess_type(name, strict=False)[0]


def clean_declared(declared: str | None) -> str | None:
    """A declared type (``image/png; charset=x``) reduced to ``type/subtype``, or None if invalid."""
    text = (declared or "").split(";", 1)[0].strip().lower()
    return text if _MIME_RE.match(text) else None


def resolve(head: bytes, name: str, declared: str | None) -> str:
    """The type a file is stored and checked as."""
    return sniff(head) or from_name(name) or clean_declared(declared) or OCTET_STREAM


def extension(mimetype: str, name: str) -> str | None:
    """The extension the stored name gets: the name's own when it agrees with the type,
    else the type's usual one; None (keep the name) for untyped content."""
    if mimetype == OCTET_STREAM:
        return None
    own = "." + name.rsplit(".", 1)[-1].lower() if "." in name else None
    if own and from_name("x" + own) == mimetype:
        return own
    return _TABLE.guess_extension(mimetype, strict=False) or None


def served_type(name: str) -> str:
    """The type a stored name is served as (consistent with ``resolve`` + ``extension``)."""
    return from_name(name) or OCTET_STREAM


def inline(mimetype: str) -> bool:
    return bool(_INLINE.match(mimetype))


def parse_patterns(value) -> tuple[str, ...]:
    """Accepted-type patterns from a list or a comma/space separated text; ``ValueError``
    names a pattern that is not ``type/subtype``, ``type/*`` or ``*/*``."""
    items = value if isinstance(value, (list, tuple)) else str(value or "").replace(",", " ").split()
    patterns = []
    for item in items:
        pattern = str(item).strip().lower()
        if not pattern:
            continue
        if not _PATTERN_RE.match(pattern) or (pattern.startswith("*/") and pattern != "*/*"):
            raise ValueError(f"{item!r} is not a file type pattern (type/subtype, type/* or */*)")
        patterns.append(pattern)
    return tuple(patterns)


def accepted(mimetype: str, patterns: tuple[str, ...]) -> bool:
    """True if ``patterns`` is empty (anything goes) or one of them matches."""
    if not patterns:
        return True
    major = mimetype.split("/", 1)[0]
    return any(p in ("*/*", mimetype, f"{major}/*") for p in patterns)
