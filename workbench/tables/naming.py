"""Titles and physical names: validation, sanitising and the unique-name helper."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from workbench.errors import BadRequest

MAX_NAME = 48
FORBIDDEN_TITLE_CHARS = (".", "/", "\\")
#: physical table names a database keeps for its own tables: SQLite refuses to create them,
#: and PostgreSQL looks unqualified ``pg_*`` names up in its catalog first
RESERVED_TABLE_PREFIXES = ("sqlite_", "pg_")


def check_title(title, what: str = "Table") -> str:
    """A title is required and has none of ``.``, ``/``, ``\\``."""
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


def is_reserved_table_name(name: str) -> bool:
    return name.lower().startswith(RESERVED_TABLE_PREFIXES)


def table_name_for(title: str) -> str:
    """A physical table name from a title; never one the database keeps for itself."""
    name = sanitise(title, "table")
    return f"table_{name}"[:MAX_NAME] if is_reserved_table_name(name) else name


def check_table_name(name) -> None:
    """A physical table name asked for must not be one the database keeps for itself."""
    if isinstance(name, str) and is_reserved_table_name(name.strip()):
        prefixes = " or ".join(f"'{p}'" for p in RESERVED_TABLE_PREFIXES)
        raise BadRequest(f"Table names starting with {prefixes} are reserved by the database")


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
