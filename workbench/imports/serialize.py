"""The Import object of the API (see docs/imports.md)."""

from __future__ import annotations

from workbench.imports.models import ImportJob
from workbench.meta.base import isoformat

MAX_ERRORS = 100


def import_json(job: ImportJob, with_preview: bool = True) -> dict:
    data = {
        "id": job.id,
        "project_id": job.project_id,
        "status": job.status,
        "type": job.type,
        "file_name": job.file_name,
        "table_id": job.table_id,
        "rows_total": job.rows_total or {},
        "rows_done": job.rows_done or {},
        "errors": (job.errors or [])[:MAX_ERRORS],
        "error_count": job.error_count or 0,
        "tables": [{"id": t["id"], "title": t["title"]} for t in job.tables or []],
        "msg": job.msg,
        "created_at": isoformat(job.created_at),
        "updated_at": isoformat(job.updated_at),
    }
    if with_preview:
        data["template"] = job.template or {"tables": []}
        data["preview"] = job.preview or {}
    return data
