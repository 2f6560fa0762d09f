"""Writing records: insert, update and delete (one, many, or all matching a condition).

Values are validated and coerced by each field's type; unknown fields, read-only fields
given a value by mistake are ignored only when they are system fields. Every write tells
the plugins through ``notify.rows_changed`` with the rows before and after.
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
from collections.abc import Sequence

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from workbench.data import pg_copy, sqlite_batch
from workbench.data.batch import ColumnBatch, paused_gc
from workbench.data.key_rows import KeyRows
from workbench.data.model import Field, Model
from workbench.data.query import pk_clause, row_json, select_columns
from workbench.errors import APIError, BadRequest, Conflict, Forbidden, NotFound, Unprocessable
from workbench.fields.interfaces import ChecksWrites, FieldType, FieldValueError, HasOptions
from workbench.history import links as history_links
from workbench.plugins import notify

KEY_CHUNK = 500
_UNSEEN = object()
# Whether a field type class checks its values against the database: a protocol
# ``isinstance`` is slow, and every write asks it of every field.
_CHECKS_WRITES: dict[type, bool] = {}


def _checks_writes(ftype) -> bool:
    cls = type(ftype)
    found = _CHECKS_WRITES.get(cls)
    if found is None:
        found = _CHECKS_WRITES[cls] = isinstance(ftype, ChecksWrites)
    return found


#: why the records of a database view, or of a table without a primary key, are not written
VIEW_READ_ONLY = "This is a database view: its records are read-only"
NO_KEY_READ_ONLY = "This table has no primary key: its records cannot be told apart, so they are read-only"


def read_only_reason(table, model: Model) -> str | None:
    """Why the records of ``table`` cannot be written, or None."""
    if getattr(table, "type", "table") == "view":
        return VIEW_READ_ONLY
    if not model.pk_fields:
        return NO_KEY_READ_ONLY
    return None


class KeyChanges(Sequence):
    """The changes of an insert as ``on_rows_changed`` gets them, ``(None, {title: key})``
    for each row, made only when read (``keys_of(pk_rows)``): a listener that only counts
    the rows makes none."""

    __slots__ = ("_keys_of", "_pk_rows")

    def __init__(self, keys_of, pk_rows: list[tuple]):
        self._keys_of = keys_of
        self._pk_rows = pk_rows

    def __len__(self) -> int:
        return len(self._pk_rows)

    def __iter__(self):
        return zip(itertools.repeat(None), self._keys_of(self._pk_rows))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(zip(itertools.repeat(None), self._keys_of(self._pk_rows[index])))
        return (None, self._keys_of([self._pk_rows[index]])[0])


class RowWriter:
    """Writes rows of one table on the request's data connection."""

    def __init__(self, request, table, model: Model, connection, typecast: bool = False, save_options=None):
        self.request = request
        self.save_options = save_options
        self.table = table
        self.model = model
        self.connection = connection
        self.typecast = typecast
        self._types = {f.id: f.type for f in model.fields}
        self._autos: dict[str, dict] = {}
        self._checked = [f for f in model.fields if f.sa_column is not None and _checks_writes(f.type)]
        # What each name of a body means, looked up once per write (not once per cell), for
        # updates and for inserts (which may also give a record its own key).
        self._names: dict[str, tuple | None] = {}
        self._insert_names: dict[str, tuple | None] = {}
        pks = model.pk_fields
        #: an engine-numbered key that an insert may give (a deleted record brought back
        #: under its own key); never written by an update
        self._given_key = pks[0] if len(pks) == 1 and pks[0].column.ai and pks[0].sa_column is not None else None
        self._read_only = read_only_reason(table, model)
        #: whether the last insert answered the keys alone (no whole records were built)
        self._answered_keys = False

    def _check_writable(self) -> None:
        if self._read_only:
            raise Forbidden(self._read_only)

    # -- values --------------------------------------------------------------
    def _coerce(self, f: Field, value):
        try:
            return self._types[f.id].to_db(value)
        except FieldValueError as exc:
            unknown = getattr(exc, "values", None)
            ftype = self._types[f.id]
            if self.typecast and unknown and isinstance(ftype, HasOptions) and self.save_options:
                return self._add_options(f, ftype, unknown, value)
            raise Unprocessable(f"Invalid value for field '{f.title}': {exc}") from None

    def _add_options(self, f: Field, ftype, unknown, value):
        options = ftype.add_unknown(unknown)
        self.save_options(f.id, options)
        self._types[f.id] = type(ftype)(dataclasses.replace(f.column, col_options=options))
        self._names.clear()  # the coercers of the names met so far include the old type
        return self._types[f.id].to_db(value)

    def prepare(self, data, inserting: bool) -> dict[str, object]:
        """``{field id: stored value}`` from an API object keyed by field titles."""
        if not isinstance(data, dict):
            raise BadRequest("Each record must be a JSON object")
        values: dict[str, object] = {}
        names = self._insert_names if inserting else self._names
        try:
            # The common case in one tight loop: each name's (field id, coercer) is known.
            for name, value in data.items():
                plan = names.get(name, _UNSEEN)
                if plan is _UNSEEN:
                    plan = self._writable(name, inserting)
                if plan is not None:
                    values[plan[0]] = plan[1](value)
        except FieldValueError:
            # Again, value by value, for the error naming the field (or a typecast's new option).
            values = {}
            for name, value in data.items():
                plan = self._writable(name, inserting)
                if plan is not None:
                    values[plan[0]] = self._coerce(self.model.by_id[plan[0]], value)
        values.update(self._auto_values(inserting))
        if inserting:
            for f in self.model.default_fields:
                if f.id not in values:
                    values[f.id] = self._coerce(f, f.column.cdf)
        missing = [
            f.title for f in self.model.required_fields if values.get(f.id) is None and (inserting or f.id in values)
        ]
        if missing:
            raise Unprocessable(f"Missing required columns: {', '.join(missing)}")
        return values

    def prepare_many(self, rows: list) -> list[dict] | ColumnBatch:
        """``prepare(row, inserting=True)`` of each of ``rows``: field by field over the whole
        batch (each type's ``to_db_many``) when every row names the same fields; row by row
        otherwise, and when a value is refused (for the error naming its field, or a
        typecast's new option)."""
        if len(rows) > 1 and type(rows[0]) is dict:
            names = list(rows[0])
            # every row a dict of as many names as the first, each holding every one of them
            # (a name missing raises KeyError): the same names, checked without a loop per row
            if names and set(map(type, rows)) == {dict} and set(map(len, rows)) == {len(names)}:
                take = operator.itemgetter(*names)
                try:
                    if len(names) > 1:
                        columns = list(zip(*map(take, rows), strict=True))
                    else:
                        columns = [list(map(take, rows))]
                except KeyError:
                    columns = None
                try:
                    prepared = None if columns is None else self.prepare_columns(names, columns, len(rows))
                except (APIError, FieldValueError):
                    prepared = None
                if prepared is not None:
                    return prepared
        return [self.prepare(row, inserting=True) for row in rows]

    def prepare_columns(self, names: list[str], columns: list, count: int) -> ColumnBatch | None:
        """The prepared rows of an insert given as ``columns`` of ``count`` values, one per
        body name of ``names``; None when only ``prepare`` row by row can say (a name given
        twice for one field, a required field left empty). Raises as ``prepare`` would for
        a refused value."""
        stored = self.store_columns(names, columns)
        return None if stored is None else self.column_batch(stored, count)

    def store_columns(self, names: list[str], columns: list, pause=None) -> dict[str, list] | None:
        """The stored values of ``columns`` (one per body name of ``names``) by field id, by
        each field's type alone (``to_db_many``; ``pause()`` called after each column);
        None for a name given twice for one field. Raises as ``prepare`` would for a
        refused value."""
        stored: dict[str, list] = {}
        for name, column in zip(names, columns, strict=True):
            plan = self._insert_names.get(name, _UNSEEN)
            if plan is _UNSEEN:
                plan = self._writable(name, True)
            if plan is None:
                continue
            if plan[0] in stored:
                return None
            stored[plan[0]] = self._types[plan[0]].to_db_many(column)
            if pause is not None:
                pause()
        return stored

    def column_batch(self, by_field: dict[str, list], count: int) -> ColumnBatch | None:
        """The prepared rows of an insert of ``count`` rows whose stored columns are
        ``by_field`` (``store_columns``): with this write's system values and the defaults;
        None when a required field is left empty."""
        fids, stored = list(by_field), list(by_field.values())
        # the same for every row: system values (over any given), then defaults
        constants = dict(self._auto_values(True))
        for f in self.model.default_fields:
            if f.id not in constants and f.id not in fids:
                constants[f.id] = self._coerce(f, f.column.cdf)
        for f in self.model.required_fields:
            if f.id in constants:
                if constants[f.id] is None:
                    return None
            elif f.id not in fids or None in stored[fids.index(f.id)]:
                return None
        columns = {fid: values for fid, values in zip(fids, stored, strict=True) if fid not in constants}
        return ColumnBatch(count, columns, constants)

    def _writable(self, name: str, inserting: bool = False) -> tuple | None:
        """``(field id, to_db)`` of the stored field a body's ``name`` writes (None: a
        read-only one, ignored). An insert may give the engine-numbered key a value."""
        f = self.model.find(name)
        if f is None:
            raise BadRequest(f"Field '{name}' not found in table '{self.model.title}'")
        if f.computed:
            raise BadRequest(f"Field '{f.title}' is computed ({f.column.uidt}) and cannot be written")
        writable = f.sa_column is not None and (not f.type.read_only or (inserting and f is self._given_key))
        plan = (f.id, self._types[f.id].to_db) if writable else None
        (self._insert_names if inserting else self._names)[name] = plan
        return plan

    def _check(self, prepared: list[dict]) -> None:
        """Values checked against the database (foreign keys), once for the whole write."""
        for f in self._checked:
            given = [values[f.id] for values in prepared if values.get(f.id) is not None]
            if given:
                try:
                    f.type.check_values(self.connection, given)
                except FieldValueError as exc:
                    raise Unprocessable(f"Invalid value for field '{f.title}': {exc}") from None

    def _auto_values(self, inserting: bool) -> dict:
        """System values (timestamps) for this write, the same for every row of a batch."""
        key = "insert" if inserting else "update"
        if key not in self._autos:
            pairs = (
                (f.id, f.type.insert_value() if inserting else f.type.update_value()) for f in self.model.auto_fields
            )
            self._autos[key] = {fid: value for fid, value in pairs if value is not None}
        return self._autos[key]

    def _api(self, values: dict[str, object]) -> dict:
        by_id = self.model.by_id
        return {by_id[fid].title: self._types[fid].to_api(v) for fid, v in values.items()}

    # -- insert ----------------------------------------------------------------
    def insert(self, rows: list, want_rows: bool = False) -> list[dict]:
        """Insert ``rows``; answers their primary keys (``{title: value}``), or the whole
        rows when ``want_rows``."""
        with paused_gc(len(rows)):
            return self.insert_prepared(self.prepare_many(rows), want_rows)

    def insert_keys(self, rows: list) -> list[dict]:
        """Insert ``rows``; answers only their primary keys (``{title: value}``)."""
        self._answered_keys = False
        found = self.insert(rows)
        if self._answered_keys:
            return found
        titles = [f.title for f in self.model.pk_fields]
        return [{title: row.get(title) for title in titles} for row in found]

    def insert_prepared(
        self, prepared: list[dict] | ColumnBatch, want_rows: bool = False, want_keys: bool = True
    ) -> list[dict]:
        """Insert rows already through ``prepare`` or ``prepare_columns`` (an import
        prepares them apart, to skip and report the bad ones); answers as ``insert``, or
        nothing (an empty list) when neither ``want_rows`` nor ``want_keys``."""
        self._check_writable()
        if not prepared:
            return []
        self._check(prepared)
        pk_fields = self.model.pk_fields
        pks = [f.sa_column for f in pk_fields]
        keys = sorted(prepared.keys() if isinstance(prepared, ColumnBatch) else set().union(*prepared))
        if len(prepared) > 1 and self._sqlite_rowids(keys):
            pk_rows = self._insert_sqlite_many(keys, prepared)
        elif (pk_rows := self._copy(keys, prepared)) is not None:
            pass
        else:
            given = self._given_key is not None and self._given_key.id in keys
            try:
                pk_rows = self._insert_rows(keys, prepared)
            except sa.exc.IntegrityError:
                raise Conflict("A record with the same key exists already") from None
            if given:
                self._keep_numbering_ahead()
        if not want_rows and not notify.wants_whole_rows(self.request, "insert", self.table):
            # Listeners that read only the keys (realtime) get these rows: no record is built.
            if not want_keys:
                # nor the keys, unless a listener reads them (most only count the rows)
                notify.rows_changed(self.request, self.table, "insert", KeyChanges(self._api_keys, pk_rows))
                return []
            keys = self._api_keys(pk_rows)
            notify.rows_changed(self.request, self.table, "insert", list(zip(itertools.repeat(None), keys)))
            self._answered_keys = True
            return keys
        afters = []
        # Each stored field's title, id, and its type's to_api unless it shows values as stored.
        shown = [
            (f.title, f.id, None if type(self._types[f.id]).to_api is FieldType.to_api else self._types[f.id].to_api)
            for f in self.model.fields
            if f.sa_column is not None
        ]
        # The system timestamps are the same for every row: shown once, in every record.
        autos = self._auto_values(True)
        template = {}
        for title, fid, to_api in shown:
            value = autos.get(fid)
            template[title] = value if to_api is None or value is None else to_api(value)
        shown = [(title, fid, to_api) for title, fid, to_api in shown if fid not in autos]
        for values, pk_row in zip(prepared, pk_rows, strict=True):
            values = {**values, **{c.key: v for c, v in zip(pks, pk_row, strict=True)}}
            get = values.get
            record = template.copy()
            record.update({title: get(fid) if to_api is None else to_api(get(fid)) for title, fid, to_api in shown})
            afters.append(record)
        if self.model.computed_fields:
            keys = [{f.id: v for f, v in zip(pk_fields, pk_row, strict=True)} for pk_row in pk_rows]
            afters = self._reread(keys, afters)
        notify.rows_changed(self.request, self.table, "insert", [(None, a) for a in afters])
        return afters

    def _api_keys(self, pk_rows: list[tuple]) -> list[dict]:
        """``{title: value}`` of each inserted row's primary key."""
        pk_fields = self.model.pk_fields
        if len(pk_fields) == 1 and type(pk_fields[0].type).to_api is FieldType.to_api:
            title = pk_fields[0].title  # a key shown as stored: one small dict per row
            return list(map(dict.fromkeys, itertools.repeat((title,)), map(operator.itemgetter(0), pk_rows)))
        return [{f.title: f.type.to_api(v) for f, v in zip(pk_fields, pk_row, strict=True)} for pk_row in pk_rows]

    def _keep_numbering_ahead(self) -> None:
        """After keys were given on insert, PostgreSQL's sequence must still number new
        records past every key (SQLite and MariaDB take the largest key plus one); it is
        only ever moved forward."""
        if self.connection.dialect.name != "postgresql":
            return
        column = self._given_key.sa_column
        quoted = '"' + self.model.table.name.replace('"', '""') + '"'
        sequence = sa.func.pg_get_serial_sequence(quoted, column.name)
        largest = sa.select(sa.func.coalesce(sa.func.max(column), 0)).scalar_subquery()
        last = sa.func.coalesce(sa.func.pg_sequence_last_value(sa.cast(sequence, postgresql.REGCLASS)), 0)
        self.connection.execute(sa.select(sa.func.setval(sequence, sa.func.greatest(largest, last, 1), sa.true())))

    def _copy(self, keys: list[str], prepared) -> list[tuple] | None:
        """The batch through ``pg_copy`` when it may go: PostgreSQL, a batch of columns of
        at least ``COPY_FROM`` rows, an engine-numbered integer key no row gives, with a
        sequence, and columns taking their values as they are; None otherwise."""
        key = self._given_key
        if not (
            self.connection.dialect.name == "postgresql"
            and isinstance(prepared, ColumnBatch)
            and len(prepared) >= pg_copy.COPY_FROM
            and key is not None
            and key.id not in keys
            and isinstance(key.sa_column.type, sa.Integer)
            and pg_copy.copyable(self.model.table, keys)
        ):
            return None
        try:
            return pg_copy.copy_rows(self.connection, self.model.table, key.sa_column, keys, prepared)
        except sa.exc.IntegrityError:
            raise Conflict("A record with the same key exists already") from None

    def _sqlite_rowids(self, keys: list[str]) -> bool:
        """Whether a batch may go through ``_insert_sqlite_many``: SQLite, a key that is the
        table's integer rowid, and no row giving it a value."""
        if self.connection.dialect.name != "sqlite":
            return False
        pks = self.model.pk_fields
        if len(pks) != 1 or pks[0].id in keys or not pks[0].column.ai:
            return False
        return isinstance(pks[0].sa_column.type, sa.Integer)

    def _insert_rows(self, keys: list[str], prepared: list[dict]) -> list[tuple]:
        table = self.model.table
        pks = [f.sa_column for f in self.model.pk_fields]
        params = [{k: values.get(k) for k in keys} for values in prepared]
        if len(params) > 1 and self.connection.dialect.insert_executemany_returning_sort_by_parameter_order:
            result = self.connection.execute(table.insert().returning(*pks, sort_by_parameter_order=True), params)
            return result.all()
        pk_rows = []
        for param in params:
            result = self.connection.execute(table.insert().values(param) if param else table.insert())
            pk_rows.append(tuple(result.inserted_primary_key))
        return pk_rows

    def _insert_sqlite_many(self, keys: list[str], rows: list[dict]) -> list[tuple]:
        """One ``executemany`` of a plain INSERT (no RETURNING, which SQLite would need
        row by row to keep the order), then the keys from ``last_insert_rowid()``.

        The rows of one batch get consecutive rowids: each takes the largest rowid plus
        one, and no other connection can insert in between, since the transaction holds
        SQLite's write lock from its first write to its commit (and the source's writer
        lock, ``DataTransaction.begin_write``, keeps this process's other requests out).
        The count of rows in that range checks it."""
        connection = self.connection
        sqlite_batch.insert_many(connection, self.model.table, keys, rows, self.model.statements)
        last = connection.exec_driver_sql("SELECT last_insert_rowid()").scalar_one()
        first = last - len(rows) + 1
        pk = self.model.pk_fields[0].sa_column
        found = connection.execute(
            sa.select(sa.func.count()).select_from(self.model.table).where(pk.between(first, last))
        ).scalar_one()
        if found != len(rows):
            raise RuntimeError(f"inserted rows are not numbered {first}..{last} ({found} found)")
        return KeyRows(range(first, last + 1))

    # -- update ----------------------------------------------------------------
    def _rows_where(self, clause) -> list[tuple[dict, dict]]:
        """``(key, record)`` of the rows matching ``clause``, computed fields included."""
        fields = [f for f in self.model.fields if f.expr is not None]
        pk_fields = self.model.pk_fields
        result = self.connection.execute(sa.select(*select_columns(fields)).select_from(self.model.table).where(clause))
        rows = []
        for row in result:
            record = row_json(fields, row)
            key = {f.id: row._mapping[f.sa_column] for f in pk_fields}
            rows.append((key, record))
        return rows

    def _reread(self, keys: list[dict], fallback: list[dict]) -> list[dict]:
        """The records of ``keys`` as stored now (so computed fields reflect the write),
        in one query per chunk of keys."""
        found = {tuple(k.values()): row for clause in self._keys_clauses(keys) for k, row in self._rows_where(clause)}
        return [found.get(tuple(k.values()), row) for k, row in zip(keys, fallback, strict=True)]

    def update(self, items: list[tuple[dict, dict]]) -> list[tuple[dict, dict]]:
        self._check_writable()
        prepared = [(key, self.prepare(data, inserting=False)) for key, data in items]
        self._check([values for _key, values in prepared])
        keys = [key for key, _values in prepared]
        befores = {tuple(k.values()): row for clause in self._keys_clauses(keys) for k, row in self._rows_where(clause)}
        changes = []
        for key, values in prepared:
            before = befores.get(tuple(key.values()))
            if before is None:
                raise NotFound(f"Record '{'___'.join(str(v) for v in key.values())}' not found")
            if values:
                self.connection.execute(self.model.table.update().where(pk_clause(self.model, key)).values(values))
            changes.append((before, {**before, **self._api(values)}))
        if self.model.computed_fields and changes:
            afters = self._reread(keys, [after for _before, after in changes])
            changes = [(before, after) for (before, _old), after in zip(changes, afters, strict=True)]
        notify.rows_changed(self.request, self.table, "update", changes)
        return changes

    def update_where(self, clause, data: dict) -> int:
        self._check_writable()
        values = self.prepare(data, inserting=False)
        self._check([values])
        clause = clause if clause is not None else sa.true()
        found = self._rows_where(clause)
        if found and values:
            self.connection.execute(self.model.table.update().where(clause).values(values))
        after = self._api(values)
        changes = [(row, {**row, **after}) for _k, row in found]
        if self.model.computed_fields and found and notify.wants_whole_rows(self.request, "update", self.table):
            afters = self._reread([k for k, _row in found], [a for _b, a in changes])
            changes = [(before, a) for (before, _old), a in zip(changes, afters, strict=True)]
        notify.rows_changed(self.request, self.table, "update", changes)
        return len(found)

    # -- delete ----------------------------------------------------------------
    def _keys_clauses(self, keys: list[dict]):
        """Conditions matching ``keys``, in chunks that stay under every driver's limit of
        bound parameters."""
        pks = self.model.pk_fields
        for start in range(0, len(keys), KEY_CHUNK):
            chunk = keys[start : start + KEY_CHUNK]
            if len(pks) == 1:
                yield pks[0].sa_column.in_([key[pks[0].id] for key in chunk])
            else:
                yield sa.or_(*(pk_clause(self.model, key) for key in chunk))

    def delete(self, keys: list[dict]) -> list[dict]:
        self._check_writable()
        if not keys:
            return []
        found = [pair for clause in self._keys_clauses(keys) for pair in self._rows_where(clause)]
        if len(found) < len({tuple(k.values()) for k in keys}):
            present = {tuple(k.values()) for k, _row in found}
            missing = next(k for k in keys if tuple(k.values()) not in present)
            raise NotFound(f"Record '{'___'.join(str(v) for v in missing.values())}' not found")
        history_links.capture(self.request, self.connection, self.model, found)
        notify.rows_deleting(self.request, self.table, self.model, self.connection, list(self._keys_clauses(keys)))
        for clause in self._keys_clauses(keys):
            self.connection.execute(self.model.table.delete().where(clause))
        notify.rows_changed(self.request, self.table, "delete", [(row, None) for _k, row in found])
        return [row for _k, row in found]

    def delete_where(self, clause) -> int:
        self._check_writable()
        clause = clause if clause is not None else sa.true()
        found = self._rows_where(clause)
        if found:
            history_links.capture(self.request, self.connection, self.model, found)
            notify.rows_deleting(self.request, self.table, self.model, self.connection, [clause])
            self.connection.execute(self.model.table.delete().where(clause))
        notify.rows_changed(self.request, self.table, "delete", [(row, None) for _k, row in found])
        return len(found)
