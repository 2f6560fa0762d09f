"""Hooks, their filters and their log as the API shows them (NocoDB's field names)."""

from __future__ import annotations

from workbench.meta.base import isoformat


def hook_json(hook, source_id: str | None = None) -> dict:
    return {
        "id": hook.id,
        "fk_model_id": hook.table_id,
        "base_id": hook.project_id,
        "project_id": hook.project_id,
        "source_id": source_id,
        "title": hook.title,
        "description": hook.description,
        "env": "all",
        "type": (hook.notification or {}).get("type"),
        "event": hook.event,
        "operation": hook.operation,
        "async": True,
        "version": hook.version,
        "active": bool(hook.active),
        "condition": bool(hook.condition),
        "notification": hook.notification,
        "timeout": hook.timeout,
        "retries": None,
        "created_at": isoformat(hook.created_at),
        "updated_at": isoformat(hook.updated_at),
    }


def filter_json(f) -> dict:
    return {
        "id": f.id,
        "fk_hook_id": f.hook_id,
        "fk_column_id": f.column_id,
        "fk_parent_id": f.parent_id,
        "comparison_op": f.comparison_op,
        "comparison_sub_op": f.comparison_sub_op,
        "value": f.value,
        "logical_op": f.logical_op,
        "is_group": bool(f.is_group),
        "order": f.order,
        "created_at": isoformat(f.created_at),
        "updated_at": isoformat(f.updated_at),
    }


def log_json(entry) -> dict:
    return {
        "id": entry.id,
        "fk_hook_id": entry.hook_id,
        "event_id": entry.event_id,
        "type": entry.type,
        "event": "after",
        "operation": entry.operation,
        "attempt": entry.attempt,
        "status": entry.status,
        "response_status": entry.response_status,
        "response": entry.response,
        "error_message": entry.error,
        "execution_time": entry.duration_ms,
        "test_call": bool(entry.test_call),
        "created_at": isoformat(entry.created_at),
    }
