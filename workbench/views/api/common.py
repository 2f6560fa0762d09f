"""Helpers shared by the views endpoints."""

from workbench.errors import BadRequest


def body_of(request) -> dict:
    body = request.json_payload
    if body is None:
        return {}
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object")
    return body
