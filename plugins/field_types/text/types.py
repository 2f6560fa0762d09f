"""Text types store text; Email, URL and PhoneNumber validate it (SPEC §5)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import sqlalchemy as sa

from workbench.fields import operators as ops
from workbench.fields.coerce import to_text
from workbench.fields.interfaces import FieldType, FieldValueError

EMAIL_RE = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")
HOST_LABEL_RE = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
PHONE_RE = re.compile(r"^\+?[0-9 ().\-/]{3,30}(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$", re.IGNORECASE)
URL_SCHEMES = ("http", "https", "ftp")
URL_MAX_LENGTH = 2083


class SingleLineText(FieldType):
    name = "SingleLineText"
    operators = ops.TEXT
    search = "like"
    dt = "varchar"

    def sql_type(self, dialect):
        return sa.Text()

    def to_db(self, value):
        return to_text(value)


class LongText(SingleLineText):
    name = "LongText"
    dt = "text"


class _ValidatedText(SingleLineText):
    """Text checked by ``check``; an empty string is stored as null."""

    def to_db(self, value):
        text = to_text(value)
        if text is None or not text.strip():
            return None
        text = text.strip()
        if self.meta.get("validate", True):
            self.check(text)
        return text

    def filter_value(self, text):
        return text

    def check(self, text: str) -> None:
        raise NotImplementedError


class Email(_ValidatedText):
    name = "Email"

    def check(self, text):
        if not EMAIL_RE.match(text) or len(text) > 254:
            raise FieldValueError(f"{text!r} is not a valid e-mail address")


class URL(_ValidatedText):
    name = "URL"

    def check(self, text):
        if len(text) >= URL_MAX_LENGTH:
            raise FieldValueError(f"URL must be shorter than {URL_MAX_LENGTH} characters")
        candidate = text if "://" in text else "http://" + text
        try:
            parts = urlsplit(candidate)
            port = parts.port
        except ValueError:
            raise FieldValueError(f"{text!r} is not a valid URL") from None
        host = parts.hostname or ""
        labels = host.split(".")
        if (parts.scheme.lower() not in URL_SCHEMES or (len(labels) < 2 and host != "localhost")
                or not all(HOST_LABEL_RE.match(label) for label in labels)
                or (port is not None and not 1 <= port <= 65535)):
            raise FieldValueError(f"{text!r} is not a valid URL")


class PhoneNumber(_ValidatedText):
    name = "PhoneNumber"

    def check(self, text):
        if not PHONE_RE.match(text) or sum(c.isdigit() for c in text) < 3:
            raise FieldValueError(f"{text!r} is not a valid phone number")
