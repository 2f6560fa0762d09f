"""Link field types and the link engine: ``LinkToAnotherRecord`` and ``Links`` (NocoDB's
newer name for has-many and many-to-many links; both are accepted), the ``ForeignKey`` a
has-many / belongs-to link stores its value in, and ``Count`` (the number of a link's
records).

The engine lives here with them:

- ``relations``: the relation behind a link field, read from its column options, and the
  SQL builders over it (counts, related rows, batched fetches); lookups and rollups build
  on it too (the ``field_lookup_rollup`` plugin declares that it needs this one);
- ``schema`` and ``ddl``: creating and deleting link fields, both sides at once, with the
  foreign key or junction table;
- ``records``, ``routes``, ``views``: the links APIs of one record (v1 nested routes and
  v2 ``links``), added to the app by ``configure_pyramid``.

The types plug the engine into the data engine:

- a link is computed in the page SELECT (``ComputedInSql``): a has-many or many-to-many
  link reads as the number of linked records (v2 ``Links``), a belongs-to as its foreign
  key; so links filter (``blank``/``notblank``, comparisons on the count) and sort;
- the API value is then completed for the whole page with one batched query per link
  field (``ExpandsValues``): the linked records as ``{pk, display value}`` (v1, and v2
  ``LinkToAnotherRecord``), the parent record as an object for belongs-to;
- creating and deleting a link goes through ``ManagesSchema``;
- shared views and public forms reach a link's related records through
  ``RelatesRecords``.
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


@hookimpl
def configure_pyramid(config):
    config.include(f"{__name__}.routes")
    config.scan(f"{__name__}.views")
