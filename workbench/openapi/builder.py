"""Build the OpenAPI document from Pyramid's introspector and the views' ``ApiDoc``s."""

from __future__ import annotations

import re

from pydantic import BaseModel
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench import __version__

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::[^}]*)?\}")
ERROR_SCHEMA = {"type": "object", "properties": {"msg": {"type": "string"}}, "required": ["msg"]}
SECURITY_SCHEMES = {
    "xcAuth": {"type": "apiKey", "in": "header", "name": "xc-auth", "description": "Access token (JWT)"},
    "xcToken": {"type": "apiKey", "in": "header", "name": "xc-token", "description": "API token"},
    "bearer": {"type": "http", "scheme": "bearer", "description": "API token or access token"},
}


def openapi_path(pattern: str) -> tuple[str, list[str]]:
    names = _PLACEHOLDER.findall(pattern)
    return _PLACEHOLDER.sub(lambda m: "{" + m.group(1) + "}", pattern), names


def api_operations(registry):
    """Yield ``(pattern, method, doc)`` for every documented API view."""
    introspector = registry.introspector
    patterns = {
        x["introspectable"]["name"]: x["introspectable"]["pattern"] for x in introspector.get_category("routes", [])
    }
    seen = set()
    for item in introspector.get_category("views"):
        view = item["introspectable"]
        route_name = view["route_name"]
        if route_name is None or route_name not in patterns:
            continue
        docs = getattr(view["callable"], "__api_docs__", ())
        methods = view["request_methods"] or ()
        if isinstance(methods, str):
            methods = (methods,)
        for method in methods:
            base = route_name.split("@")[0]
            for doc in docs:
                if doc.route_name == base and doc.method == method:
                    key = (patterns[route_name], method)
                    if key not in seen:
                        seen.add(key)
                        yield patterns[route_name], method, doc


def _schema_ref(model, components: dict) -> dict:
    if model is None:
        return {"type": "object"}
    if isinstance(model, dict):
        return model
    if isinstance(model, type) and issubclass(model, BaseModel):
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        for name, definition in schema.pop("$defs", {}).items():
            components[name] = definition
        components[model.__name__] = schema
        return {"$ref": f"#/components/schemas/{model.__name__}"}
    raise TypeError(f"cannot describe {model!r}")


def build_document(registry) -> dict:
    components: dict = {"Error": ERROR_SCHEMA}
    paths: dict = {}
    for pattern, method, doc in sorted(api_operations(registry), key=lambda x: (x[0], x[1])):
        path, names = openapi_path(pattern)
        operation = {
            "summary": doc.summary,
            "operationId": f"{doc.route_name}.{method.lower()}",
            "tags": list(doc.tags),
            "parameters": [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in names]
            + [
                {"name": n, "in": "query", "required": False, "description": d, "schema": {"type": "string"}}
                for n, d in doc.query
            ],
            "responses": {
                str(doc.status): {
                    "description": "Success",
                    "content": {"application/json": {"schema": _schema_ref(doc.response, components)}},
                },
                "default": {
                    "description": "Error",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                },
            },
        }
        if doc.permission == NO_PERMISSION_REQUIRED:
            operation["security"] = []
        else:
            operation["x-permission"] = str(doc.permission)
        if doc.body is not None:
            operation["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": _schema_ref(doc.body, components)}},
            }
        paths.setdefault(path, {})[method.lower()] = operation
    _unique_operation_ids(paths)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Workbench API",
            "version": __version__,
            "description": "REST API of Workbench, compatible with NocoDB's v1 and v2 APIs.",
        },
        "paths": paths,
        "components": {"schemas": components, "securitySchemes": SECURITY_SCHEMES},
        "security": [{"xcAuth": []}, {"xcToken": []}, {"bearer": []}],
    }


def _unique_operation_ids(paths: dict) -> None:
    """Aliases share a view: suffix their operation ids so each stays unique."""
    counts: dict[str, int] = {}
    for path in sorted(paths):
        for operation in paths[path].values():
            base = operation["operationId"]
            counts[base] = counts.get(base, 0) + 1
            if counts[base] > 1:
                operation["operationId"] = f"{base}.{counts[base] - 1}"
