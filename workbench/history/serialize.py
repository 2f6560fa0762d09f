"""An entry as the API shows it: NocoDB's audit fields (``op_type``, ``op_sub_type``,
``description``, ``details``, ``user``, ``fk_model_id``, ``row_id``, ``base_id``) and
Workbench's own (``op``, ``detail`` as an object, ``via``, ``user_id``)."""

from __future__ import annotations

from workbench.history.entries import loads
from workbench.meta.base import isoformat

#: Workbench's op: NocoDB's (op_type, op_sub_type)
NOCODB_OPS = {
    "insert": ("DATA", "INSERT"),
    "update": ("DATA", "UPDATE"),
    "delete": ("DATA", "DELETE"),
    "link": ("DATA", "LINK_RECORD"),
    "unlink": ("DATA", "UNLINK_RECORD"),
    "restore": ("DATA", "RESTORE"),
    "import": ("DATA", "IMPORT"),
    "table_insert": ("TABLE", "CREATE"),
    "table_update": ("TABLE", "UPDATE"),
    "table_delete": ("TABLE", "DELETE"),
    "column_insert": ("TABLE_COLUMN", "CREATE"),
    "column_update": ("TABLE_COLUMN", "UPDATE"),
    "column_delete": ("TABLE_COLUMN", "DELETE"),
}
OPS = tuple(NOCODB_OPS)


def _describe(op: str, row_id, detail: dict) -> str:
    """An English line as NocoDB's ``description`` (the web app words entries itself)."""
    if op == "update":
        parts = [f"{c.get('title')}: {c.get('old')!r} -> {c.get('new')!r}" for c in detail.get("changes", [])]
        return f"Record {row_id} updated: " + "; ".join(parts)
    if op in ("link", "unlink"):
        ids = ", ".join(str(i) for i in detail.get("ids", []))
        field = (detail.get("field") or {}).get("title")
        return f"Record {row_id} {op}ed {'to' if op == 'link' else 'from'} {ids} through {field}"
    if op == "import":
        return f"{detail.get('rows', 0)} records imported"
    if op in ("insert", "delete", "restore"):
        return f"Record {row_id} {op}d" if op != "insert" else f"Record {row_id} inserted"
    kind, _, action = op.partition("_")
    what = "Table" if kind == "table" else "Field"
    return (
        f"{what} {detail.get('title')!r} {action}d" if action != "insert" else f"{what} {detail.get('title')!r} created"
    )


def entry_json(row) -> dict:
    detail = loads(row.detail) or {}
    op_type, op_sub_type = NOCODB_OPS.get(row.op, ("DATA", row.op.upper()))
    return {
        "id": row.id,
        "op": row.op,
        "op_type": op_type,
        "op_sub_type": op_sub_type,
        "status": None,
        "fk_model_id": row.table_id,
        "row_id": row.row_id,
        "base_id": row.project_id,
        "project_id": row.project_id,
        "user": row.user_email,
        "user_id": row.user_id,
        "via": row.via,
        "ip": None,
        "description": _describe(row.op, row.row_id, detail),
        "details": detail,
        "detail": detail,
        "created_at": isoformat(row.created_at),
        "updated_at": isoformat(row.created_at),
    }
