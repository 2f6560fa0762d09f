"""Routes of the tables and columns meta API: NocoDB v1 paths with their v2 aliases."""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext
from workbench.tables.contexts import ColumnContext, FilterContext, SortContext, TableContext, ViewContext


def includeme(config):
    add_api_route(
        config,
        "tables",
        "/api/v1/db/meta/projects/{project_id}/tables",
        "/api/v2/meta/bases/{project_id}/tables",
        factory=ProjectContext,
    )
    t = lambda name, *paths: add_api_route(config, name, *paths, factory=TableContext)  # noqa: E731
    t("table", "/api/v1/db/meta/tables/{table_id}", "/api/v2/meta/tables/{table_id}")
    t("table.reorder", "/api/v1/db/meta/tables/{table_id}/reorder", "/api/v2/meta/tables/{table_id}/reorder")
    t("table.columns", "/api/v1/db/meta/tables/{table_id}/columns", "/api/v2/meta/tables/{table_id}/columns")
    t("table.views", "/api/v1/db/meta/tables/{table_id}/views", "/api/v2/meta/tables/{table_id}/views")
    t(
        "table.filter_operators",
        "/api/v1/db/meta/tables/{table_id}/filter-operators",
        "/api/v2/meta/tables/{table_id}/filter-operators",
    )
    c = lambda name, *paths: add_api_route(config, name, *paths, factory=ColumnContext)  # noqa: E731
    c(
        "column",
        "/api/v1/db/meta/columns/{column_id}",
        "/api/v2/meta/columns/{column_id}",
        "/api/v1/db/meta/tables/{table_id}/columns/{column_id}",
    )
    c("column.primary", "/api/v1/db/meta/columns/{column_id}/primary", "/api/v2/meta/columns/{column_id}/primary")
    v = lambda name, *paths: add_api_route(config, name, *paths, factory=ViewContext)  # noqa: E731
    v("view.filters", "/api/v1/db/meta/views/{view_id}/filters", "/api/v2/meta/views/{view_id}/filters")
    v("view.sorts", "/api/v1/db/meta/views/{view_id}/sorts", "/api/v2/meta/views/{view_id}/sorts")
    v("view.columns", "/api/v1/db/meta/views/{view_id}/columns", "/api/v2/meta/views/{view_id}/columns")
    v(
        "view.column",
        "/api/v1/db/meta/views/{view_id}/columns/{column_id}",
        "/api/v2/meta/views/{view_id}/columns/{column_id}",
    )
    add_api_route(
        config,
        "filter.children",
        "/api/v1/db/meta/filters/{filter_id}/children",
        "/api/v2/meta/filters/{filter_id}/children",
        factory=FilterContext,
    )
    add_api_route(
        config,
        "filter",
        "/api/v1/db/meta/filters/{filter_id}",
        "/api/v2/meta/filters/{filter_id}",
        factory=FilterContext,
    )
    add_api_route(
        config, "sort", "/api/v1/db/meta/sorts/{sort_id}", "/api/v2/meta/sorts/{sort_id}", factory=SortContext
    )
