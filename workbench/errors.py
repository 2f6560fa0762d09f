"""Errors as JSON ``{msg}`` with the right status, everywhere.

Business code raises ``APIError`` (or one of its shorthands); Pyramid's own HTTP
exceptions (404 for an unknown route, 403 from the security policy) and any unexpected
exception are rendered the same way. A crash never shows a stack trace: it is logged
and answered with a generic 500.
"""

import logging

from pyramid.exceptions import PredicateMismatch
from pyramid.httpexceptions import HTTPException
from pyramid.interfaces import IRequest
from pyramid.response import Response
from pyramid.view import exception_view_config, forbidden_view_config, notfound_view_config

log = logging.getLogger(__name__)


class APIError(Exception):
    """An error to show to the API caller as ``{msg}`` with ``status``."""

    status = 400

    def __init__(self, msg: str, status: int | None = None, **extra):
        super().__init__(msg)
        self.msg = msg
        if status is not None:
            self.status = status
        self.extra = extra


class BadRequest(APIError):
    status = 400


class Unauthorized(APIError):
    status = 401


class Forbidden(APIError):
    status = 403


class NotFound(APIError):
    status = 404


class Conflict(APIError):
    status = 409


class PayloadTooLarge(APIError):
    status = 413


class Unprocessable(APIError):
    status = 422


class TooManyRequests(APIError):
    """429: the caller must wait ``retry_after`` seconds (sent as ``Retry-After``)."""

    status = 429

    def __init__(self, msg: str, retry_after: int, **extra):
        super().__init__(msg, **extra)
        self.retry_after = max(1, int(retry_after))


def json_error(request: IRequest | None, status: int, msg: str, **extra) -> Response:
    body = {"msg": msg, **extra}
    response = Response(json_body=body, status=status, charset="utf-8")
    response.content_type = "application/json"
    return response


@exception_view_config(APIError)
def api_error_view(exc, request):
    response = json_error(request, exc.status, exc.msg, **exc.extra)
    retry_after = getattr(exc, "retry_after", None)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response


@notfound_view_config()
def not_found_view(request):
    allowed = allowed_methods(request) if isinstance(request.exception, PredicateMismatch) else set()
    if allowed and request.method not in allowed:
        response = json_error(request, 405, f"Method {request.method} not allowed")
        response.headers["Allow"] = ", ".join(sorted(allowed))
        return response
    return json_error(request, 404, "Not found")


def allowed_methods(request) -> set[str]:
    """The methods some view of the matched route answers (GET implies HEAD)."""
    route = request.matched_route
    if route is None:
        return set()
    cache = request.registry.setdefault("workbench.allowed_methods", {})
    if route.name not in cache:
        methods = set()
        for item in request.registry.introspector.get_category("views") or ():
            view = item["introspectable"]
            if view["route_name"] != route.name or not view["request_methods"]:
                continue
            found = view["request_methods"]
            methods.update((found,) if isinstance(found, str) else found)
        if "GET" in methods:
            methods.add("HEAD")
        cache[route.name] = frozenset(methods)
    return set(cache[route.name])


@forbidden_view_config()
def forbidden_view(request):
    if request.identity is None:  # a shared base's visitor is somebody, with no user id
        return json_error(request, 401, "Unauthorized")
    msg = getattr(request, "permission_denied_msg", None)
    return json_error(request, 403, msg or "You don't have enough permission to perform this action")


@exception_view_config(HTTPException)
def http_exception_view(exc, request):
    if isinstance(exc, Response) and exc.status_int < 400:
        return exc
    msg = exc.detail or exc.title or "Error"
    response = json_error(request, exc.status_int, str(msg))
    if exc.status_int == 405 and exc.headers.get("Allow"):
        response.headers["Allow"] = exc.headers["Allow"]
    return response


@exception_view_config(Exception)
def internal_error_view(exc, request):
    log.exception("unhandled error on %s %s", request.method, request.path)
    return json_error(request, 500, "Some internal error occurred")


def includeme(config):
    config.scan(__name__)
