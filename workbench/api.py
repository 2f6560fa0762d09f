"""Declaring API endpoints: routes with their compatibility aliases, and documented views.

``add_api_route(config, "projects.list", "/api/v1/db/meta/projects", "/api/v2/meta/bases")``
adds one route per path (NocoDB exposes the same handler on v1 and v2 paths).
``@api_view("projects.list", "GET", Permission.ORG_PROJECT_LIST, summary=...)`` binds a
view to the route and all its aliases, and records what the OpenAPI document says of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import venusian

from workbench.renderer import JSONRenderer

ALIASES_KEY = "workbench.route_aliases"


def add_api_route(config, name: str, *patterns: str, factory=None, **kw) -> None:
    """Add ``name`` for the first pattern and ``name@N`` for each alias pattern."""
    aliases = config.registry.setdefault(ALIASES_KEY, {})
    names = []
    for index, pattern in enumerate(patterns):
        route_name = name if index == 0 else f"{name}@{index}"
        config.add_route(route_name, pattern, factory=factory, **kw)
        names.append(route_name)
    aliases[name] = names


@dataclass(frozen=True)
class ApiDoc:
    route_name: str
    method: str
    permission: object
    summary: str
    body: object = None
    response: object = None
    query: tuple = ()
    tags: tuple = field(default_factory=tuple)
    status: int = 200


def api_view(
    route_name: str,
    method: str,
    permission,
    *,
    summary: str,
    body=None,
    response=None,
    query=(),
    tags=(),
    status=200,
    **view_kw,
):
    """Register the decorated function as the JSON view of ``route_name`` (and aliases).

    :param permission: a ``Permission`` or ``NO_PERMISSION_REQUIRED``.
    :param body: pydantic model of the request body (documentation; views validate).
    :param response: pydantic model or JSON schema dict of the response.
    :param query: ``(name, description)`` pairs of query parameters.
    """
    doc = ApiDoc(route_name, method, permission, summary, body, response, tuple(query), tuple(tags), status)

    def decorate(fn):
        def callback(scanner, _name, ob):
            config = scanner.config
            names = config.registry.get(ALIASES_KEY, {}).get(route_name, [route_name])
            for name in names:
                config.add_view(
                    ob, route_name=name, request_method=method, permission=permission, renderer="json", **view_kw
                )

        venusian.attach(fn, callback, category="pyramid")
        fn.__dict__.setdefault("__api_docs__", []).append(doc)
        return fn

    return decorate


def includeme(config):
    config.add_renderer("json", JSONRenderer())
