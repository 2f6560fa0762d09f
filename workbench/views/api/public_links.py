"""Link fields of a shared view, for the public: the records a shared form may link
(``nested/{columnId}``) and the records linked to a record the view shows
(``rows/{rowId}/{mm|hm}/{columnId}``). Only the related table's key and display value."""

from __future__ import annotations

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.api import api_view
from workbench.errors import NotFound
from workbench.views.api.public_views import rows_view
from workbench.views.kinds import type_of
from workbench.views.public import PublicTable
from workbench.views.public_links import PublicLink
from workbench.views.types import PUBLIC_FORM

TAGS = ("public",)
QUERY = (
    ("where", "filter on the related table's key or display value"),
    ("searchValue", "text to look for in the display value"),
    ("limit", "page size"),
    ("offset", "rows to skip"),
)


@api_view(
    "public.view.nested",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=QUERY,
    summary="Records a shared form may link through a shown link field (key and display value only)",
)
def link_choices(request):
    view = request.context.view
    if type_of(request.registry, view).public != PUBLIC_FORM:
        raise NotFound("Not found")
    return PublicLink(PublicTable(request, view), request.matchdict["column_id"]).choices()


@api_view(
    "public.view.linked",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    query=QUERY,
    summary="Records linked to a record of a shared view through a shown link field (key and display value only)",
)
def linked_rows(request):
    md = request.matchdict
    link = PublicLink(PublicTable(request, rows_view(request)), md["column_id"])
    return link.linked(md["row_id"], md["relation_type"])
