"""Route factories of the history API. A record's history and a restore name their table
by ``fk_model_id`` (query, or the body of a POST); the project's log by its path."""

from __future__ import annotations

from workbench.errors import BadRequest, NotFound
from workbench.tables.contexts import _BelowProject, load_table


class RecordHistoryContext(_BelowProject):
    """``…/audits`` and ``…/audits/{entry_id}/restore``: the table of ``fk_model_id``."""

    def __init__(self, request):
        table_id = request.params.get("fk_model_id")
        if not table_id and request.method == "POST":
            try:
                body = request.json_body
            except ValueError:
                body = None
            table_id = body.get("fk_model_id") if isinstance(body, dict) else None
        if not table_id:
            raise BadRequest("fk_model_id is required")
        try:
            table = load_table(request, str(table_id))
        except NotFound:
            raise NotFound(f"Table '{table_id}' not found") from None
        super().__init__(request, table)
