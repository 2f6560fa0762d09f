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


def add_api_view(
    config,
    view,
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
) -> None:
    """Bind ``view`` as the JSON view of ``route_name`` and each of its aliases, and record
    what the OpenAPI document says of it.

    :param permission: a ``Permission`` or ``NO_PERMISSION_REQUIRED``.
    :param body: pydantic model of the request body (documentation; views validate).
    :param response: pydantic model or JSON schema dict of the response.
    :param query: ``(name, description)`` pairs of query parameters.
    """
    doc = ApiDoc(route_name, method, permission, summary, body, response, tuple(query), tuple(tags), status)
    docs = view.__dict__.setdefault("__api_docs__", [])
    if doc not in docs:
        docs.append(doc)
    options = dict(view_kw, renderer="json")
    for name in config.registry.get(ALIASES_KEY, {}).get(route_name, [route_name]):
        config.add_view(view, route_name=name, request_method=method, permission=permission, **options)


def api_view(route_name: str, method: str, permission, **kw):
    """Decorate a view to be bound as ``add_api_view(config, view, route_name, method,
    permission, **kw)`` does, when its module is scanned (the same parameters)."""

    def decorate(fn):
        def callback(scanner, _name, ob):
            add_api_view(scanner.config, ob, route_name, method, permission, **kw)

        venusian.attach(fn, callback, category="pyramid")
        return fn

    return decorate


def includeme(config):
    config.add_renderer("json", JSONRenderer())
