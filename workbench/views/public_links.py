"""Link fields of a shared view: what the public may see of the tables they reach.

Through a shown link field the public sees only the related table's primary key and
display value, never its other fields: the records a shared form may pick
(``choices``), the records linked to a record the view shows (``linked``), and the
related table's model in the meta's ``relatedMetas`` (``related_meta``).

A link field is one whose type ``links_records`` and answers ``RelatesRecords``; how the
relation is stored is the type's business.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.data import search
from workbench.data import where as where_syntax
from workbench.data.model import Field, Model
from workbench.data.query import count_rows, list_params, select_rows
from workbench.data.where import Condition
from workbench.errors import BadRequest, NotFound
from workbench.fields.interfaces import FieldType, FieldValueError, RelatesRecords
from workbench.paging import paged
from workbench.records.loading import TableRef, load_table_ref_by_id, model_for
from workbench.views.public import PublicTable


def relates(ftype: FieldType) -> RelatesRecords | None:
    """The type of a link field whose options describe a relation, else None."""
    if not ftype.links_records or not isinstance(ftype, RelatesRecords):
        return None
    return ftype if ftype.related_table_id() is not None else None


def is_link(f: Field) -> bool:
    return relates(f.type) is not None


class PublicLink:
    """A shown link field of a shared view and the related table's key and display value."""

    def __init__(self, public: PublicTable, field_key: str):
        found = public.model.find(str(field_key))
        relation = relates(found.type) if found is not None else None
        if found is None or found.id not in public.field_ids or relation is None:
            raise NotFound(f"Link field '{field_key}' not found")
        self.public = public
        self.request = public.request
        self.field = found
        #: the field's type, as ``RelatesRecords``
        self.relation: RelatesRecords = relation
        self.kind: str = relation.relation_kind()
        #: whether the record stores the related record's key (one linked record), and the
        #: field holding it
        self.stores_key: bool = relation.stores_key()
        self.stored_key: Field | None = public.model.by_id.get(relation.link_key_id()) if self.stores_key else None
        self.related_ref: TableRef = load_table_ref_by_id(self.request, relation.related_table_id())
        self.related: Model = model_for(self.request, self.related_ref, public.model.dialect)
        pv = self.related.pv_field
        self.fields: list[Field] = list(self.related.pk_fields)
        if pv is not None and pv not in self.fields:
            self.fields.append(pv)
        self.field_ids = {f.id for f in self.fields}

    @property
    def connection(self):
        return self.public.connection

    # -- parameters: only the key and the display value may be named ---------------------
    def _find(self, name) -> Field:
        found = self.related.find(str(name)) if name is not None else None
        if found is None or found.id not in self.field_ids:
            raise BadRequest(f"Field '{name}' not found in table '{self.related.title}'")
        return found

    def _check_tree(self, node) -> None:
        if isinstance(node, Condition):
            self._find(node.field)
            return
        for _logic, _negate, child in node.items:
            self._check_tree(child)

    def _params(self):
        params = self.request.params
        for key in ("where", "w"):
            for text in params.getall(key):
                tree = where_syntax.parse(text)
                if tree is not None:
                    self._check_tree(tree)
        for key in ("sort", "s", "fields", "f"):
            for value in params.getall(key):
                for name in str(value).split(","):
                    if name.strip():
                        self._find(name.strip().lstrip("-+"))
        if any(params.get(name) for name in search.VALUE_PARAMS):
            named = (params.get(search.FIELD_PARAM) or "").strip()
            if named:
                self._find(named)
        for name in ("filterArrJson", "sortArrJson"):
            if params.get(name):
                raise BadRequest(f"{name} is not accepted here")
        result = list_params(self.request, self.related)
        result.fields = list(self.fields)
        return result

    def _page(self, clause) -> dict:
        params = self._params()
        if clause is not None:
            params.conditions.append(clause)
        rows = select_rows(self.connection, self.related, params)
        if params.offset == 0 and len(rows) < params.limit:
            total = len(rows)
        else:
            total = count_rows(self.connection, self.related, params.where)
        rows = [{f.title: row.get(f.title) for f in self.fields} for row in rows]
        return paged(rows, total, params.limit, params.offset)

    # -- reading ------------------------------------------------------------------------
    def choices(self) -> dict:
        """Records a shared form may link: all of the related table's, paged, searchable."""
        return self._page(None)

    def linked(self, row_id, kind: str) -> dict:
        """Records linked to a record the view shows (``kind``: ``hm`` or ``mm``)."""
        if kind != self.kind:
            raise BadRequest(f"Field '{self.field.title}' is a {self.kind} link, not {kind}")
        key = self.public.shown_row_key(row_id)
        source = self.public.model.by_id.get(self.relation.link_key_id())
        if source is None:
            raise NotFound(f"Link field '{self.field.title}' not found")
        value = self.connection.execute(
            sa.select(source.sa_column)
            .select_from(self.public.model.table)
            .where(*(self.public.model.by_id[fid].sa_column == v for fid, v in key.items()))
        ).scalar()
        clause = sa.false() if value is None else self.relation.linked_condition(self.related.table, value)
        return self._page(clause)

    # -- form values ------------------------------------------------------------------
    def keys(self, value) -> list:
        """Related keys given for the field in a form: a key or ``{pk: key}`` for a link
        that stores its key (one record), a list of those for others. Unknown records: 400."""
        if value is None or value == "" or value == []:
            return []
        items = value if isinstance(value, list) else [value]
        if self.stores_key and len(items) > 1:
            raise BadRequest(f"{self.field.title} links one record", field=self.field.title)
        if len(self.related.pk_fields) != 1:
            raise BadRequest(f"{self.field.title} cannot be linked from a form", field=self.field.title)
        pk = self.related.pk_fields[0]
        values = []
        for item in items:
            if isinstance(item, dict):
                item = next((item[n] for n in (pk.title, pk.column.column_name, "id", "Id") if n in item), None)
            if item is None or isinstance(item, (list, dict, bool)):
                raise BadRequest(f"{self.field.title}: invalid record id {item!r}", field=self.field.title)
            try:
                values.append(pk.type.to_db(item))
            except (FieldValueError, ValueError, TypeError):
                raise BadRequest(f"{self.field.title}: invalid record id {item!r}", field=self.field.title) from None
        values = list(dict.fromkeys(values))
        found = set(
            self.connection.execute(
                sa.select(pk.sa_column).select_from(self.related.table).where(pk.sa_column.in_(values))
            ).scalars()
        )
        missing = next((v for v in values if v not in found), None)
        if missing is not None:
            raise BadRequest(
                f"{self.field.title}: record '{missing}' not found in table '{self.related.title}'",
                field=self.field.title,
            )
        return values
