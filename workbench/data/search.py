"""Quick search (the grid's search box): one field, or every searchable field, matched
against one text.

Each field type says how it is searched: ``search = "like"`` for text types (a
case-insensitive substring match), ``"eq"`` for the others that are searchable (numbers:
the text must parse as a value of the field), ``None`` for types that are not searched. A
type that needs its own SQL implements ``SearchesItself``.

Query parameters, on every list, count and aggregate endpoint: ``searchValue`` (or
``search``) is the text; ``searchField`` (title, id or physical name) picks one field,
otherwise every searchable field is tried and a record matches when any of them does.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.data.filters import _escape_like, _is_text
from workbench.data.model import Field, Model
from workbench.errors import BadRequest
from workbench.fields.interfaces import FieldValueError, SearchesItself

VALUE_PARAMS = ("searchValue", "search")
FIELD_PARAM = "searchField"


def searchable(f: Field) -> bool:
    return f.expr is not None and (getattr(f.type, "search", None) is not None or isinstance(f.type, SearchesItself))


def field_clause(model: Model, f: Field, text: str):
    """The search condition of one field; raises ``FieldValueError`` when ``text`` cannot be
    a value of the field (an ``eq`` search on a number with letters)."""
    if isinstance(f.type, SearchesItself):
        clause = f.type.search_clause(f.expr, text, model.dialect)
        if clause is not NotImplemented:
            return clause
    if f.type.search == "like":
        target = f.expr if _is_text(f) else sa.cast(f.expr, sa.Text)
        pattern = f"%{_escape_like(text)}%"
        # SQLite's LIKE already ignores ASCII case (see ``workbench.data.filters``).
        if model.dialect == "sqlite":
            return target.like(pattern, escape="\\")
        return target.ilike(pattern, escape="\\")
    value = f.type.filter_value(text)
    if value is None:
        raise FieldValueError("no value")
    return f.expr == value


def search_clause(model: Model, text: str, field_name: str | None = None, fields: list[Field] | None = None):
    """The condition of a quick search, or None when ``text`` is blank.

    With ``field_name`` the field must exist and be searchable, and ``text`` must fit it
    (``BadRequest`` naming the field otherwise). Without it every searchable field is
    tried (of ``fields`` when given: a view's shown fields); fields the text cannot fit
    are left out, and when none is left nothing matches.
    """
    text = (text or "").strip()
    if not text:
        return None
    if field_name:
        f = model.get(field_name)
        if not searchable(f):
            raise BadRequest(f"Field '{f.title}' cannot be searched ({f.column.uidt})")
        try:
            return field_clause(model, f, text)
        except FieldValueError as exc:
            raise BadRequest(f"Invalid search value for field '{f.title}': {exc}") from None
    clauses = []
    for f in model.fields if fields is None else fields:
        if not searchable(f):
            continue
        try:
            clauses.append(field_clause(model, f, text))
        except FieldValueError:
            continue
    return sa.or_(*clauses) if clauses else sa.false()


def requested(request) -> bool:
    """Whether the request asks for a quick search."""
    return any(request.params.get(name) for name in VALUE_PARAMS)


def request_clause(request, model: Model, fields: list[Field] | None = None):
    """The quick search of a request's query parameters, or None; without ``searchField``
    it tries ``fields`` (default: every field of the table)."""
    text = next((request.params.get(name) for name in VALUE_PARAMS if request.params.get(name)), None)
    field_name = (request.params.get(FIELD_PARAM) or "").strip() or None
    if text is None:
        return None
    return search_clause(model, text, field_name, fields)
