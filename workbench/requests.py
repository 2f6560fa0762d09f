"""Request bodies: a size limit for every request and typed JSON parsing.

``request.validated(Model)`` parses the JSON body into a pydantic model and turns every
problem into a 400 ``{msg}`` that names the field; views never touch ``json_body``.
"""

import io
import json
from typing import TypeVar

import orjson
from pydantic import BaseModel, ValidationError
from pyramid_retry import is_error_retryable

from workbench.errors import BadRequest, json_error

M = TypeVar("M", bound=BaseModel)
_UTF8 = ("utf-8", "utf8")
# Bytes to "1" for a digit and "0" otherwise: a run of 19 digits (an integer that may not
# fit 64 bits) is then a plain substring search, ten times faster than a regular expression.
_DIGITS = bytes(0x31 if 0x30 <= b <= 0x39 else 0x30 for b in range(256))
_LONG_RUN = b"1" * 19


def _has_long_digit_run(body: bytes) -> bool:
    return _LONG_RUN in body.translate(_DIGITS)


def body_limit(request) -> int:
    """The largest body ``request`` may carry: ``workbench.max_body_size``, or
    ``workbench.max_upload_size`` under one of ``workbench.large_body_paths``, or the limit
    of a route matching one of the registry's ``workbench.body_limits`` (pattern, limit)
    pairs (the import upload's)."""
    registry = request.registry
    settings = registry.settings
    limit = int(settings["workbench.max_body_size"])
    large_paths = tuple(settings.get("workbench.large_body_paths", ()))
    if large_paths and request.path_info.startswith(large_paths):
        limit = int(settings.get("workbench.max_upload_size", limit))
    elif request.method == "POST":
        for pattern, route_limit in registry.get("workbench.body_limits", ()):
            if pattern.match(request.path_info):
                return route_limit
    return limit


def retry_activate_hook(request):
    """pyramid_retry's ``retry.activate_hook``: no replays for a request the size check will
    refuse, so that its body is not copied (to memory or disk) before the 413."""
    try:
        limit = body_limit(request)
    except UnicodeDecodeError:
        return 1  # refused as a bad URL by the tween
    length = request.content_length
    if length is None:
        # A chunked body of unknown length: replaying would mean spooling it all first.
        return 1 if request.is_body_readable else None
    return 1 if length > limit else None


def body_limit_tween_factory(handler, registry):
    """Before any view runs: 400 for a URL that cannot be decoded (see ``url_problem``) and
    413 for a body over ``body_limit``."""

    def body_limit_tween(request):
        problem = url_problem(request)
        if problem:
            return json_error(request, 400, problem)
        limit = body_limit(request)
        length = request.content_length
        if length is not None and length > limit:
            return json_error(request, 413, f"Request body too large (limit {limit} bytes)")
        if length is None and request.is_body_readable:
            # Chunked, of unknown length: read at most limit + 1 bytes.
            data = request.body_file_raw.read(limit + 1)
            if len(data) > limit:
                return json_error(request, 413, f"Request body too large (limit {limit} bytes)")
            request.body = data
        try:
            response = handler(request)
        except Exception as exc:
            if not is_error_retryable(request, exc):
                _close_body_tempfile(request)
            raise
        exc = getattr(request, "exception", None)
        if exc is None or not is_error_retryable(request, exc):
            _close_body_tempfile(request)
        return response

    return body_limit_tween


def url_problem(request) -> str | None:
    """Why the URL cannot be served: not UTF-8, or a NUL character (which PostgreSQL
    refuses in text, so it would surface as a 500 deep inside a view)."""
    try:
        path = request.path_info
        params = request.GET.items()
    except UnicodeDecodeError:
        return "The URL is not valid UTF-8"
    if "\x00" in path or any("\x00" in k or "\x00" in v for k, v in params):
        return "The URL cannot contain NUL characters"
    return None


def _close_body_tempfile(request) -> None:
    """Close the temporary file WebOb spools a large body into (pyramid_retry makes every
    body seekable), once no attempt will read it again."""
    body = request.environ.get("wsgi.input")
    if request.environ.get("webob.is_body_seekable") and not isinstance(body, io.BytesIO):
        close = getattr(body, "close", None)
        if close is not None:
            close()


#: the largest body WebOb keeps in memory when it copies one (pyramid_retry copies every body
#: so that a retry can read it again); a larger one goes to a temporary file
SPOOL_FROM = 10 * 1024
_JSON_TYPES = ("application/json",)


def body_tempfile_limit(request) -> int:
    """WebOb's ``request_body_tempfile_limit``: a JSON body of a known length within the
    body limit is parsed whole in memory anyway (``json_payload``), so its copy stays in
    memory too rather than going through a temporary file first; any other body is spooled
    to a file from ``SPOOL_FROM`` bytes."""
    length = request.environ.get("CONTENT_LENGTH")
    if not length or not length.isdigit():
        return SPOOL_FROM
    content_type = request.environ.get("CONTENT_TYPE", "").split(";", 1)[0].strip().lower()
    if content_type not in _JSON_TYPES and not content_type.endswith("+json"):
        return SPOOL_FROM
    return max(SPOOL_FROM, min(int(length), body_limit(request)))


def json_payload(request):
    """The parsed JSON body, or a 400 naming the problem."""
    body = request.body
    if not body:
        return None
    if (request.charset or "utf-8").lower() in _UTF8 and not _has_long_digit_run(body):
        # orjson is strict JSON (no NaN or Infinity, like the parse below): a body it
        # reads is read the same by json.loads, only faster; except integers past 64
        # bits, which it makes floats (hence the digits check). Anything it refuses
        # goes through json.loads for the exact message.
        try:
            payload = orjson.loads(body)
        except orjson.JSONDecodeError:
            pass
        else:
            if b"\\u0000" in body and _has_nul(payload):
                raise BadRequest("Text cannot contain NUL characters")
            return payload
    try:
        text = request.body.decode(request.charset or "utf-8")
        payload = json.loads(text, parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"Invalid JSON body: {exc}") from None
    except LookupError:
        raise BadRequest(f"Unknown charset {request.charset!r}") from None
    except RecursionError:
        raise BadRequest("Invalid JSON body: nested too deeply") from None
    # JSON can only carry NUL as an escape; look closer only when one may be there.
    if "\\u0000" in text and _has_nul(payload):
        raise BadRequest("Text cannot contain NUL characters")
    return payload


def _refuse_constant(name: str):
    # Python's json accepts NaN and Infinity; JSON does not, and neither do all databases.
    raise ValueError(f"{name} is not a JSON value")


def _has_nul(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


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
    # Read when pyramid_retry is included (workbench.db), so it is set before.
    config.get_settings().setdefault("retry.activate_hook", retry_activate_hook)
    config.add_tween("workbench.requests.body_limit_tween_factory")
    config.add_request_method(json_payload, "json_payload", reify=True)
    config.add_request_method(body_tempfile_limit, "request_body_tempfile_limit", property=True)
    config.add_request_method(validated, "validated")
