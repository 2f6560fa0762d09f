"""Routes of row comments: the audit form (``/api/v1/db/meta/audits/…``) and the newer
comments form, on v1 and v2 paths. Count routes come before the id routes so they win."""

from workbench.api import add_api_route
from workbench.comments.contexts import CommentContext, CommentsContext


def includeme(config):
    add_api_route(
        config,
        "comments.count",
        "/api/v1/db/meta/audits/comments/count",
        "/api/v1/db/meta/comments/count",
        "/api/v2/meta/comments/count",
        factory=CommentsContext,
    )
    add_api_route(
        config,
        "audit.comments",
        "/api/v1/db/meta/audits/comments",
        "/api/v2/meta/audits/comments",
        factory=CommentsContext,
    )
    add_api_route(config, "comments", "/api/v1/db/meta/comments", "/api/v2/meta/comments", factory=CommentsContext)
    add_api_route(
        config,
        "audit.comment",
        "/api/v1/db/meta/audits/{comment_id}/comment",
        "/api/v2/meta/audits/{comment_id}/comment",
        factory=CommentContext,
    )
    add_api_route(
        config,
        "comment",
        "/api/v1/db/meta/comment/{comment_id}",
        "/api/v2/meta/comment/{comment_id}",
        factory=CommentContext,
    )
