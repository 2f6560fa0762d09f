"""Reading and changing the links of one record (the nested v1 and the v2 links APIs).

``LinkedRecords(request, field_key, row_id)`` finds the link field of the request's table
(by id, or for v1 by title), the record and the related table's model. Then:

- ``page()``: the linked records, paged and filtered like a records list (``where``,
  ``sort``, ``fields``, ``limit``, ``offset`` apply to the related table); for a
  belongs-to, the one parent record (or None);
- ``page(excluded=True)``: the records that could still be linked (a record picker);
- ``add(ids)`` / ``remove(ids)``: link or unlink related records. A has-many or
  belongs-to link writes the foreign key through the table's ``RowWriter`` (so the
  parent is checked and ``on_rows_changed`` fires for the rows whose key changed); a
  many-to-many link inserts or deletes junction rows (``on_rows_changed`` on the junction
  table). The records whose counts and linked records changed are reported as updates
  too (the record, the related records). Linking a record already linked is refused with "value already in list" (400);
  unknown records are 404.
"""

from __future__ import annotations

import contextlib

import sqlalchemy as sa

from workbench.plugin_api import (
    BadRequest,
    ListParams,
    NotFound,
    Records,
    RowWriter,
    count_rows,
    expand_rows,
    list_params,
    load_table_ref_by_id,
    model_for,
    notify,
    paged,
    parse_row_id,
    read_row,
    select_rows,
    with_keys,
)

from .relations import BT, HM, MM, Relation, RelationError

ALREADY_LINKED = "value already in list"


class LinkedRecords:
    def __init__(self, request, field_key: str, row_id, kind: str | None = None):
        self.request = request
        self.records = records = Records(request)
        self.connection = records.connection
        model = records.model
        f = model.by_id.get(field_key) or model.by_title.get(field_key)
        if f is None or not f.type.links_records:
            raise NotFound(f"Link field '{field_key}' not found in table '{model.title}'")
        try:
            self.relation = Relation.of(f.column)
        except RelationError:
            raise NotFound(f"Link field '{field_key}' not found in table '{model.title}'") from None
        if kind is not None and kind != self.relation.type:
            raise BadRequest(f"Field '{f.title}' is a {self.relation.type} link, not {kind}")
        self.field = f
        self.related_ref = load_table_ref_by_id(request, self.relation.related_table_id)
        self.related = model_for(request, self.related_ref, model.dialect)
        self.row_id = row_id
        self.key = records.key_of_id(row_id)
        source_key = model.by_id[self.relation.source_key.column_id]
        found = read_row(self.connection, model, self.key, [source_key])
        if found is None:
            raise NotFound(f"Record '{row_id}' not found")
        value = found[source_key.title]
        self.source_value = None if value is None else source_key.type.to_db(value)

    # -- reading ------------------------------------------------------------------
    def page(self, excluded: bool = False):
        related = self.related
        params = list_params(self.request, related)
        table = related.table
        if excluded:
            clause = self.relation.not_linked_to(table, self.source_value)
        elif self.source_value is None:
            clause = sa.false()
        else:
            clause = self.relation.linked_to(table, self.source_value)
        params.conditions.append(clause)
        params.fields, added = with_keys(related, params.fields)
        if self.relation.type == BT and not excluded:
            rows = select_rows(self.connection, related, params, limit=1, offset=0)
            expand_rows(self.request, self.connection, related, params.fields, rows, added)
            return rows[0] if rows else None
        rows = select_rows(self.connection, related, params)
        expand_rows(self.request, self.connection, related, params.fields, rows, added)
        if params.offset == 0 and len(rows) < params.limit:
            total = len(rows)
        else:
            total = count_rows(self.connection, related, params.where)
        return paged(rows, total, params.limit, params.offset)

    # -- ids -------------------------------------------------------------------------
    def ref_keys(self, body) -> list[dict]:
        """Keys of related records from one id, a list of ids, or ``{pk: id}`` objects."""
        items = body if isinstance(body, list) else [body]
        if not items or body is None:
            raise BadRequest("Give the id of a record to link, a list of ids or [{Id}]")
        keys = []
        for item in items:
            if isinstance(item, dict):
                pk = self.related.pk_fields[0]
                value = next((item[n] for n in (pk.title, pk.column.column_name, "id", "Id") if n in item), None)
                if value is None:
                    raise BadRequest(f"Primary key '{pk.title}' is required in every record")
                item = value
            if item is None or isinstance(item, (list, bool)):
                raise BadRequest(f"Invalid record id {item!r}")
            keys.append(parse_row_id(self.related, item))
        values = [next(iter(k.values())) for k in keys]
        if len(set(values)) != len(values):
            raise BadRequest(ALREADY_LINKED)
        pk = self.related.pk_fields[0]
        found = set(
            self.connection.execute(
                sa.select(pk.sa_column).select_from(self.related.table).where(pk.sa_column.in_(values))
            ).scalars()
        )
        missing = next((v for v in values if v not in found), None)
        if missing is not None:
            raise NotFound(f"Record '{missing}' not found in table '{self.related.title}'")
        return keys

    # -- writing ------------------------------------------------------------------------
    def add(self, body) -> None:
        keys = self.ref_keys(body)
        values = [next(iter(k.values())) for k in keys]
        with self._counts_changed(values):
            self._add(keys, values)
        self._tell_links("link", values)

    def _add(self, keys: list[dict], values: list) -> None:
        relation = self.relation
        self.records.work.begin_write()
        if relation.type == BT:
            if len(values) != 1:
                raise BadRequest(f"Field '{self.field.title}' links one record")
            self._write_source_key(values[0])
        elif relation.type == MM:
            linked = self._linked(values)
            if linked:
                raise BadRequest(ALREADY_LINKED)
            junction = relation.junction()
            rows = self._junction_rows(values)
            self.connection.execute(junction.insert(), rows)
            self._notify_junction("insert", [(None, r) for r in rows])
        else:
            if self._linked(values):
                raise BadRequest(ALREADY_LINKED)
            self._write_related_keys(keys, self.source_value)

    def remove(self, body) -> None:
        keys = self.ref_keys(body)
        values = [next(iter(k.values())) for k in keys]
        with self._counts_changed(values):
            self._remove(keys, values)
        self._tell_links("unlink", values)

    def _tell_links(self, action: str, values: list) -> None:
        """Both sides of the link: this record's field, and each related record's field
        on the other side (when the link has one)."""
        relation = self.relation
        notify.links_changed(
            self.request, self.records.table, self.row_id, self.field, action, relation.related_table_id, values
        )
        other = self.related.by_id.get(relation.symmetric_column_id) if relation.symmetric_column_id else None
        if other is None:
            return
        for value in values:
            notify.links_changed(
                self.request, self.related_ref, value, other, action, relation.source_table_id, [self.row_id]
            )

    def _remove(self, keys: list[dict], values: list) -> None:
        relation = self.relation
        self.records.work.begin_write()
        linked = self._linked(values)
        missing = next((v for v in values if v not in linked), None)
        if missing is not None:
            raise NotFound(f"Record '{missing}' is not linked to record '{self.row_id}'")
        if relation.type == BT:
            self._write_source_key(None)
        elif relation.type == MM:
            junction = relation.junction()
            source = relation.junction_source.of(junction)
            related = relation.junction_related.of(junction)
            self.connection.execute(junction.delete().where(source == self.source_value, related.in_(values)))
            self._notify_junction("delete", [(r, None) for r in self._junction_rows(values)])
        else:
            self._write_related_keys(keys, None)

    @contextlib.contextmanager
    def _counts_changed(self, values: list):
        """Tell plugins of the records whose links changed without a key of their own
        changing (their counts and linked records did): the record itself, unless its
        foreign key is written (belongs-to), and the related records, unless theirs are
        (has-many), with the former parent of a belongs-to."""
        if not notify.listens_to_rows(self.request, "update"):
            yield
            return
        relation = self.relation
        source_too = relation.type != BT
        related_keys = list(values) if relation.type != HM else []
        if relation.type == BT and self.source_value is not None:
            related_keys.append(self.source_value)
        before_source = self._source_record() if source_too else None
        before_related = self._related_records(related_keys)
        yield
        if source_too and before_source is not None:
            notify.rows_changed(self.request, self.records.table, "update", [(before_source, self._source_record())])
        after_related = self._related_records(related_keys)
        changes = [(before, after_related[key]) for key, before in before_related.items() if key in after_related]
        notify.rows_changed(self.request, self.related_ref, "update", changes)

    def _source_record(self) -> dict | None:
        return read_row(self.connection, self.records.model, self.key)

    def _related_records(self, values: list) -> dict:
        if not values:
            return {}
        related = self.related
        pk = related.pk_fields[0]
        params = ListParams(conditions=[pk.sa_column.in_(list(dict.fromkeys(values)))], fields=list(related.fields))
        params.order_by = [pk.sa_column.asc()]
        rows = select_rows(self.connection, related, params, limit=0)
        return {row[pk.title]: row for row in rows}

    def _junction_rows(self, values: list) -> list[dict]:
        relation = self.relation
        return [{relation.junction_source.name: self.source_value, relation.junction_related.name: v} for v in values]

    def _linked(self, values: list) -> set:
        """Which of ``values`` (related keys) are linked to the record already."""
        if self.source_value is None:
            return set()
        pk = self.related.pk_fields[0]
        table = self.related.table
        statement = (
            sa.select(pk.sa_column)
            .select_from(table)
            .where(self.relation.linked_to(table, self.source_value), pk.sa_column.in_(values))
        )
        return set(self.connection.execute(statement).scalars())

    def _write_source_key(self, value) -> None:
        """belongs-to: the record's own foreign key."""
        records = self.records
        fk = records.model.by_id[self.relation.source_key.column_id]
        writer = RowWriter(self.request, records.table, records.model, self.connection)
        writer.update([(self.key, {fk.title: value})])

    def _write_related_keys(self, keys: list[dict], value) -> None:
        """has-many: the foreign key of each related record."""
        fk = self.related.by_id[self.relation.related_key.column_id]
        writer = RowWriter(self.request, self.related_ref, self.related, self.connection)
        writer.update([(key, {fk.title: value}) for key in keys])

    def _notify_junction(self, action: str, changes) -> None:
        try:
            junction = load_table_ref_by_id(self.request, self.relation.junction_table_id)
        except NotFound:
            return
        notify.rows_changed(self.request, junction, action, changes)
