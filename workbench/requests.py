"""Request bodies: a size limit for every request and typed JSON parsing.

``request.validated(Model)`` parses the JSON body into a pydantic model and turns every
problem into a 400 ``{msg}`` that names the field; views never touch ``json_body``.
"""

import io
import json
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from workbench.errors import BadRequest, json_error

M = TypeVar("M", bound=BaseModel)


def body_limit_tween_factory(handler, registry):
    """Refuse bodies over ``workbench.max_body_size`` with 413 before any view runs."""
    default_limit = int(registry.settings["workbench.max_body_size"])
    large_paths = tuple(registry.settings.get("workbench.large_body_paths", ()))

    def body_limit_tween(request):
        limit = default_limit
        if large_paths and request.path.startswith(large_paths):
            limit = int(registry.settings.get("workbench.max_upload_size", limit))
        length = request.content_length
        if length is not None and length > limit:
            return json_error(request, 413, f"Request body too large (limit {limit} bytes)")
        if length is None and request.method in {"POST", "PUT", "PATCH", "DELETE"}:
            # Chunked or unknown length: read at most limit + 1 bytes.
            data = request.body_file_raw.read(limit + 1)
            if len(data) > limit:
                return json_error(request, 413, f"Request body too large (limit {limit} bytes)")
            request.body = data
        try:
            return handler(request)
        finally:
            _close_body_tempfile(request)

    return body_limit_tween


def _close_body_tempfile(request) -> None:
    """Close the temporary file WebOb spools a large body into when a view reads it."""
    body = request.environ.get("wsgi.input")
    if request.environ.get("webob.is_body_seekable") and not isinstance(body, io.BytesIO):
        close = getattr(body, "close", None)
        if close is not None:
            close()


def json_payload(request):
    """The parsed JSON body, or a 400 naming the problem."""
    if not request.body:
        return None
    try:
        return json.loads(request.body.decode(request.charset or "utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"Invalid JSON body: {exc}") from None
    except LookupError:
        raise BadRequest(f"Unknown charset {request.charset!r}") from None
    except RecursionError:
        raise BadRequest("Invalid JSON body: nested too deeply") from None


def format_validation_error(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"] if p != "__root__")
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts) or "Invalid request body"


def validated(request, model: type[M], data=None, partial_ok: bool = False) -> M:
    """Parse the JSON body (or ``data``) into ``model``; 400 ``{msg}`` on any problem."""
    payload = json_payload(request) if data is None else data
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise BadRequest("Request body must be a JSON object")
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise BadRequest(format_validation_error(exc)) from None


def includeme(config):
    config.add_tween("workbench.requests.body_limit_tween_factory")
    config.add_request_method(json_payload, "json_payload", reify=True)
    config.add_request_method(validated, "validated")
