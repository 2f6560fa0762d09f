"""What the public sees of a shared view: only its shown fields (and the primary key that
names each record), through the records query engine.

Query parameters of a public request (``where``, ``filterArrJson``, ``sortArrJson``,
``sort``, ``fields``) may only name shown fields, so that a hidden field can neither be
read nor probed by filtering on it; the view's own filters and sorts always apply.
"""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.data import grouping, search
from workbench.data import where as where_syntax
from workbench.data.grouping import COUNT
from workbench.data.model import Field, Model
from workbench.data.query import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    count_rows,
    filter_conditions,
    list_params,
    select_rows,
)
from workbench.data.unit import data_transaction
from workbench.data.where import Condition
from workbench.errors import BadRequest
from workbench.paging import int_param, paged
from workbench.records.loading import load_table_ref_by_id, model_for


class PublicTable:
    """The shared view's table: its data connection, its model and the fields shown."""

    def __init__(self, request, view):
        self.request = request
        self.view = view
        self.ref = load_table_ref_by_id(request, view.table_id)
        self.work = data_transaction(request, self.ref.source)
        self.connection = self.work.connection
        self.model: Model = model_for(request, self.ref, self.work.dialect)
        shown = {vc.column_id for vc in view.columns if vc.show}
        self.fields: list[Field] = [f for f in self.model.fields if f.id in shown or f.column.pk]
        self.field_ids = {f.id for f in self.fields}

    def find(self, name) -> Field:
        """A shown field by title, id or physical name; 400 otherwise (hidden looks unknown)."""
        found = self.model.find(str(name)) if name is not None else None
        if found is None or found.id not in self.field_ids:
            raise BadRequest(f"Field '{name}' not found in table '{self.model.title}'")
        return found

    # -- reading -------------------------------------------------------------------------
    def check_params(self) -> None:
        params = self.request.params
        for key in ("where", "w"):
            for text in params.getall(key):
                tree = where_syntax.parse(text)
                if tree is not None:
                    self._check_tree(tree)
        for text in params.getall("filterArrJson"):
            self._check_json_filters(_json(text, "filterArrJson"))
        for text in params.getall("sortArrJson"):
            items = _json(text, "sortArrJson")
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict):
                    self.find(item.get("fk_column_id"))
        for key in ("sort", "s", "fields", "f", "column_name"):
            for value in params.getall(key):
                for name in str(value).split(","):
                    if name.strip() and name.strip().lstrip("-+") != COUNT:
                        self.find(name.strip().lstrip("-+"))
        if any(params.get(name) for name in search.VALUE_PARAMS):
            # Searching every field would probe the hidden ones: a shown field is named.
            field_name = (params.get(search.FIELD_PARAM) or "").strip()
            if not field_name:
                raise BadRequest(f"{search.FIELD_PARAM} is required to search a shared view")
            self.find(field_name)

    def _check_tree(self, node) -> None:
        if isinstance(node, Condition):
            self.find(node.field)
            return
        for _logic, _negate, child in node.items:
            self._check_tree(child)

    def _check_json_filters(self, items) -> None:
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            if item.get("is_group"):
                self._check_json_filters(item.get("children") or [])
            else:
                self.find(item.get("fk_column_id"))

    def params(self, paging: bool = True):
        self.check_params()
        params = list_params(self.request, self.model, self.view, paging=paging)
        params.fields = [f for f in params.fields if f.id in self.field_ids]
        return params

    def page(self) -> dict:
        params = self.params()
        rows = select_rows(self.connection, self.model, params)
        if params.offset == 0 and len(rows) < params.limit:
            total = len(rows)
        else:
            total = count_rows(self.connection, self.model, params.where)
        return paged(rows, total, params.limit, params.offset)

    def groups(self) -> dict:
        """``groupby``: distinct values of shown fields with their record counts."""
        self.check_params()
        names = [n.strip() for n in (self.request.params.get("column_name") or "").split(",") if n.strip()]
        fields = grouping.group_fields(self.model, names)
        conditions = filter_conditions(self.request, self.model, self.view)
        where = sa.and_(*conditions) if conditions else None
        cap = int(self.request.registry.settings.get("workbench.data.max_page_size", MAX_PAGE_SIZE))
        limit = min(int_param(self.request, "limit", DEFAULT_PAGE_SIZE, 1, aliases=("l",)), cap)
        offset = int_param(self.request, "offset", 0, 0, aliases=("o",))
        sorts = [n.strip() for v in self.request.params.getall("sort") for n in v.split(",") if n.strip()]
        groups, total = grouping.group_by(self.connection, self.model, fields, where, sorts, limit, offset)
        return paged(groups, total, limit, offset)

    def public_row(self, row: dict) -> dict:
        return {f.title: row.get(f.title) for f in self.fields if f.title in row}


def _json(text: str, name: str):
    try:
        return json.loads(text)
    except ValueError:
        raise BadRequest(f"{name} must be JSON") from None
