"""The download of a shared view (CSV or XLSX, when its share allows it): the records the
public may read, in the view's shown fields and their order, through the export engine
(``workbench.exports``): NocoDB's chunks with ``nc-export-offset``, or one stream."""

from __future__ import annotations

from pyramid.response import Response

from workbench.exports.services import Export, requested_names, view_fields
from workbench.views.public import PublicTable


def export_response(request, public: PublicTable) -> Response:
    params = public.params(paging=False)
    names = requested_names(request)
    fields = [public.find(name) for name in names] if names else view_fields(public.model, public.view)
    engine = request.registry["source_engines"].get(public.ref.source)
    return Export(request, engine, public.model, params, fields, public.view.title).response()
