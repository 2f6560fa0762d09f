"""One request class for the whole app, built once.

Pyramid applies request methods and properties (``config.add_request_method``) to every
request by deriving a new class from the request's class, per request: a ``type()`` call,
and attribute lookups that start cold each time. Once the configuration is complete, the
same methods and properties are put on one subclass of the request factory instead, and
the router creates requests of that class with nothing left to apply. Scripts and tests
that build requests themselves still find the extensions where Pyramid keeps them; a
subrequest (none is made today) would be built from ``router.request_factory`` to get them.
"""

from pyramid.interfaces import IRequestExtensions, IRequestFactory
from pyramid.request import Request
from pyramid.router import Router


def freeze_request_extensions(app: Router) -> Router:
    registry = app.registry
    extensions = registry.queryUtility(IRequestExtensions)
    if extensions is None:
        return app
    base = registry.queryUtility(IRequestFactory, default=Request)
    attrs = {**extensions.methods, **extensions.descriptors, "__module__": base.__module__}
    app.request_factory = type(base.__name__, (base,), attrs)
    app.request_extensions = None
    return app
