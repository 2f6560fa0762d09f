"""API tokens: long-lived tokens for scripts, sent as ``xc-token`` or ``Authorization: Bearer``."""

import sqlalchemy as sa

from workbench.accounts.models import ApiToken
from workbench.accounts.schemas import ApiTokenBody
from workbench.api import api_view
from workbench.errors import NotFound
from workbench.meta.base import isoformat
from workbench.paging import paged
from workbench.security.permissions import Permission
from workbench.security.tokens import new_api_token, token_hash


def token_json(row: ApiToken, token: str | None = None) -> dict:
    return {
        "id": row.id,
        "description": row.description,
        "token": token or f"{row.token_hint}…",
        "created_at": isoformat(row.created_at),
        "last_used_at": isoformat(row.last_used_at),
    }


@api_view("tokens", "GET", Permission.ACCOUNT_MANAGE, tags=("tokens",), summary="List my API tokens")
@api_view(
    "project.api_tokens", "GET", Permission.PROJECT_READ, tags=("tokens",), summary="List my API tokens (NocoDB's path)"
)
def list_tokens(request):
    rows = request.dbsession.scalars(
        sa.select(ApiToken).where(ApiToken.user_id == request.identity.user.id).order_by(ApiToken.created_at)
    ).all()
    items = [token_json(r) for r in rows]
    return paged(items, len(items), max(len(items), 1), 0)


@api_view(
    "tokens",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=("tokens",),
    body=ApiTokenBody,
    summary="Create an API token; the token itself is shown only in this response",
)
@api_view(
    "project.api_tokens",
    "POST",
    Permission.PROJECT_READ,
    tags=("tokens",),
    body=ApiTokenBody,
    summary="Create an API token (NocoDB's path); the token itself is shown only in this response",
)
def create_token(request):
    body = request.validated(ApiTokenBody)
    token = new_api_token()
    row = ApiToken(
        user_id=request.identity.user.id,
        description=body.description,
        token_hash=token_hash(token),
        token_hint=token[:10],
    )
    request.dbsession.add(row)
    request.dbsession.flush()
    return token_json(row, token)


@api_view(
    "token",
    "DELETE",
    Permission.ACCOUNT_MANAGE,
    tags=("tokens",),
    summary="Delete one of my API tokens, by id or by the token itself",
)
@api_view(
    "project.api_token",
    "DELETE",
    Permission.PROJECT_READ,
    tags=("tokens",),
    summary="Delete one of my API tokens (NocoDB's path), by id or by the token itself",
)
def delete_token(request):
    key = request.matchdict["token_id"]
    condition = sa.or_(ApiToken.id == key, ApiToken.token_hash == token_hash(key))
    row = request.dbsession.scalar(sa.select(ApiToken).where(condition, ApiToken.user_id == request.identity.user.id))
    if row is None:
        raise NotFound("API token not found")
    request.dbsession.delete(row)
    return {"msg": "Token deleted successfully"}
