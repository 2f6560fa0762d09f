"""The filter operators each field of a table accepts, for clients that offer only those."""

from workbench.api import api_view
from workbench.fields import operators as ops
from workbench.paging import paged
from workbench.security.permissions import Permission
from workbench.tables.views.view_state import _model


@api_view(
    "table.filter_operators",
    "GET",
    Permission.TABLE_READ,
    tags=("views",),
    summary="The filter operators of each field that can be filtered (unary ones take no value)",
)
def filter_operators(request):
    items = [
        {
            "fk_column_id": f.id,
            "uidt": f.column.uidt,
            "operators": sorted(f.type.operators),
            "unary": sorted(f.type.operators & ops.UNARY_OPERATORS),
            "list": sorted(f.type.operators & ops.LIST_OPERATORS),
        }
        for f in _model(request).fields
        if f.expr is not None and f.type.operators
    ]
    return paged(items, len(items), max(len(items), 1), 0)
