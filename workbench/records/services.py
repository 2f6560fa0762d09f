"""What every records view needs: the table's model, the request's data connection, the
list parameters and a writer; plus record keys from ids and bodies."""

from __future__ import annotations

from workbench.data.model import Model
from workbench.data.query import ListParams, list_params, parse_row_id, row_id_of
from workbench.data.unit import data_transaction
from workbench.data.writes import RowWriter
from workbench.errors import BadRequest, Unprocessable
from workbench.records.loading import model_for
from workbench.settings import as_bool
from workbench.tables.columns import bump
from workbench.tables.models import Column, Table
from workbench.views.kinds import type_of


class Records:
    def __init__(self, request):
        context = request.context
        self.request = request
        self.table = context.table
        self.view = getattr(context, "view", None)
        self.work = data_transaction(request, self.table.source)
        self.connection = self.work.connection
        self.model: Model = model_for(request, self.table, self.work.dialect)

    def params(self, paging: bool = True) -> ListParams:
        params = list_params(self.request, self.model, self.view, paging=paging)
        if self.view is not None and not any(self.request.params.get(name) for name in ("fields", "f")):
            # What the view type places records by (a kanban's stacking field, a calendar's
            # date fields) is read even when the view hides it as a field.
            always = type_of(self.request.registry, self.view).public_fields(self.view)
            listed = {f.id for f in params.fields}
            params.fields += [f for f in self.model.fields if f.id in always and f.id not in listed]
        return params

    def writer(self) -> RowWriter:
        typecast = as_bool(self.request.params.get("typecast", "false"))
        self.work.begin_write()
        return RowWriter(
            self.request, self.table, self.model, self.connection, typecast=typecast, save_options=self._save_options
        )

    def _save_options(self, column_id: str, options: dict) -> None:
        """Keep the select options a ``typecast`` write added."""
        db = self.request.dbsession
        db.get(Column, column_id).col_options = options
        bump(db.get(Table, self.table.id))
        db.flush()

    # -- keys ------------------------------------------------------------------
    def key_of_id(self, row_id) -> dict:
        return parse_row_id(self.model, row_id)

    def key_of_body(self, item) -> dict:
        """The primary key carried by a body item (by title, physical name, or ``id``)."""
        if not isinstance(item, dict):
            return self.key_of_id(item)
        values = []
        for f in self.model.pk_fields:
            for name in (f.title, f.column.column_name, "id", "Id"):
                if name in item:
                    values.append(item[name])
                    break
            else:
                raise BadRequest(f"Primary key '{f.title}' is required in every record")
        return self.key_of_id("___".join(str(v) for v in values))

    def split_body(self, item: dict) -> tuple[dict, dict]:
        """The key and the changes of a record to update (400 unless it is an object)."""
        if not isinstance(item, dict):
            raise BadRequest("Each record to update must be an object holding its primary key and the fields to change")
        return self.key_of_body(item), self.without_pk(item)

    def without_pk(self, item: dict) -> dict:
        data = {}
        for name, value in item.items():
            f = self.model.find(name)
            if f is None or not f.column.pk:
                data[name] = value
        return data

    def pk_json(self, row: dict) -> dict:
        return {f.title: row.get(f.title) for f in self.model.pk_fields}

    def row_id(self, row: dict) -> str:
        return row_id_of(self.model, row)


def as_list(body) -> tuple[list, bool]:
    """``(items, was_list)`` of a body that is one object or an array of them."""
    if isinstance(body, list):
        return body, True
    if body is None:
        raise BadRequest("A request body is required")
    return [body], False


def check_unique_keys(keys: list[dict]) -> None:
    seen = set()
    for key in keys:
        marker = tuple(key.values())
        if marker in seen:
            raise Unprocessable(f"Record '{'___'.join(str(v) for v in marker)}' appears more than once")
        seen.add(marker)
