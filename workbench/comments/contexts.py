"""Route factories of the comments API. The table (and so the project whose roles apply)
comes from ``fk_model_id``: in the query of a read, in the body of a new comment, or from
the comment itself on the routes naming one."""

from __future__ import annotations

from workbench.comments.models import Comment
from workbench.comments.schemas import CommentCreateBody
from workbench.errors import BadRequest, NotFound
from workbench.records.loading import load_table_ref_by_id
from workbench.tables.contexts import _BelowProject


def _table(request, table_id):
    if not table_id:
        raise BadRequest("fk_model_id is required")
    try:
        return load_table_ref_by_id(request, str(table_id))
    except NotFound:
        raise NotFound(f"Table '{table_id}' not found") from None


class CommentsContext(_BelowProject):
    """``…/comments``: the table from ``fk_model_id`` (query, or the body of a POST)."""

    def __init__(self, request):
        self.body = None
        if request.method == "POST":
            self.body = request.validated(CommentCreateBody)
            table_id = self.body.fk_model_id
        else:
            table_id = request.params.get("fk_model_id")
        super().__init__(request, _table(request, table_id))


class CommentContext(_BelowProject):
    """``…/{comment_id}``: the comment (404 if missing) and its table."""

    def __init__(self, request):
        comment_id = (request.matchdict or {}).get("comment_id")
        comment = request.dbsession.get(Comment, comment_id) if comment_id else None
        if comment is None:
            raise NotFound("Comment not found")
        self.comment = comment
        super().__init__(request, _table(request, comment.table_id))
