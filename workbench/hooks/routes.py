"""Routes of the hooks API on NocoDB's v1 and v2 meta paths. The test and sample routes
come before the hook-id routes so that they win."""

from workbench.api import add_api_route
from workbench.hooks.contexts import HookContext, HookFilterContext
from workbench.tables.contexts import TableContext

V1 = "/api/v1/db/meta"
V2 = "/api/v2/meta"


def includeme(config):
    def both(name, suffix, factory):
        add_api_route(config, name, V1 + suffix, V2 + suffix, factory=factory)

    both("hooks.test", "/tables/{table_id}/hooks/test", TableContext)
    add_api_route(
        config,
        "hooks.sample",
        V1 + "/tables/{table_id}/hooks/samplePayload/{operation}",
        V1 + "/tables/{table_id}/hooks/samplePayload/{operation}/{version}",
        V2 + "/tables/{table_id}/hooks/samplePayload/{operation}",
        V2 + "/tables/{table_id}/hooks/samplePayload/{operation}/{version}",
        factory=TableContext,
    )
    both("hooks", "/tables/{table_id}/hooks", TableContext)
    both("hook.filters", "/hooks/{hook_id}/filters", HookContext)
    both("hook.filter", "/hooks/{hook_id}/filters/{filter_id}", HookFilterContext)
    both("hook.logs", "/hooks/{hook_id}/logs", HookContext)
    both("hook.test", "/hooks/{hook_id}/test", HookContext)
    both("hook.trigger", "/hooks/{hook_id}/trigger/{row_id}", HookContext)
    both("hook", "/hooks/{hook_id}", HookContext)
