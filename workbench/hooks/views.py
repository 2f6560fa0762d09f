"""The hooks API: list, create, read, change and delete a table's hooks; their condition's
filters; a test call; a sample payload; the delivery log; and the manual trigger of a
Button field's hook (editors and up; everything else needs creators and up)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from workbench.api import api_view
from workbench.errors import BadRequest, NotFound
from workbench.hooks import hosts, payload, values
from workbench.hooks.active import table_info
from workbench.hooks.delivery import attempt, write_log
from workbench.hooks.models import MANUAL, OPERATIONS, Hook, HookFilter, HookLog
from workbench.hooks.payload import new_event_id
from workbench.hooks.schemas import HookBody, HookFilterBody, HookTestBody
from workbench.hooks.serialize import filter_json, hook_json, log_json
from workbench.meta.base import new_id, utcnow
from workbench.paging import int_param, paged
from workbench.security.permissions import Permission
from workbench.tables.filter_copies import copy_filters

TAGS = ("webhooks",)
MAX_HOOKS = 100
MAX_FILTERS = 100
MANAGE = Permission.WEBHOOK_MANAGE


def _notification(request, notification) -> dict:
    notifiers = request.registry["notifiers"]
    kind = notification.type
    if kind not in notifiers:
        raise BadRequest(f"Unknown notification type '{kind}' (known: {', '.join(notifiers.names())})")
    try:
        settings = notifiers.get(kind)().check(notification.payload)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    for url in _urls(settings):
        _check_address(request, url)
    return {"type": kind, "payload": settings}


def _urls(settings: dict) -> list[str]:
    urls = [settings["path"]] if isinstance(settings.get("path"), str) else []
    for channel in settings.get("channels") or []:
        if isinstance(channel, dict) and isinstance(channel.get("webhook_url"), str):
            urls.append(channel["webhook_url"])
    return urls


def _check_address(request, url: str) -> None:
    try:
        hosts.check_literal(url, request.registry.settings)
    except hosts.HostNotAllowed as exc:
        raise BadRequest(str(exc)) from None


def _event_and_operation(event: str | None, operation: str | None) -> tuple[str, str]:
    event = event or ("manual" if operation == MANUAL else "after")
    if event not in ("after", "manual"):
        raise BadRequest("event must be 'after' (or 'manual' for a Button field's hook)")
    if event == "manual":
        return event, MANUAL
    if operation not in OPERATIONS:
        raise BadRequest(f"operation must be one of {', '.join(OPERATIONS)}")
    return event, operation


def _source_id(request) -> str:
    return request.context.table.source_id


def _ensure_outbox(request) -> None:
    """Create the outbox in the table's database when Workbench owns it."""
    table = request.context.table
    source = table.source
    if source is None or not source.is_default:
        return
    worker = request.registry["hook_worker"]
    worker.source_store(source).ensure()


@api_view("hooks", "GET", MANAGE, tags=TAGS, summary="List a table's hooks")
def list_hooks(request):
    hooks = request.dbsession.scalars(
        sa.select(Hook).where(Hook.table_id == request.context.table.id).order_by(Hook.order, Hook.created_at)
    ).all()
    items = [hook_json(h, _source_id(request)) for h in hooks]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view("hooks", "POST", MANAGE, tags=TAGS, body=HookBody, summary="Add a hook to a table")
def create_hook(request):
    body = request.validated(HookBody)
    table = request.context.table
    if not body.title:
        raise BadRequest("title is required")
    if body.version not in (None, "v2"):
        raise BadRequest("Only hooks of version v2 can be created")
    if body.notification is None:
        raise BadRequest("notification is required")
    count = request.dbsession.scalar(sa.select(sa.func.count()).select_from(Hook).where(Hook.table_id == table.id))
    if count >= MAX_HOOKS:
        raise BadRequest(f"A table has at most {MAX_HOOKS} hooks")
    event, operation = _event_and_operation(body.event, body.operation)
    original = None
    if body.copy_from_id:
        original = request.dbsession.get(Hook, body.copy_from_id)
        if original is None or original.table_id != table.id:
            raise BadRequest(f"Hook '{body.copy_from_id}' not found in table '{table.title}'")
    hook = Hook(
        project_id=table.project_id,
        table_id=table.id,
        title=body.title,
        description=body.description,
        event=event,
        operation=operation,
        version="v2",
        active=True if body.active is None else body.active,
        condition=bool(body.condition),
        notification=_notification(request, body.notification),
        timeout=body.timeout,
        order=float(count + 1),
    )
    request.dbsession.add(hook)
    request.dbsession.flush()
    if original is not None:
        _copy_condition(request, original, hook)
    _ensure_outbox(request)
    return hook_json(hook, _source_id(request))


def _copy_condition(request, original: Hook, hook: Hook) -> None:
    """``original``'s condition filters, copied to ``hook`` (a duplicate)."""
    filters = request.dbsession.scalars(sa.select(HookFilter).where(HookFilter.hook_id == original.id)).all()
    copies = copy_filters(filters, lambda parts: HookFilter(id=new_id("hf_"), hook_id=hook.id, **parts))
    request.dbsession.add_all(copies)
    request.dbsession.flush()


@api_view("hook", "GET", MANAGE, tags=TAGS, summary="Read a hook")
def read_hook(request):
    return hook_json(request.context.hook, _source_id(request))


@api_view("hook", "PATCH", MANAGE, tags=TAGS, body=HookBody, summary="Change a hook (enable, disable, edit)")
def update_hook(request):
    body = request.validated(HookBody)
    hook = request.context.hook
    given = body.model_fields_set
    if "version" in given and body.version not in (None, "v2"):
        raise BadRequest("Only hooks of version v2 can be created")
    if "title" in given:
        if not body.title:
            raise BadRequest("title is required")
        hook.title = body.title
    if "description" in given:
        hook.description = body.description
    if "event" in given or "operation" in given:
        hook.event, hook.operation = _event_and_operation(
            body.event if "event" in given else hook.event, body.operation if "operation" in given else hook.operation
        )
    if "active" in given and body.active is not None:
        hook.active = body.active
    if "condition" in given and body.condition is not None:
        hook.condition = body.condition
    if "notification" in given and body.notification is not None:
        hook.notification = _notification(request, body.notification)
    if "timeout" in given:
        hook.timeout = body.timeout
    hook.updated_at = utcnow()
    request.dbsession.flush()
    return hook_json(hook, _source_id(request))


@api_view("hook", "DELETE", MANAGE, tags=TAGS, summary="Delete a hook, its filters and its log")
def delete_hook(request):
    request.dbsession.delete(request.context.hook)
    request.dbsession.flush()
    return True


# -- filters -------------------------------------------------------------------
def _filter_values(request, body: HookFilterBody, found: HookFilter | None = None) -> dict:
    table = request.context.table
    given = body.model_fields_set
    values = {}
    if "fk_column_id" in given:
        if body.fk_column_id and body.fk_column_id not in {c.id for c in table.columns}:
            raise BadRequest(f"Field '{body.fk_column_id}' not found in this table")
        values["column_id"] = body.fk_column_id
    if "fk_parent_id" in given:
        if body.fk_parent_id:
            parent = request.dbsession.get(HookFilter, body.fk_parent_id)
            if parent is None or parent.hook_id != request.context.hook.id or not parent.is_group:
                raise BadRequest("fk_parent_id must be a filter group of this hook")
        values["parent_id"] = body.fk_parent_id
    for key in ("comparison_op", "comparison_sub_op", "order"):
        if key in given:
            values[key] = getattr(body, key)
    if "value" in given:
        value = body.value
        values["value"] = None if value is None else value if isinstance(value, str) else json.dumps(value)
        if isinstance(value, list):
            values["value"] = ",".join(str(v) for v in value)
    if "logical_op" in given and body.logical_op is not None:
        if body.logical_op not in ("and", "or", "not"):
            raise BadRequest("logical_op must be 'and' or 'or'")
        values["logical_op"] = body.logical_op
    if "is_group" in given and body.is_group is not None:
        values["is_group"] = body.is_group
    return values


@api_view("hook.filters", "GET", MANAGE, tags=TAGS, summary="List a hook's condition filters")
def list_filters(request):
    found = request.dbsession.scalars(
        sa.select(HookFilter)
        .where(HookFilter.hook_id == request.context.hook.id)
        .order_by(HookFilter.order, HookFilter.created_at)
    ).all()
    items = [filter_json(f) for f in found]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view("hook.filters", "POST", MANAGE, tags=TAGS, body=HookFilterBody, summary="Add a filter to a hook's condition")
def create_filter(request):
    body = request.validated(HookFilterBody)
    hook = request.context.hook
    count = request.dbsession.scalar(
        sa.select(sa.func.count()).select_from(HookFilter).where(HookFilter.hook_id == hook.id)
    )
    if count >= MAX_FILTERS:
        raise BadRequest(f"A hook has at most {MAX_FILTERS} filters")
    values = _filter_values(request, body)
    if not values.get("is_group") and not values.get("column_id"):
        raise BadRequest("fk_column_id is required")
    values.setdefault("logical_op", "and")
    values.setdefault("order", float(count + 1))
    created = HookFilter(hook_id=hook.id, **values)
    request.dbsession.add(created)
    request.dbsession.flush()
    return filter_json(created)


@api_view("hook.filter", "PATCH", MANAGE, tags=TAGS, body=HookFilterBody, summary="Change a filter of a hook")
def update_filter(request):
    body = request.validated(HookFilterBody)
    found = request.context.filter
    for key, value in _filter_values(request, body, found).items():
        setattr(found, key, value)
    found.updated_at = utcnow()
    request.dbsession.flush()
    return filter_json(found)


@api_view("hook.filter", "DELETE", MANAGE, tags=TAGS, summary="Delete a filter of a hook")
def delete_filter(request):
    request.dbsession.delete(request.context.filter)
    request.dbsession.flush()
    return True


# -- the log -------------------------------------------------------------------
@api_view(
    "hook.logs",
    "GET",
    MANAGE,
    tags=TAGS,
    summary="A hook's delivery log, newest first",
    query=(("limit", ""), ("offset", "")),
)
def list_logs(request):
    limit = int_param(request, "limit", 25, 1, 1000, aliases=("pageSize",))
    offset = int_param(request, "offset", 0, 0)
    hook_id = request.context.hook.id
    entries = request.dbsession.scalars(
        sa.select(HookLog)
        .where(HookLog.hook_id == hook_id)
        .order_by(HookLog.created_at.desc(), HookLog.attempt.desc(), HookLog.id)
        .limit(limit)
        .offset(offset)
    ).all()
    total = request.dbsession.scalar(sa.select(sa.func.count()).select_from(HookLog).where(HookLog.hook_id == hook_id))
    return paged([log_json(e) for e in entries], total, limit, offset)


# -- test, sample, trigger ----------------------------------------------------------------
def _sample(request, hook) -> dict:
    table = request.context.table
    info = table_info(request, table.id, table.title)
    write_one = values.writer_for(request.registry, table.columns, values.base_url(request))
    return payload.sample(request.registry, hook, info, table.columns, lambda rows: [write_one(r) for r in rows])


@api_view(
    "hooks.sample",
    "GET",
    MANAGE,
    tags=TAGS,
    summary="The payload a hook of an operation sends, for a made-up record",
)
def sample_payload(request):
    operation = request.matchdict["operation"]
    event, operation = _event_and_operation("after" if operation != MANUAL else "manual", operation)
    hook = Hook(event=event, operation=operation, version="v2")
    return _sample(request, hook)


def _test_call(request, hook: Hook, event: dict | None) -> dict:
    worker = request.registry["hook_worker"]
    event_id = new_event_id()
    event = dict(event or _sample(request, hook))
    event["id"] = event_id
    result, ms = attempt(request.registry, worker.settings, hook, event, event_id, 1)
    if hook.id:
        write_log(
            request.registry["db_engine"], hook, event_id, 1, result, ms, "success" if result.ok else "failed", True
        )
    if not result.ok:
        raise BadRequest(f"The test call failed: {result.response or result.status}")
    return {"msg": "The hook was called successfully", "status": result.status, "response": result.response}


@api_view(
    "hooks.test", "POST", MANAGE, tags=TAGS, body=HookTestBody, summary="Call a hook not saved yet with a sample event"
)
def test_hook(request):
    body = request.validated(HookTestBody)
    if body.hook.notification is None:
        raise BadRequest("notification is required")
    event, operation = _event_and_operation(body.hook.event, body.hook.operation or "insert")
    hook = Hook(
        id=None,
        title=body.hook.title or "Test",
        event=event,
        operation=operation,
        version="v2",
        notification=_notification(request, body.hook.notification),
        timeout=body.hook.timeout,
    )
    return _test_call(request, hook, body.payload)


@api_view("hook.test", "POST", MANAGE, tags=TAGS, summary="Call a saved hook with a sample event (logged as a test)")
def test_saved_hook(request):
    return _test_call(request, request.context.hook, None)


@api_view(
    "hook.trigger",
    "POST",
    Permission.DATA_UPDATE,
    tags=TAGS,
    summary="Fire a manual hook (a Button field's) for one record",
)
def trigger_hook(request):
    from workbench.hooks.trigger import trigger

    hook = request.context.hook
    if hook.event != "manual":
        raise BadRequest("Only a manual hook can be triggered")
    if not hook.active:
        raise BadRequest("The hook is disabled")
    row = trigger(request, hook, request.matchdict["row_id"])
    if row is None:
        raise NotFound(f"Record '{request.matchdict['row_id']}' not found")
    return {"msg": "The hook was triggered"}
