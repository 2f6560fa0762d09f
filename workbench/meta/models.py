"""Every meta model, imported in one place so the metadata is complete for Alembic."""

from workbench.accounts.models import ApiToken, AppSetting, RecoveryCode, RefreshToken, User  # noqa: F401
from workbench.comments.models import Comment  # noqa: F401
from workbench.hooks.models import Hook, HookFilter, HookLog, MetaOutboxEvent  # noqa: F401
from workbench.imports.models import ImportJob, ImportKeys  # noqa: F401
from workbench.meta.base import Base  # noqa: F401
from workbench.projects.models import Project, ProjectMember, Source  # noqa: F401
from workbench.tables.models import Column, Filter, Sort, Table, View, ViewColumn  # noqa: F401
from workbench.views.models import SharedBase  # noqa: F401
