"""Completing a page of records with values that need a second query (``ExpandsValues``,
e.g. the linked records of link fields): one batched query per such field, whatever the
number of records on the page."""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.data.model import Model
from workbench.errors import NotFound
from workbench.fields.interfaces import ExpandsValues
from workbench.records.loading import load_table_ref_by_id, model_for


@dataclass
class Page:
    """What an expanding field gets: the request's data connection, the page's model, the
    API version (``v1``/``v2``) and ``model_of(table_id)`` for other tables (cached)."""

    request: object
    connection: object
    model: Model
    api: str
    _models: dict = field(default_factory=dict)

    def model_of(self, table_id: str) -> Model | None:
        if table_id not in self._models:
            try:
                ref = load_table_ref_by_id(self.request, table_id)
            except NotFound:
                self._models[table_id] = None
            else:
                self._models[table_id] = model_for(self.request, ref, self.model.dialect)
        return self._models[table_id]


def api_version(request) -> str:
    route = getattr(request, "matched_route", None)
    return "v1" if route is not None and route.name.startswith("v1") else "v2"


# Whether a field type class expands its values: a protocol ``isinstance`` is slow, and a
# page asks it of every field; a type's class decides, so it is asked once per class.
_EXPANDS: dict[type, bool] = {}


def _expands(ftype) -> bool:
    cls = type(ftype)
    found = _EXPANDS.get(cls)
    if found is None:
        found = _EXPANDS[cls] = isinstance(ftype, ExpandsValues)
    return found


def _expanding(fields) -> list:
    return [f for f in fields if f.expr is not None and _expands(f.type)]


def expanding_fields(fields) -> list:
    """The fields among ``fields`` whose values ``expand_rows`` completes."""
    return _expanding(fields)


def with_keys(model: Model, fields: list) -> tuple[list, list[str]]:
    """``fields`` plus the primary key when an expanding field needs it to find its
    values (``fields=`` may leave it out), and the titles so added (``expand_rows`` drops
    them again)."""
    if not _expanding(fields):
        return fields, []
    missing = [f for f in model.pk_fields if f not in fields]
    return [*fields, *missing], [f.title for f in missing]


def expand_rows(request, connection, model: Model, fields, rows: list[dict], added=()) -> list[dict]:
    """Let every expanding field among ``fields`` complete ``rows`` (in place); then drop
    the ``added`` keys."""
    expanding = _expanding(fields)
    if expanding and rows:
        page = Page(request, connection, model, api_version(request))
        for f in expanding:
            f.type.expand(page, rows)
    for title in added:
        for row in rows:
            row.pop(title, None)
    return rows
