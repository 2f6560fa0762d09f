"""Route matching that does not try every route on every request.

Pyramid's mapper tries the routes one by one, in the order they were added, until one
matches: with close to two hundred routes, a request for a late one pays for a regular
expression per route before it. This mapper answers the same (the first route, in that
order, whose pattern and predicates match) but tries only the routes that can match the
path's first segments: each route's literal leading segments (up to three) are known
from its pattern, and the routes fitting each combination of leading segments are listed
once, when first asked for.

A trailing slash is ignored on every route: ``/api/v1/db/meta/projects/`` is matched as
``/api/v1/db/meta/projects`` (NocoDB's clients send both forms). Only the one slash that
ends the path is dropped; the matched values never see it.
"""

from __future__ import annotations

from pyramid.exceptions import URLDecodeError
from pyramid.urldispatch import RoutesMapper

DEPTH = 3
_OTHER = object()  # a path segment that no route has as a literal at its position
_DYNAMIC = ("{", "*", ":")


def literal_segments(pattern: str) -> tuple[str, ...]:
    """The segments of ``pattern`` before its first dynamic one, at most ``DEPTH``."""
    parts = pattern.lstrip("/").split("/")
    literal = []
    for part in parts[:DEPTH]:
        if any(c in part for c in _DYNAMIC):
            break
        literal.append(part)
    return tuple(literal)


class IndexedRoutesMapper(RoutesMapper):
    def __init__(self):
        super().__init__()
        self._prefixes: dict = {}
        self._literals: list[set[str]] | None = None
        self._candidates: dict[tuple, list] = {}

    def connect(self, *args, **kwargs):
        route = super().connect(*args, **kwargs)
        self._literals = None
        self._candidates.clear()
        return route

    def _index(self) -> list[set[str]]:
        self._prefixes = {route: literal_segments(route.pattern) for route in self.routelist}
        literals: list[set[str]] = [set() for _ in range(DEPTH)]
        for prefix in self._prefixes.values():
            for position, segment in enumerate(prefix):
                literals[position].add(segment)
        self._literals = literals
        return literals

    def candidates(self, path: str) -> list:
        """The routes, in order, whose literal leading segments are the path's."""
        literals = self._literals if self._literals is not None else self._index()
        segments = path.split("/", DEPTH + 1)[1 : DEPTH + 1]
        key = tuple(s if s in literals[i] else _OTHER for i, s in enumerate(segments))
        found = self._candidates.get(key)
        if found is None:
            found = self._candidates[key] = [
                route
                for route in self.routelist
                if len(prefix := self._prefixes[route]) <= len(key) and prefix == key[: len(prefix)]
            ]
        return found

    def __call__(self, request):
        try:
            path = request.path_info or "/"
        except KeyError:
            path = "/"
        except UnicodeDecodeError as e:
            raise URLDecodeError(e.encoding, e.object, e.start, e.end, e.reason) from e
        if len(path) > 1 and path[-1] == "/":
            path = path[:-1]
        for route in self.candidates(path):
            match = route.match(path)
            if match is not None:
                preds = route.predicates
                info = {"match": match, "route": route}
                if preds and not all(p(info, request) for p in preds):
                    continue
                return info
        return {"route": None, "match": None}
