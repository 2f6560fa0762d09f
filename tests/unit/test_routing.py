"""The indexed route mapper answers exactly as Pyramid's own mapper would, and ignores a
trailing slash on every route."""

from __future__ import annotations

import itertools
import re

import pytest
from pyramid.interfaces import IRoutesMapper
from pyramid.request import Request
from pyramid.urldispatch import RoutesMapper

from workbench.routing import IndexedRoutesMapper, literal_segments
from workbench.testing.plugins import app_with_plugins

# Values put in place of a pattern's placeholders: ordinary ids, and words that are
# literal segments of other routes (a table could well be called "records").
FILLERS = ("md_abc", "api", "records", "v2", "tables", "db", "")


@pytest.fixture(scope="module")
def mappers(tmp_path_factory):
    app = app_with_plugins(tmp_path_factory.mktemp("routing"))
    ours = app.registry.getUtility(IRoutesMapper)
    assert isinstance(ours, IndexedRoutesMapper)
    plain = RoutesMapper()
    for route in ours.get_routes():
        plain.connect(route.name, route.pattern, route.factory, route.predicates, route.pregenerator)
    return app, ours, plain


def _paths(pattern: str):
    pattern = "/" + pattern.lstrip("/")
    pattern = re.sub(r"\*\w*$", "{rest}", pattern)
    holes = re.findall(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", pattern)
    for values in itertools.islice(itertools.product(FILLERS, repeat=len(holes)), 40):
        path = pattern
        for hole, value in zip(holes, values, strict=True):
            path = path.replace(hole, value, 1)
        yield path
        yield path + "/"


def _answer(mapper, app, path, method):
    request = Request.blank(path, method=method)
    request.registry = app.registry
    info = mapper(request)
    return info["route"].name if info["route"] else None, info["match"]


def _without_trailing_slash(path: str) -> str:
    return path[:-1] if len(path) > 1 and path.endswith("/") else path


def test_same_route_and_match_for_every_pattern(mappers):
    app, ours, plain = mappers
    paths = {p for route in plain.get_routes() for p in _paths(route.pattern)}
    paths |= {"/", "/nothing", "/api", "/api/v2", "/api/v2/tables", "/assets/x.js", "/nc/p1/table/T"}
    checked = 0
    for path in sorted(paths):
        for method in ("GET", "POST", "PATCH", "DELETE"):
            expected = _answer(plain, app, _without_trailing_slash(path), method)
            assert _answer(ours, app, path, method) == expected, (path, method)
            checked += 1
    assert checked > 1000


def _example_path(pattern: str) -> str:
    path = "/" + pattern.lstrip("/")
    path = re.sub(r"\*\w*$", "x.js", path)
    path = re.sub(r"\{\w+:(\w+)(?:\|\w+)*\}", r"\1", path)  # {relation:mm|hm|bt}: its first word
    return re.sub(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", "md_abc", path)


def test_every_route_answers_the_same_with_a_trailing_slash(mappers):
    app, ours, _plain = mappers
    routes = ours.get_routes()
    assert len(routes) > 100
    for route in routes:
        path = _example_path(route.pattern)
        for method in ("GET", "POST", "PATCH", "DELETE"):
            bare = _answer(ours, app, path, method)
            assert _answer(ours, app, path + "/", method) == bare, (route.name, path, method)
        assert _answer(ours, app, path, "GET")[0] is not None or route.predicates, route.name


def test_only_one_trailing_slash_is_ignored(mappers):
    app, ours, _plain = mappers
    assert _answer(ours, app, "/api/v1/db/meta/projects/", "GET")[0] == "projects"
    assert _answer(ours, app, "/api/v1/db/meta/projects//", "GET")[0] != "projects"


def test_candidates_are_few_for_a_records_path(mappers):
    _app, ours, plain = mappers
    candidates = ours.candidates("/api/v2/tables/md_abc/records")
    assert 0 < len(candidates) < len(plain.get_routes()) / 4
    assert any(r.name.startswith("records") or "records" in r.pattern for r in candidates)


@pytest.mark.parametrize(
    ("pattern", "literal"),
    [
        ("/api/v1/health", ("api", "v1", "health")),
        ("api/v2/tables/{id}/records", ("api", "v2", "tables")),
        ("/assets/*subpath", ("assets",)),
        ("/{project_type}/{id}", ()),
        ("/api/v1/:old", ("api", "v1")),
        ("/files/{name}.txt", ("files",)),
        ("/", ("",)),
    ],
)
def test_literal_segments(pattern, literal):
    assert literal_segments(pattern) == literal
