"""Lookup and Rollup: fields of linked records, read through a link field.

Both are computed in SQL (``ComputedInSql``) as correlated sub-selects of the page's own
statement, over the chain of links they follow (``paths``), so a page with any number of
them is one query whatever its size, and they are always as fresh as the data. Filters,
sorts and search work on them like on stored fields (lists match when any value does).
A lookup of a lookup follows both links; a lookup or rollup that would read itself is
refused; the links and fields they read cannot be deleted while they do.
"""

from workbench.plugin_api import hookimpl

from .lookup import Lookup
from .maintained.listeners import on_meta_changed, on_rows_changed, on_rows_deleting
from .rollup import Rollup

__all__ = ["on_meta_changed", "on_rows_changed", "on_rows_deleting"]


@hookimpl
def register_field_types():
    return [Lookup, Rollup]
