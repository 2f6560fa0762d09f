"""What the public sees of a shared view: only its shown fields (and the primary key that
names each record), through the records query engine.

Query parameters of a public request (``where``, ``filterArrJson``, ``sortArrJson``,
``sort``, ``fields``) may only name shown fields, so that a hidden field can neither be
read nor probed by filtering on it; the view's own filters and sorts always apply.
"""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.data import aggregates, grouping, search
from workbench.data import where as where_syntax
from workbench.data.filters import stored_filters_clause
from workbench.data.grouping import COUNT
from workbench.data.model import Field, Model
from workbench.data.query import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    count_rows,
    filter_conditions,
    list_params,
    parse_row_id,
    pk_clause,
    select_rows,
)
from workbench.data.unit import data_transaction
from workbench.data.where import Condition
from workbench.errors import BadRequest, NotFound
from workbench.paging import int_param, paged
from workbench.records.loading import load_table_ref_by_id, model_for
from workbench.views.kinds import type_of


def public_field_ids(registry, view) -> set[str]:
    """Ids of the fields the public may read: the shown ones and those the view type always
    needs (a kanban's stacking field). Primary keys are added by ``PublicTable``."""
    shown = {vc.column_id for vc in view.columns if vc.show}
    return shown | type_of(registry, view).public_fields(view)


class PublicTable:
    """The shared view's table: its data connection, its model and the fields shown."""

    def __init__(self, request, view):
        self.request = request
        self.view = view
        self.ref = load_table_ref_by_id(request, view.table_id)
        self.work = data_transaction(request, self.ref.source)
        self.connection = self.work.connection
        self.model: Model = model_for(request, self.ref, self.work.dialect)
        shown = public_field_ids(request.registry, view)
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
        if not any(self.request.params.get(name) for name in ("fields", "f")):
            # what the view type always needs (a kanban's stacking field), even when hidden
            listed = {f.id for f in params.fields}
            always = type_of(self.request.registry, self.view).public_fields(self.view)
            params.fields += [f for f in self.fields if f.id in always and f.id not in listed]
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

    def aggregates(self) -> dict:
        """``aggregate``: figures (count, sum, ...) of shown fields over the view's records."""
        text = self.request.params.get("aggregation")
        items = _json(text, "aggregation") if text else []
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict):
                self.find(item.get("field"))
        wanted = aggregates.parse_request(self.model, text)
        return aggregates.aggregate(self.connection, self.model, wanted, self.params(paging=False).where)

    def grouped(self, column_key) -> list[dict]:
        """``group/{columnId}``: a page of records per value of a field the public may read
        (the records API's grouped lists, over the view's fields, filters and sorts)."""
        from workbench.records.views.groupby import GROUP_PAGE_SIZE
        from workbench.records.views.groupby import _options as group_options

        f = grouping.group_fields(self.model, [self.find(column_key).id])[0]
        params = self.params(paging=False)
        cap = int(self.request.registry.settings.get("workbench.data.max_page_size", MAX_PAGE_SIZE))
        limit = min(int_param(self.request, "limit", GROUP_PAGE_SIZE, 1, aliases=("l",)), cap)
        offset = int_param(self.request, "offset", 0, 0, aliases=("o",))
        keys = group_options(self.request, f)
        if keys is None:
            group_limit = min(int_param(self.request, "groupLimit", GROUP_PAGE_SIZE, 1), cap)
            group_offset = int_param(self.request, "groupOffset", 0, 0)
            keys = grouping.distinct_keys(self.connection, self.model, f, params.where, group_limit, group_offset)
        groups = grouping.grouped_rows(self.connection, self.model, f, keys, params, limit, offset)
        return [
            {
                "key": None if key is None else f.type.to_api(key),
                "value": paged([self.public_row(r) for r in rows], count, limit, offset),
            }
            for key, rows, count in groups
        ]

    def shown_row_key(self, row_id) -> dict:
        """The key of a record the view shows (its stored filters apply); 404 otherwise."""
        key = parse_row_id(self.model, row_id)
        statement = sa.select(sa.literal(1)).select_from(self.model.table).where(pk_clause(self.model, key))
        clause = stored_filters_clause(self.model, list(self.view.filters))
        if clause is not None:
            statement = statement.where(clause)
        if self.connection.execute(statement.limit(1)).first() is None:
            raise NotFound(f"Record '{row_id}' not found")
        return key

    def public_row(self, row: dict) -> dict:
        return {f.title: row.get(f.title) for f in self.fields if f.title in row}


def _json(text: str, name: str):
    try:
        return json.loads(text)
    except ValueError:
        raise BadRequest(f"{name} must be JSON") from None
