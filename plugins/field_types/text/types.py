"""Text types store text; Email, URL and PhoneNumber validate it."""

from __future__ import annotations

import re
from typing import ClassVar
from urllib.parse import urlsplit

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, all_of_types, to_text, to_text_many, typed
from workbench.plugin_api import operators as ops

_EMAIL = (
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)
EMAIL_RE = re.compile(f"^{_EMAIL}$")
# The same addresses written without backtracking, for a column of them at once: a host
# label is the whole run of letters, digits and hyphens up to the next dot or line break
# (1 to 63 of them, a letter or digit first and last), the local part the whole run up to
# the "@" (neither can be followed by a character of its own).
_LABEL = r"(?=[A-Za-z0-9])[A-Za-z0-9-]{1,63}+(?<=[A-Za-z0-9])"
_EMAIL_RUNS = rf"[A-Za-z0-9.!#$%&'*+/=?^_`{{|}}~-]++@{_LABEL}(?:\.{_LABEL})++"
#: lines each an e-mail address (no character of an address is a line break)
EMAIL_LINES_RE = re.compile(f"(?:{_EMAIL_RUNS}\n)*+")
HOST_LABEL_RE = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
PHONE_RE = re.compile(r"^\+?[0-9 ().\-/]{3,30}(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$", re.IGNORECASE)
URL_SCHEMES = ("http", "https", "ftp")
URL_MAX_LENGTH = 2083
#: Email, URL and PhoneNumber check their values unless ``meta.validate`` is false
VALIDATE_SETTINGS = {
    "type": "object",
    "properties": {
        "meta": {
            "type": "object",
            "properties": {"validate": {"type": "boolean", "default": True, "title": "setting.validate"}},
        }
    },
}


class SingleLineText(FieldType):
    name = "SingleLineText"
    default_text = True
    import_detects = "text"
    import_converts = "text"
    value_schema: ClassVar[dict] = {"type": "string"}
    icon = "font"
    group = "text"
    order = 10
    native_types = ("varchar", "character varying", "char", "character", "nvarchar", "nchar")
    examples = (("hello", "hello"), ("ünï ☃ 'q\" ; --", "ünï ☃ 'q\" ; --"), (12, "12"), (None, None))
    invalid_examples = ({"a": 1}, [1])
    operators = ops.TEXT
    search = "like"
    dt = "varchar"
    #: a string is stored as it is (Email, URL and PhoneNumber trim and check theirs)
    stores_as_sent = True

    def sql_type(self, dialect):
        return sa.Text()

    def to_db(self, value):
        return to_text(value)

    def to_db_many(self, values):
        if type(self).to_db is not SingleLineText.to_db:
            return FieldType.to_db_many(self, values)
        return to_text_many(values)


class LongText(SingleLineText):
    name = "LongText"
    default_text = False
    import_detects = "long_text"
    icon = "align-left"
    order = 20
    native_types = ("text", "tinytext", "mediumtext", "longtext", "clob")
    examples = (("line 1\nline 2", "line 1\nline 2"), ("x" * 5000, "x" * 5000))
    dt = "text"


class _ValidatedText(SingleLineText):
    """Text checked by ``check``; an empty string is stored as null."""

    stores_as_sent = False

    #: a text matching ``pattern`` and no longer than ``max_length`` passes ``check``: a
    #: column of values is checked with no call of ``check`` for those
    pattern: ClassVar[re.Pattern | None] = None
    max_length: ClassVar[int] = 0
    #: set with ``pattern`` when it matches no line break: texts, each ending a line, that
    #: it matches in full exactly when ``pattern`` matches each (a column in one search)
    lines: ClassVar[re.Pattern | None] = None

    def to_db(self, value):
        text = to_text(value)
        if text is None or not text.strip():
            return None
        text = text.strip()
        if self.meta.get("validate", True):
            self.check(text)
        return text

    def to_db_many(self, values):
        if type(self).to_db is not _ValidatedText.to_db:
            return FieldType.to_db_many(self, values)
        check = self.check if self.meta.get("validate", True) else None
        match = self._pattern_match() if check is not None else None
        longest = self.max_length
        if all_of_types(values, str):
            # a column of texts, none blank, each matching the pattern: stripped, at once
            texts = typed(map(str.strip, values), str)
            if all(texts) and (
                check is None
                or (match is not None and max(map(len, texts), default=0) <= longest and self._all_match(texts, match))
            ):
                return texts
        to_db = self.to_db
        out = []
        append = out.append
        for value in values:
            if type(value) is not str:
                append(to_db(value))
                continue
            text = value.strip()
            if not text:
                append(None)
                continue
            if check is not None and (match is None or len(text) > longest or match(text) is None):
                check(text)
            append(text)
        return out

    def filter_value(self, text):
        return text

    def _all_match(self, texts: list[str], match) -> bool:
        owner = next(c for c in type(self).__mro__ if "pattern" in c.__dict__)
        lines = owner.__dict__.get("lines")  # only as the class that set the pattern set it
        if lines is None:
            return all(map(match, texts))
        joined = "\n".join(texts)
        return joined.count("\n") == len(texts) - 1 and lines.fullmatch(joined + "\n") is not None

    def _pattern_match(self):
        """``pattern.match``, unless a subclass checks otherwise than the class that set it."""
        cls = type(self)
        owner = next(c for c in cls.__mro__ if "pattern" in c.__dict__)
        if self.pattern is None or owner.__dict__.get("check") is not cls.check:
            return None
        return self.pattern.match

    def check(self, text: str) -> None:
        raise NotImplementedError


class Email(_ValidatedText):
    name = "Email"
    import_detects = "email"
    value_schema: ClassVar[dict] = {"type": "string", "format": "email"}
    icon = "envelope"
    order = 30
    native_types = ()
    settings_schema = VALIDATE_SETTINGS
    examples = (("a@example.com", "a@example.com"), (" b.c+d@x.org ", "b.c+d@x.org"), ("", None))
    invalid_examples = ("nope", "a@b", "a b@example.com")
    pattern = EMAIL_RE
    lines = EMAIL_LINES_RE
    max_length = 254

    def check(self, text):
        if not EMAIL_RE.match(text) or len(text) > 254:
            raise FieldValueError(f"{text!r} is not a valid e-mail address")


class URL(_ValidatedText):
    name = "URL"
    import_detects = "url"
    value_schema: ClassVar[dict] = {"type": "string", "format": "uri"}
    icon = "globe-network"
    order = 40
    native_types = ()
    settings_schema = VALIDATE_SETTINGS
    examples = (
        ("https://example.com/x?y=1", "https://example.com/x?y=1"),
        ("example.com", "example.com"),
        ("ftp://files.example.org:21/a", "ftp://files.example.org:21/a"),
    )
    invalid_examples = ("not a url", "javascript:alert(1)", "http://x.com:70000", "http://" + "a" * 64 + ".com")

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
        if (
            parts.scheme.lower() not in URL_SCHEMES
            or (len(labels) < 2 and host != "localhost")
            or not all(HOST_LABEL_RE.match(label) for label in labels)
            or (port is not None and not 1 <= port <= 65535)
        ):
            raise FieldValueError(f"{text!r} is not a valid URL")


class PhoneNumber(_ValidatedText):
    name = "PhoneNumber"
    import_detects = None
    icon = "phone"
    order = 50
    native_types = ()
    settings_schema = VALIDATE_SETTINGS
    examples = (("+1 (555) 010-9999", "+1 (555) 010-9999"), ("0044 20 7946 0000", "0044 20 7946 0000"))
    invalid_examples = ("call me", "12")

    def check(self, text):
        if not PHONE_RE.match(text) or sum(c.isdigit() for c in text) < 3:
            raise FieldValueError(f"{text!r} is not a valid phone number")
