"""Source endpoints: create, read, update and delete a project's connected databases,
test a connection, and the meta diff and sync of a connected database."""

from __future__ import annotations

from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.plugins import notify
from workbench.projects.sources import source_json
from workbench.ratelimits.limiter import rate_limiter
from workbench.security.permissions import Permission
from workbench.sources import config as source_config
from workbench.sources import connect, services, sync


def _count_attempt(request) -> None:
    """Each connection a user asks for (a test, a new or changed source) counts: a server
    must not become a way to try passwords or scan ports (429 past the limit)."""
    limiter = rate_limiter(request)
    limiter.attempt("source_connect_user", str(request.identity.user.id))


def _body(request) -> dict:
    try:
        body = request.json_body
    except ValueError:
        raise BadRequest("The body must be JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("The body must be a JSON object")
    return body


@api_view(
    "connection.test",
    "POST",
    Permission.ORG_PROJECT_CREATE,
    tags=("sources",),
    summary="Test a database connection config (nothing is stored); 400 with the reason when it fails",
)
def test_connection(request):
    body = _body(request)
    config = source_config.normalise(request.registry, body.get("config", body))
    _count_attempt(request)
    connect.check_given(request.registry, config)
    return {"code": 0, "message": "Connection successful"}


@api_view(
    "project.sources",
    "POST",
    Permission.SOURCE_MANAGE,
    tags=("sources",),
    summary="Connect an external database to a project: its tables and views are imported",
)
def create_source(request):
    project = request.context.project
    body = _body(request)
    _count_attempt(request)
    source = services.add_source(request, project, body)
    result = source_json(source)
    notify.meta_changed(request, "source", "insert", result)
    return result


@api_view("project.source", "GET", Permission.PROJECT_READ, tags=("sources",), summary="Read a source")
def read_source(request):
    return source_json(services.find_source(request.context.project, request.matchdict["source_id"]))


@api_view(
    "project.source",
    "PATCH",
    Permission.SOURCE_MANAGE,
    tags=("sources",),
    summary="Change a source's alias, enabled flag or connection (tested before it is kept)",
)
def update_source(request):
    project = request.context.project
    source = services.find_source(project, request.matchdict["source_id"])
    body = _body(request)
    if body.get("config") is not None:
        _count_attempt(request)
    result = source_json(services.update_source(request, project, source, body))
    notify.meta_changed(request, "source", "update", result)
    return result


@api_view(
    "project.source",
    "DELETE",
    Permission.SOURCE_MANAGE,
    tags=("sources",),
    summary="Forget a connected database (its tables leave the project; the database is untouched)",
)
def delete_source(request):
    project = request.context.project
    source = services.find_source(project, request.matchdict["source_id"])
    snapshot = source_json(source)
    services.delete_source(request, project, source)
    notify.meta_changed(request, "source", "delete", snapshot)
    return {"msg": "The source has been deleted successfully"}


def _external_sources(request):
    project = request.context.project
    wanted = request.matchdict.get("source_id")
    if wanted:
        return project, [services.find_source(project, wanted)]
    return project, [s for s in project.sources if connect.is_external(s)]


@api_view(
    "project.meta_diff",
    "GET",
    Permission.SOURCE_MANAGE,
    tags=("sources",),
    summary="What changed in the project's connected databases since their tables were read",
)
@api_view(
    "project.source.meta_diff", "GET", Permission.SOURCE_MANAGE, tags=("sources",), summary="Meta diff of a source"
)
def meta_diff(request):
    _project, sources = _external_sources(request)
    changes = []
    for source in sources:
        tables = services.source_tables(request, source.id)
        for item in sync.diff(tables, services.read_descs(request, source)):
            changes.append({**item, "source_id": source.id})
    return changes


@api_view(
    "project.meta_diff",
    "POST",
    Permission.SOURCE_MANAGE,
    tags=("sources",),
    summary="Bring the meta of the project's connected databases in line with them",
)
@api_view("project.source.meta_diff", "POST", Permission.SOURCE_MANAGE, tags=("sources",), summary="Sync a source")
def meta_sync(request):
    project, sources = _external_sources(request)
    totals: dict[str, int] = {}
    for source in sources:
        tables = services.source_tables(request, source.id)
        counts = sync.sync(request, project, source, tables, services.read_descs(request, source))
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    notify.meta_changed(request, "project", "update", {"id": project.id, "title": project.title})
    return {"msg": "The meta has been synced successfully", **totals}
