"""A comment as the API shows it: the fields of the audit form (``description``,
``user``, ``op_type``) and of the newer form (``comment``, ``created_by``,
``created_by_email``, ``is_edited``) in one object."""

from __future__ import annotations

from workbench.comments.models import Comment
from workbench.meta.base import isoformat

OP_TYPE = "COMMENT"


def comment_json(comment: Comment, display_name: str | None = None) -> dict:
    return {
        "id": comment.id,
        "op_type": OP_TYPE,
        "fk_model_id": comment.table_id,
        "row_id": comment.row_id,
        "base_id": comment.project_id,
        "project_id": comment.project_id,
        "description": comment.body,
        "comment": comment.body,
        "user": comment.created_by_email,
        "created_by": comment.user_id,
        "created_by_email": comment.created_by_email,
        "display_name": display_name or comment.created_by_email,
        "is_edited": comment.edited_at is not None,
        "edited_at": isoformat(comment.edited_at),
        "created_at": isoformat(comment.created_at),
        "updated_at": isoformat(comment.updated_at),
    }
