"""The comments API: list, count, write, edit and delete (the audit form and the newer
form share these views; only the list's shape differs)."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.accounts.models import User
from workbench.api import api_view
from workbench.comments.mentions import notify_mentions
from workbench.comments.models import Comment
from workbench.comments.schemas import CommentCreateBody, CommentUpdateBody, row_key
from workbench.comments.serialize import comment_json
from workbench.errors import BadRequest, Forbidden
from workbench.meta.base import utcnow
from workbench.paging import int_param, paged
from workbench.plugins import notify
from workbench.security.permissions import Permission

#: the most record ids one count request may name (a page of the grid)
MAX_COUNT_IDS = 1000
#: the most comments the audit form's list returns
MAX_LIST = 1000
TAGS = ("comments",)
NOT_YOURS = "Only the author of a comment can change or delete it"


def _row_param(request) -> str:
    try:
        return row_key(request.params.get("row_id"))
    except ValueError as exc:
        raise BadRequest(str(exc)) from None


def _text(value: str) -> str:
    if not value.strip():
        raise BadRequest("The comment is empty")
    return value


def _listing(request, limit: int, offset: int):
    context = request.context
    where = (Comment.table_id == context.table.id, Comment.row_id == _row_param(request))
    rows = request.dbsession.execute(
        sa.select(Comment, User.firstname, User.lastname)
        .outerjoin(User, User.id == Comment.user_id)
        .where(*where)
        .order_by(Comment.created_at, Comment.id)
        .limit(limit)
        .offset(offset)
    ).all()
    items = [comment_json(c, _name(first, last)) for c, first, last in rows]
    total = request.dbsession.scalar(sa.select(sa.func.count()).select_from(Comment).where(*where))
    return items, total


def _name(first: str | None, last: str | None) -> str | None:
    return " ".join(p for p in (first, last) if p) or None


def _author_name(request) -> str | None:
    user = request.identity.user
    return _name(user.firstname, user.lastname)


@api_view(
    "audit.comments",
    "GET",
    Permission.COMMENT_READ,
    tags=TAGS,
    summary="List a record's comments, oldest first",
    query=(("fk_model_id", "the table's id"), ("row_id", "the record's id")),
)
def list_audit_comments(request):
    return _listing(request, MAX_LIST, 0)[0]


@api_view(
    "comments",
    "GET",
    Permission.COMMENT_READ,
    tags=TAGS,
    summary="List a record's comments, oldest first, paged",
    query=(("fk_model_id", "the table's id"), ("row_id", "the record's id"), ("limit", ""), ("offset", "")),
)
def list_comments(request):
    limit = int_param(request, "limit", 100, 1, MAX_LIST)
    offset = int_param(request, "offset", 0, 0)
    items, total = _listing(request, limit, offset)
    return paged(items, total, limit, offset)


@api_view(
    "comments.count",
    "GET",
    Permission.COMMENT_READ,
    tags=TAGS,
    summary="Count the comments of many records of a table in one request",
    query=(("fk_model_id", "the table's id"), ("ids[]", "record ids (repeated, or ids=1,2,3)")),
)
def count_comments(request):
    ids = []
    for key in ("ids[]", "ids"):
        for value in request.params.getall(key):
            ids.extend(v for v in str(value).split(",") if v.strip())
    ids = list(dict.fromkeys(v.strip() for v in ids))
    if len(ids) > MAX_COUNT_IDS:
        raise BadRequest(f"At most {MAX_COUNT_IDS} ids can be counted at once")
    if not ids:
        return []
    rows = request.dbsession.execute(
        sa.select(Comment.row_id, sa.func.count())
        .where(Comment.table_id == request.context.table.id, Comment.row_id.in_(ids))
        .group_by(Comment.row_id)
    ).all()
    return [{"row_id": row_id, "count": count} for row_id, count in rows]


def _create(request):
    body: CommentCreateBody = request.context.body
    identity = request.identity
    if identity is None or not identity.user_id:
        raise Forbidden("Sign in to comment")
    try:
        row_id = row_key(body.row_id)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    table = request.context.table
    comment = Comment(
        project_id=table.project_id,
        table_id=table.id,
        row_id=row_id,
        user_id=identity.user_id,
        created_by_email=identity.user.email,
        body=_text(body.description),
    )
    request.dbsession.add(comment)
    request.dbsession.flush()
    data = comment_json(comment, _author_name(request))
    notify.meta_changed(request, "comment", "insert", data)
    notify_mentions(request, comment, table, comment.body)
    return data


@api_view(
    "audit.comments", "POST", Permission.COMMENT_WRITE, tags=TAGS, body=CommentCreateBody, summary="Comment on a record"
)
def create_audit_comment(request):
    return _create(request)


@api_view(
    "comments", "POST", Permission.COMMENT_WRITE, tags=TAGS, body=CommentCreateBody, summary="Comment on a record"
)
def create_comment(request):
    return _create(request)


def _own(request) -> Comment:
    comment = request.context.comment
    identity = request.identity
    if identity is None or comment.user_id is None or comment.user_id != identity.user_id:
        raise Forbidden(NOT_YOURS)
    return comment


def _update(request):
    body = request.validated(CommentUpdateBody)
    comment = _own(request)
    before = comment.body
    text = _text(body.description)
    if text != before:
        comment.body = text
        comment.edited_at = utcnow()
        request.dbsession.flush()
    data = comment_json(comment, _author_name(request))
    if text != before:
        notify.meta_changed(request, "comment", "update", data)
        notify_mentions(request, comment, request.context.table, text, before)
    return data


def _delete(request):
    comment = _own(request)
    data = comment_json(comment)
    request.dbsession.delete(comment)
    request.dbsession.flush()
    notify.meta_changed(request, "comment", "delete", data)
    return True


@api_view(
    "audit.comment",
    "PATCH",
    Permission.COMMENT_WRITE,
    tags=TAGS,
    body=CommentUpdateBody,
    summary="Edit one's own comment",
)
def update_audit_comment(request):
    return _update(request)


@api_view(
    "comment", "PATCH", Permission.COMMENT_WRITE, tags=TAGS, body=CommentUpdateBody, summary="Edit one's own comment"
)
def update_comment(request):
    return _update(request)


@api_view("audit.comment", "DELETE", Permission.COMMENT_WRITE, tags=TAGS, summary="Delete one's own comment")
def delete_audit_comment(request):
    return _delete(request)


@api_view("comment", "DELETE", Permission.COMMENT_WRITE, tags=TAGS, summary="Delete one's own comment")
def delete_comment(request):
    return _delete(request)
