"""The OpenAPI 3.1 document of one project's data: for every table, the records API
(v1 by project and table title, v2 by table id) with each field's JSON type.

Served at ``/api/v1/db/meta/projects/{projectId}/swagger.json`` (NocoDB's path) and
``/api/v2/meta/bases/{projectId}/swagger.json``. Each field type describes its own JSON
value (``FieldType.json_schema()``); a column whose type no enabled plugin provides is
left open.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from workbench import __version__
from workbench.openapi.builder import ERROR_SCHEMA, SECURITY_SCHEMES

LIST_PARAMETERS = (
    ("where", "filter, e.g. (Status,eq,done)~and(Qty,gt,3)"),
    ("sort", "comma-separated fields, '-' for descending"),
    ("fields", "comma-separated fields to return"),
    ("limit", "page size (default 25)"),
    ("offset", "rows to skip"),
    ("searchValue", "quick search text"),
    ("searchField", "the field to search (default: every searchable field)"),
)

GROUPBY_PARAMETERS = (
    ("column_name", "the field (or comma-separated fields) to group by"),
    ("sort", "grouped fields or count, '-' for descending"),
    *LIST_PARAMETERS[:1],
    *LIST_PARAMETERS[3:],
)


def field_schema(registry, column) -> dict:
    """The JSON schema of one column's API value (nullable unless it is a primary key):
    what its field type answers (``json_schema()``), open for a type no plugin provides."""
    types = registry["field_types"]
    schema = dict(types.get(column.uidt)(column).json_schema()) if column.uidt in types else {}
    if "type" in schema and not column.pk:
        schema["type"] = [schema["type"], "null"]
    if column.title:
        schema.setdefault("title", column.title)
    return schema


def _writable(registry, column) -> bool:
    types = registry["field_types"]
    if column.uidt not in types:
        return False
    return not (column.ai or types.get(column.uidt).read_only)


def _component_name(title: str, taken: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_.-]+", "_", title).strip("_") or "Table"
    name, n = base, 1
    while name in taken or f"{name}Request" in taken:
        n += 1
        name = f"{base}_{n}"
    taken.update((name, f"{name}Request"))
    return name


def _query(names) -> list[dict]:
    return [
        {"name": n, "in": "query", "required": False, "description": d, "schema": {"type": "string"}} for n, d in names
    ]


def _path_parameter(name: str, description: str) -> dict:
    return {"name": name, "in": "path", "required": True, "description": description, "schema": {"type": "string"}}


def _json(schema: dict) -> dict:
    return {"content": {"application/json": {"schema": schema}}}


def _operation(op_id: str, tag: str, summary: str, response: dict, **more) -> dict:
    return {
        "operationId": op_id,
        "tags": [tag],
        "summary": summary,
        "responses": {
            "200": {"description": "Success", **_json(response)},
            "default": {"description": "Error", **_json({"$ref": "#/components/schemas/Error"})},
        },
        **more,
    }


def table_paths(project_id: str, table, name: str) -> dict:
    """The v1 and v2 records paths of one table; ``name`` is its component schema."""
    row = {"$ref": f"#/components/schemas/{name}"}
    body = {"required": True, **_json({"$ref": f"#/components/schemas/{name}Request"})}
    page = {
        "type": "object",
        "properties": {"list": {"type": "array", "items": row}, "pageInfo": {"$ref": "#/components/schemas/PageInfo"}},
    }
    count = {"type": "object", "properties": {"count": {"type": "integer"}}}
    keys = {"type": "object", "description": "the record's primary key"}
    key_list = {"oneOf": [keys, {"type": "array", "items": keys}]}
    row_id = [_path_parameter("rowId", "the record's primary key (composite keys joined with ___)")]
    tag = table.title
    v1 = f"/api/v1/db/data/noco/{quote(project_id, safe='')}/{quote(table.title, safe='')}"
    v2 = f"/api/v2/tables/{quote(table.id, safe='')}/records"
    t = f"{name}"
    return {
        v1: {
            "get": _operation(f"{t}.list", tag, f"List {table.title}", page, parameters=_query(LIST_PARAMETERS)),
            "post": _operation(f"{t}.create", tag, f"Create a {table.title} record", row, requestBody=body),
        },
        f"{v1}/count": {
            "get": _operation(f"{t}.count", tag, f"Count {table.title}", count, parameters=_query(LIST_PARAMETERS[:1]))
        },
        f"{v1}/groupby": {
            "get": _operation(
                f"{t}.groupby",
                tag,
                f"Distinct values of {table.title} fields with their record counts",
                {
                    "type": "object",
                    "properties": {
                        "list": {"type": "array", "items": {"type": "object"}},
                        "pageInfo": {"$ref": "#/components/schemas/PageInfo"},
                    },
                },
                parameters=_query(GROUPBY_PARAMETERS),
            )
        },
        f"{v1}/{{rowId}}": {
            "get": _operation(f"{t}.read", tag, f"Read a {table.title} record", row, parameters=row_id),
            "patch": _operation(
                f"{t}.update", tag, f"Update a {table.title} record", row, parameters=row_id, requestBody=body
            ),
            "delete": _operation(
                f"{t}.delete", tag, f"Delete a {table.title} record", {"type": "integer"}, parameters=row_id
            ),
        },
        v2: {
            "get": _operation(f"{t}.v2.list", tag, f"List {table.title}", page, parameters=_query(LIST_PARAMETERS)),
            "post": _operation(
                f"{t}.v2.create",
                tag,
                f"Create {table.title} records (one object or an array)",
                key_list,
                requestBody={"required": True, **_json({"oneOf": [row, {"type": "array", "items": row}]})},
            ),
            "patch": _operation(
                f"{t}.v2.update",
                tag,
                f"Update {table.title} records, each with its primary key",
                key_list,
                requestBody={"required": True, **_json({"oneOf": [row, {"type": "array", "items": row}]})},
            ),
            "delete": _operation(
                f"{t}.v2.delete",
                tag,
                f"Delete {table.title} records by primary key",
                key_list,
                requestBody={"required": True, **_json(key_list)},
            ),
        },
        f"{v2}/count": {
            "get": _operation(
                f"{t}.v2.count", tag, f"Count {table.title}", count, parameters=_query(LIST_PARAMETERS[:1])
            )
        },
        f"{v2}/{{recordId}}": {
            "get": _operation(
                f"{t}.v2.read",
                tag,
                f"Read a {table.title} record",
                row,
                parameters=[_path_parameter("recordId", "the record's primary key")],
            )
        },
    }


def build_project_document(registry, project, tables) -> dict[str, Any]:
    """``tables``: the project's tables, each with its ``columns``."""
    schemas: dict[str, Any] = {
        "Error": ERROR_SCHEMA,
        "PageInfo": {
            "type": "object",
            "properties": {
                "totalRows": {"type": "integer"},
                "page": {"type": "integer"},
                "pageSize": {"type": "integer"},
                "isFirstPage": {"type": "boolean"},
                "isLastPage": {"type": "boolean"},
            },
        },
    }
    paths: dict[str, Any] = {}
    taken: set[str] = set(schemas)
    for table in tables:
        name = _component_name(table.title, taken)
        columns = sorted(table.columns, key=lambda c: (c.order is None, c.order or 0))
        schemas[name] = {
            "type": "object",
            "title": table.title,
            "properties": {c.title: field_schema(registry, c) for c in columns},
        }
        writable = [c for c in columns if _writable(registry, c)]
        schemas[f"{name}Request"] = {
            "type": "object",
            "properties": {c.title: field_schema(registry, c) for c in writable},
            "required": sorted({c.title for c in writable if c.rqd and c.cdf is None and not c.pk}),
        }
        if not schemas[f"{name}Request"]["required"]:
            del schemas[f"{name}Request"]["required"]
        paths.update(table_paths(project.id, table, name))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": f"{project.title} (Workbench project)",
            "version": __version__,
            "description": f"Records API of the tables of project '{project.title}'.",
        },
        "tags": [{"name": t.title} for t in tables],
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES},
        "security": [{"xcAuth": []}, {"xcToken": []}, {"bearer": []}],
    }
