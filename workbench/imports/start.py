"""Starting an import: the edited template checked, the new tables created (through the
meta API's own service: title rules, unique names, default grid view, DDL in the request's
unit of work) or the column map of an existing table resolved."""

from __future__ import annotations

from workbench.data.unit import data_transaction
from workbench.errors import BadRequest
from workbench.fields.lookup import field_type_class
from workbench.fields.roles import default_text
from workbench.plugins import notify
from workbench.records.loading import load_table_ref_by_id, model_for
from workbench.tables import services as table_services
from workbench.tables.models import Table
from workbench.tables.naming import check_title, unique_name
from workbench.tables.serialize import table_json


def _string(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(f"{what} is required")
    return value.strip()


def check_template(registry, template, known: dict) -> list[dict]:
    """The template's tables, checked against what the upload found (``known``:
    ref_table_name -> ref column names); 400 naming the bad table or column."""
    if not isinstance(template, dict) or not isinstance(template.get("tables"), list) or not template["tables"]:
        raise BadRequest("template.tables must be a non-empty list")
    tables, titles = [], set()
    for table in template["tables"]:
        if not isinstance(table, dict):
            raise BadRequest("Each template table must be an object")
        ref = table.get("ref_table_name")
        if ref not in known:
            raise BadRequest(f"Table '{ref}' is not in the uploaded file")
        title = check_title(table.get("table_name"), "Table")
        if title.lower() in titles:
            raise BadRequest(f"Table '{title}' appears twice in the template")
        titles.add(title.lower())
        columns = table.get("columns")
        if not isinstance(columns, list) or not columns:
            raise BadRequest(f"Table '{title}' has no columns to import")
        names, refs, checked = set(), set(), []
        for column in columns:
            if not isinstance(column, dict):
                raise BadRequest(f"Table '{title}': each column must be an object")
            ref_column = column.get("ref_column_name")
            if ref_column not in known[ref]:
                raise BadRequest(f"Column '{ref_column}' is not in the file's table '{ref}'")
            if ref_column in refs:
                raise BadRequest(f"Column '{ref_column}' of table '{title}' is imported twice")
            refs.add(ref_column)
            name = check_title(column.get("column_name"), "Column")
            if name.lower() in names:
                raise BadRequest(f"Column name '{name}' appears twice in table '{title}'")
            names.add(name.lower())
            uidt = column.get("uidt") or default_text(registry["field_types"]).name
            if not isinstance(uidt, str) or uidt not in registry["field_types"]:
                raise BadRequest(f"Column '{name}' of table '{title}': unknown field type (uidt) {uidt!r}")
            cls = field_type_class(registry, uidt)
            # values the engine sets (keys, timestamps, computed fields, links) and files
            # are not stored from a file
            if cls.read_only or cls.holds_files:
                raise BadRequest(f"Column '{name}' of table '{title}': a {uidt} field cannot be imported")
            meta = column.get("meta") if isinstance(column.get("meta"), dict) else {}
            dtxp = column.get("dtxp") if isinstance(column.get("dtxp"), str) else ""
            checked.append(
                {"column_name": name, "ref_column_name": ref_column, "uidt": uidt, "meta": meta, "dtxp": dtxp}
            )
        tables.append({"table_name": title, "ref_table_name": ref, "columns": checked})
    return tables


def create_tables(request, project, tables: list[dict]) -> list[dict]:
    """Create each template table; answers ``[{"id", "title", "ref_table_name", "created",
    "columns": {ref_column_name: column id}}]``."""
    made = []
    taken = [t.title for t in table_services.project_tables(request, project.id)]
    for spec in tables:
        # An import chooses a free title itself: "people", else "people_1", ...
        title = unique_name(spec["table_name"], taken)
        taken.append(title)
        body = {
            "title": title,
            "columns": [
                {"title": c["column_name"], "uidt": c["uidt"], "meta": c["meta"], "dtxp": c["dtxp"]}
                for c in spec["columns"]
            ],
        }
        table = table_services.create_table(request, project, body)
        # The template's columns, in its order, after the system columns.
        own = [c for c in table.columns if not c.system and not c.pk]
        mapping = {
            column["ref_column_name"]: made_column.id for column, made_column in zip(spec["columns"], own, strict=True)
        }
        notify.meta_changed(request, "table", "insert", table_json(table, registry=request.registry))
        made.append(
            {
                "id": table.id,
                "title": table.title,
                "ref_table_name": spec["ref_table_name"],
                "created": True,
                "columns": mapping,
            }
        )
    return made


def map_existing(request, table: Table, spec: dict, column_map) -> dict:
    """``{ref_column_name: column id}`` for an import into ``table``: the caller's map
    (null skips a column), else titles matched case-insensitively; 400 for an unknown or
    unwritable column, or a required one left unmapped."""
    ref = load_table_ref_by_id(request, table.id)
    model = model_for(request, ref, data_transaction(request, table.source).dialect)
    if column_map is not None and not isinstance(column_map, dict):
        raise BadRequest("column_map must be an object")
    mapping: dict[str, str] = {}
    for column in spec["columns"]:
        source = column["ref_column_name"]
        if column_map is not None and source in column_map:
            target = column_map[source]
            if target is None:
                continue
            field = model.by_id.get(target) if isinstance(target, str) else None
            if field is None:
                raise BadRequest(f"Column '{target}' is not a column of table '{table.title}'")
        else:
            field = _by_title(model, column["column_name"]) or _by_title(model, source)
            if field is None:
                continue
        if field.computed or field.type.read_only or field.sa_column is None or field.column.pk:
            raise BadRequest(f"Column '{field.title}' of table '{table.title}' cannot be imported into")
        if field.id in mapping.values():
            raise BadRequest(f"Column '{field.title}' of table '{table.title}' is mapped twice")
        mapping[source] = field.id
    if not mapping:
        raise BadRequest(f"No column of the file matches a column of table '{table.title}'")
    missing = [
        f.title
        for f in model.required_fields
        if f.id not in mapping.values() and not f.column.pk and not f.column.system and f.column.cdf in (None, "")
    ]
    if missing:
        raise BadRequest(f"Required column '{missing[0]}' of table '{table.title}' is not mapped")
    return mapping


def _by_title(model, name: str):
    lower = name.lower()
    return next((f for f in model.fields if f.title.lower() == lower), None)
