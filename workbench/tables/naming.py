"""Titles and physical names: validation, sanitising and the unique-name helper."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from workbench.errors import BadRequest

MAX_NAME = 48
FORBIDDEN_TITLE_CHARS = (".", "/", "\\")


def check_title(title, what: str = "Table") -> str:
    """SPEC §5: a title is required and has none of ``.``, ``/``, ``\\``."""
    if not isinstance(title, str) or not title.strip():
        raise BadRequest(f"{what} name is required")
    title = title.strip()
    if what == "Table" and any(c in title for c in FORBIDDEN_TITLE_CHARS):
        raise BadRequest(f"{what} name must not contain '.', '/' or '\\'")
    if len(title) > 255:
        raise BadRequest(f"{what} name must be at most 255 characters")
    return title


def sanitise(title: str, fallback: str) -> str:
    """A physical name from a title: ascii letters, digits and ``_``; lower case."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")[:MAX_NAME].strip("_")
    if not name:
        name = fallback
    if name[0].isdigit():
        name = f"{fallback}_{name}"[:MAX_NAME]
    return name


def unique_name(base: str, taken: Iterable[str], case_insensitive: bool = True) -> str:
    """``base``, else ``base_1``, ``base_2``, ... (the first that is free)."""
    norm = (lambda s: s.lower()) if case_insensitive else (lambda s: s)
    used = {norm(t) for t in taken}
    if norm(base) not in used:
        return base
    index = 1
    while norm(f"{base}_{index}") in used:
        index += 1
    return f"{base}_{index}"
