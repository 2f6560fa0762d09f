"""Routes of the views API: NocoDB v1 paths with their v2 aliases. Each enabled view type
adds its create path (``/tables/{tableId}/{path}``) and its settings path (``/{path}/{viewId}``)."""

import re

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext
from workbench.tables.contexts import TableContext
from workbench.views.contexts import EnabledViewContext, SharedViewContext, TypedViewContext, ViewColumnContext

META1, META2 = "/api/v1/db/meta", "/api/v2/meta"
PUBLIC1, PUBLIC2 = "/api/v1/db/public", "/api/v2/public"


def includeme(config):
    def meta(name, path, factory):
        add_api_route(config, name, META1 + path, META2 + path, factory=factory)

    def public(name, path, factory=None):
        add_api_route(config, name, PUBLIC1 + path, PUBLIC2 + path, factory=factory)

    meta("table.shares", "/tables/{table_id}/share", TableContext)
    # A contribution without a path has no create or settings route.
    paths = [t.path for t in config.registry["view_types"] if isinstance(getattr(t, "path", None), str)]
    if paths:
        paths = "|".join(re.escape(p) for p in paths)
        meta("views.create", f"/tables/{{table_id}}/{{view_path:{paths}}}", TableContext)
        meta("views.settings", f"/{{view_path:{paths}}}/{{view_id}}", TypedViewContext)
    meta("view", "/views/{view_id}", EnabledViewContext)
    meta("view.show_all", "/views/{view_id}/show-all", EnabledViewContext)
    meta("view.hide_all", "/views/{view_id}/hide-all", EnabledViewContext)
    meta("view.share", "/views/{view_id}/share", EnabledViewContext)
    meta("view.form_submit", "/views/{view_id}/form-rows", EnabledViewContext)
    meta("view.grid_columns", "/grids/{view_id}/grid-columns", EnabledViewContext)
    meta("view.grid_column", "/grid-columns/{view_column_id}", ViewColumnContext)
    meta("view.form_column", "/form-columns/{view_column_id}", ViewColumnContext)
    meta("project.shared", "/projects/{project_id}/shared", ProjectContext)

    public("public.view.meta", "/shared-view/{uuid}/meta", SharedViewContext)
    public("public.view.export", "/shared-view/{uuid}/rows/export/{kind}", SharedViewContext)
    public("public.view.download", "/shared-view/{uuid}/download/{project_id}/{token}/{name}", SharedViewContext)
    public("public.view.rows", "/shared-view/{uuid}/rows", SharedViewContext)
    public("public.view.groupby", "/shared-view/{uuid}/groupby", SharedViewContext)
    public("public.view.aggregate", "/shared-view/{uuid}/aggregate", SharedViewContext)
    public("public.view.group", "/shared-view/{uuid}/group/{column_id}", SharedViewContext)
    public("public.view.nested", "/shared-view/{uuid}/nested/{column_id}", SharedViewContext)
    public(
        "public.view.linked", "/shared-view/{uuid}/rows/{row_id}/{relation_type:mm|hm}/{column_id}", SharedViewContext
    )
    public("public.base.meta", "/shared-base/{uuid}/meta")
