"""A column of values (a list) marked with the types of its values, and optionally with
each value's canonical text, so that the passes after the one that made it (a field type's
``to_db_many``, the binding of a batch to SQLite, COPY's text) need not look at every
value again.

The mark holds as long as the list is not changed: a column is made once and only read
afterwards (a batch's stored values are never changed in place).

``texts`` are the values' texts as the databases read them back to the same values:
``date.isoformat()`` of dates, ``datetime.isoformat(" ")`` of naive datetimes without
microseconds; for integers, the ASCII digits they were read from (no sign, perhaps with
leading zeros: ``plain_digits`` says whether they are ``str`` of each); for floats, the
decimal texts they were read from (digits, a point, a minus sign: the same numbers, of
as many digits as written)."""

from __future__ import annotations

from collections.abc import Sequence


class TypedColumn(list):
    __slots__ = ("kinds", "texts")

    def __init__(self, values, kinds: frozenset, texts: Sequence[str] | None = None):
        super().__init__(values)
        self.kinds = kinds
        self.texts = texts


def typed(values, *kinds: type, texts: Sequence[str] | None = None) -> TypedColumn:
    """``values`` (an iterable) as a column whose values are each of one of ``kinds``."""
    return TypedColumn(values, frozenset(kinds), texts)


def kinds_of(values) -> set | frozenset:
    """The types of ``values``: from the mark, else by looking at each of them."""
    if type(values) is TypedColumn:
        return values.kinds
    return set(map(type, values))


def texts_of(values, kind: type) -> Sequence[str] | None:
    """The canonical texts of a column of values all of ``kind`` (no None), when known."""
    if type(values) is TypedColumn and values.texts is not None and values.kinds == {kind}:
        return values.texts
    return None


def iso_dates(texts: Sequence[str]) -> bool:
    """Whether every one of ``texts`` (str) has the form "YYYY-MM-DD" (digits), by
    builtins over the column at once."""
    return _digits_at(texts, 10, {4: b"-", 7: b"-"})


def iso_seconds(texts: Sequence[str]) -> bool:
    """Whether every one of ``texts`` (str) has the form "YYYY-MM-DD HH:MM:SS" (digits)."""
    return _digits_at(texts, 19, {4: b"-", 7: b"-", 10: b" ", 13: b":", 16: b":"})


def _digits_at(texts: Sequence[str], width: int, separators: dict[int, bytes]) -> bool:
    if not texts or set(map(len, texts)) != {width}:
        return False
    joined = "".join(texts)
    if not joined.isascii():
        return False
    data = joined.encode("ascii")
    count = len(texts)
    for at, char in separators.items():
        if data[at::width].count(char) != count:
            return False
    # with the separators where they belong, the rest are digits when taking every
    # separator away leaves exactly the others, all digits
    digits = data.translate(None, b"".join(set(separators.values())))
    return len(digits) == (width - len(separators)) * count and digits.isdigit()


def plain_digits(texts: Sequence[str]) -> bool:
    """Whether no one of ``texts`` (non-empty ASCII digit strings) has a leading zero:
    each is then ``str`` of its integer."""
    # each text follows a line break: those starting with a zero, looked for at once
    zeros = ("\n" + "\n".join(texts)).count("\n0")
    return zeros == 0 or zeros == texts.count("0")
