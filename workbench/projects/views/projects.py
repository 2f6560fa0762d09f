"""Project (base) endpoints: list, create, read, update, delete, meta-info, sources."""

import platform

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from workbench import __version__
from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.paging import int_param, paged
from workbench.plugins import notify
from workbench.projects import services
from workbench.projects.models import Project, ProjectMember
from workbench.projects.schemas import ProjectCreateBody, ProjectUpdateBody
from workbench.projects.sources import source_json
from workbench.ratelimits.limiter import rate_limiter
from workbench.security.permissions import Permission
from workbench.sources.services import add_source


@api_view(
    "projects",
    "GET",
    Permission.ORG_PROJECT_LIST,
    tags=("projects",),
    summary="List the projects I am a member of (every project for the super admin)",
    query=(("limit", "page size (default 25, max 1000)"), ("offset", "rows to skip")),
)
def list_projects(request):
    user = request.identity.user
    limit = int_param(request, "limit", 25, 1, 1000)
    offset = int_param(request, "offset", 0, 0)
    query = sa.select(Project)
    if "super" not in user.role_set:
        query = query.join(ProjectMember).where(ProjectMember.user_id == user.id)
    total = request.dbsession.scalar(sa.select(sa.func.count()).select_from(query.subquery()))
    rows = request.dbsession.scalars(
        query.options(selectinload(Project.sources))
        .order_by(Project.order, Project.created_at)
        .limit(limit)
        .offset(offset)
    ).all()
    roles = _my_roles(request, [p.id for p in rows])
    return paged([services.project_json(p, roles.get(p.id)) for p in rows], total, limit, offset)


@api_view(
    "projects",
    "POST",
    Permission.ORG_PROJECT_CREATE,
    tags=("projects",),
    body=ProjectCreateBody,
    summary="Create a project with its default source (an embedded SQLite file)",
)
def create_project(request):
    body = request.validated(ProjectCreateBody)
    bases = _external_bases(request)
    if bases:
        rate_limiter(request).attempt("source_connect_user", str(request.identity.user.id))
    project = services.create_project(
        request, title=body.title, description=body.description, color=body.color, meta=body.meta
    )
    for index, base in enumerate(bases):
        # The connected databases come first: the first base's type is the project's kind.
        source = add_source(request, project, {"alias": base.get("alias"), "config": base["config"]})
        source.order = index - len(bases)
    request.dbsession.flush()
    request.dbsession.expire(project, ["sources"])
    result = services.project_json(project, {"owner"})
    notify.meta_changed(request, "project", "insert", result)
    request.response.status = 200
    return result


@api_view("project", "GET", Permission.PROJECT_READ, tags=("projects",), summary="Read a project")
def read_project(request):
    project = request.context.project
    return services.project_json(project, _context_roles(request))


@api_view(
    "project",
    "PATCH",
    Permission.PROJECT_UPDATE,
    tags=("projects",),
    body=ProjectUpdateBody,
    summary="Update a project's title, description, colour, order or meta (theme)",
)
def update_project(request):
    body = request.validated(ProjectUpdateBody)
    project = request.context.project
    for key, value in body.model_dump(exclude_unset=True).items():
        if value is not None or key in ("description", "color"):
            setattr(project, key, value)
    request.dbsession.flush()
    result = services.project_json(project, _context_roles(request))
    notify.meta_changed(request, "project", "update", result)
    return result


@api_view(
    "project",
    "DELETE",
    Permission.PROJECT_DELETE,
    tags=("projects",),
    summary="Delete a project, its members, its sources and its embedded data file",
)
def delete_project(request):
    project = request.context.project
    snapshot = services.project_json(project)
    services.delete_project(request, project)
    notify.meta_changed(request, "project", "delete", snapshot)
    return {"msg": "The project has been deleted successfully"}


@api_view(
    "project.info",
    "GET",
    Permission.PROJECT_READ,
    tags=("projects",),
    summary="Environment information about a project (meta-info)",
)
def project_info(request):
    project = request.context.project
    default = next((s for s in project.sources if s.is_default), None)
    return {
        "Node": None,
        "Python": platform.python_version(),
        "Arch": platform.machine(),
        "Platform": platform.system().lower(),
        "Docker": False,
        "RootDB": request.dbsession.get_bind().dialect.name,
        "Database": default.type if default else None,
        "ProjectOnRootDB": False,
        "PackageVersion": __version__,
    }


@api_view(
    "project.sources",
    "GET",
    Permission.PROJECT_READ,
    tags=("projects",),
    summary="List a project's sources (databases)",
)
def list_sources(request):
    items = [source_json(s) for s in request.context.project.sources]
    return paged(items, len(items), max(len(items), 1), 0)


#: the most databases one project-create call connects
MAX_BASES = 8


def _external_bases(request) -> list[dict]:
    """The ``bases`` of a create body that connect a database (``config`` with a client)."""
    try:
        raw = request.json_body
    except ValueError:
        return []
    bases = raw.get("bases") if isinstance(raw, dict) else None
    if bases is None:
        return []
    if not isinstance(bases, list) or len(bases) > MAX_BASES:
        raise BadRequest(f"bases must be a list of at most {MAX_BASES} databases")
    found = []
    for base in bases:
        if not isinstance(base, dict):
            raise BadRequest("each of bases must be an object")
        if isinstance(base.get("config"), dict) and base["config"].get("client"):
            found.append(base)
    return found


def _context_roles(request) -> set[str]:
    if getattr(request.identity, "shared_base", False):
        return request.identity.project_roles(request.context.project_id)
    return services.effective_project_roles(request.dbsession, request.context.project_id, request.identity.user)


def _my_roles(request, project_ids) -> dict[str, set[str]]:
    if not project_ids:
        return {}
    rows = request.dbsession.execute(
        sa.select(ProjectMember.project_id, ProjectMember.roles).where(
            ProjectMember.user_id == request.identity.user.id, ProjectMember.project_id.in_(project_ids)
        )
    )
    found = {pid: {r for r in roles.split(",") if r} for pid, roles in rows}
    if "super" in request.identity.user.role_set:
        return {pid: found.get(pid, {"owner"}) for pid in project_ids}
    return found
