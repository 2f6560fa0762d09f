"""Route factories of the hooks API: the table (``…/tables/{table_id}/hooks``), a hook
(``…/hooks/{hook_id}``) and a hook's filter; each exposes the project whose roles apply."""

from __future__ import annotations

from workbench.errors import NotFound
from workbench.hooks.models import Hook, HookFilter
from workbench.tables.contexts import _BelowProject, load_table


class HookContext(_BelowProject):
    def __init__(self, request):
        hook_id = (request.matchdict or {}).get("hook_id")
        hook = request.dbsession.get(Hook, hook_id) if hook_id else None
        if hook is None:
            raise NotFound(f"Hook '{hook_id}' not found")
        self.hook = hook
        super().__init__(request, load_table(request, hook.table_id))


class HookFilterContext(HookContext):
    def __init__(self, request):
        super().__init__(request)
        filter_id = (request.matchdict or {}).get("filter_id")
        found = request.dbsession.get(HookFilter, filter_id) if filter_id else None
        if found is None or found.hook_id != self.hook.id:
            raise NotFound(f"Filter '{filter_id}' not found")
        self.filter = found
