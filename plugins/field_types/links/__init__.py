"""Link field types: ``LinkToAnotherRecord`` and ``Links`` (NocoDB's newer name for
has-many and many-to-many links; both are accepted), the ``ForeignKey`` a has-many /
belongs-to link stores its value in, and ``Count`` (the number of a link's records).

The relation itself (``workbench.links.relations``) and the schema work of creating and
deleting links (``workbench.links.schema``) live in the core, which lookups and rollups
build on too; these types plug them into the data engine:

- a link is computed in the page SELECT (``ComputedInSql``): a has-many or many-to-many
  link reads as the number of linked records (v2 ``Links``), a belongs-to as its foreign
  key; so links filter (``blank``/``notblank``, comparisons on the count) and sort;
- the API value is then completed for the whole page with one batched query per link
  field (``ExpandsValues``): the linked records as ``{pk, display value}`` (v1, and v2
  ``LinkToAnotherRecord``), the parent record as an object for belongs-to;
- creating and deleting a link goes through ``ManagesSchema``.
"""

from __future__ import annotations

from workbench_plugins.field_types.links.count import Count
from workbench_plugins.field_types.links.foreign_key import ForeignKey
from workbench_plugins.field_types.links.link import Links, LinkToAnotherRecord

from workbench.plugin_api import hookimpl

__all__ = ["Count", "ForeignKey", "LinkToAnotherRecord", "Links"]


@hookimpl
def register_field_types():
    return [LinkToAnotherRecord, Links, ForeignKey, Count]
