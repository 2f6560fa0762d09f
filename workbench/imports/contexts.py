"""The route factory of one import job: the job (404 if missing) and its project, so the
project's roles apply."""

from __future__ import annotations

from workbench.errors import NotFound
from workbench.imports.models import ImportJob
from workbench.projects.models import Project
from workbench.security.contexts import ProjectContext


class ImportContext(ProjectContext):
    def __init__(self, request):  # the project comes from the job, not from the path
        self.request = request
        job = request.dbsession.get(ImportJob, (request.matchdict or {}).get("import_id"))
        project = request.dbsession.get(Project, job.project_id) if job is not None else None
        if job is None or project is None:
            raise NotFound("Import not found")
        self.job = job
        self.project = project
        self.project_id = project.id
        self._roles_cache = {}
