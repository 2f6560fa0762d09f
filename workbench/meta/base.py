"""Declarative base for the meta database, with Alembic's naming convention.

Every meta model in every package derives from ``Base``; Alembic migrations describe the
same schema. User tables (the data of projects) never use this metadata.
"""

import datetime as dt
import json
import secrets
import string

import sqlalchemy as sa
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

_ID_ALPHABET = string.ascii_lowercase + string.digits


def new_id(prefix: str, length: int = 14) -> str:
    """A prefixed random id such as ``p_k3j9x0q1m2n4b5``: ``length`` characters of
    ``[a-z0-9]``, uniformly random, from one draw of the system's random source."""
    number = secrets.randbelow(36**length)
    chars = []
    for _ in range(length):
        number, digit = divmod(number, 36)
        chars.append(_ID_ALPHABET[digit])
    return prefix + "".join(chars)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class JSONText(TypeDecorator):
    """JSON stored as text: identical on SQLite, PostgreSQL and MariaDB."""

    impl = sa.Text
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return None if value is None else json.dumps(value, separators=(",", ":"))

    def process_result_value(self, value, dialect):
        return None if value is None else json.loads(value)


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


class TimestampMixin:
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow, onupdate=utcnow)


def isoformat(value: dt.datetime | None) -> str | None:
    return None if value is None else value.replace(microsecond=0).isoformat(sep=" ")
