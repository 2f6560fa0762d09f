"""The OpenAPI document is valid and describes every API route the app serves."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate

from workbench.openapi import OPENAPI_PATH
from workbench.openapi.builder import openapi_path

pytestmark = pytest.mark.usefixtures("client")


@pytest.fixture
def document(client):
    return client.get(OPENAPI_PATH).json


def _served_operations(app):
    """(path, method) of every view bound to an /api/ (or legacy /auth/) route."""
    introspector = app.registry.introspector
    patterns = {
        x["introspectable"]["name"]: x["introspectable"]["pattern"] for x in introspector.get_category("routes")
    }
    operations = set()
    for item in introspector.get_category("views"):
        view = item["introspectable"]
        pattern = patterns.get(view["route_name"])
        if not pattern or not pattern.startswith(("/api/", "/auth/")):
            continue
        methods = view["request_methods"]
        assert methods, f"API view on {pattern} accepts any method: declare request_method"
        for method in [methods] if isinstance(methods, str) else methods:
            operations.add((openapi_path(pattern)[0], method.lower()))
    return operations


def test_document_is_valid_openapi_3(document):
    validate(document)
    assert document["openapi"].startswith("3.")


def test_every_api_route_is_documented(app, document):
    served = _served_operations(app)
    documented = {(path, method) for path, item in document["paths"].items() for method in item}
    missing = sorted(served - documented)
    assert not missing, f"API operations missing from the OpenAPI document: {missing}"
    assert documented <= served


def test_operations_name_their_permission(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert operation["summary"], f"{method} {path} has no summary"
            public = operation.get("security") == []
            assert public or operation.get("x-permission"), f"{method} {path} names no permission"


def test_core_operations_are_there(document):
    paths = document["paths"]
    assert "post" in paths["/api/v1/auth/user/signup"]
    assert "requestBody" in paths["/api/v1/auth/user/signup"]["post"]
    assert set(paths["/api/v1/db/meta/projects/{project_id}"]) == {"get", "patch", "delete"}
    assert set(paths["/api/v2/meta/bases/{project_id}"]) == {"get", "patch", "delete"}
    assert paths["/api/v1/db/meta/projects"]["post"]["x-permission"] == "org:project:create"
