"""Downloads of a table's or a view's records as CSV or XLSX: NocoDB's paged download
(``.../export/csv``, ``.../export/excel`` with ``nc-export-offset``) and one streamed
file for the web app; the shared-view download uses the same writers. See docs/exports.md.
"""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
