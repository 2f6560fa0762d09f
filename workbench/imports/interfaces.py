"""What an importer is: a plugin class that reads one kind of file into sheets of rows.

An importer (registered with ``register_importers``) has a unique ``name`` (``csv``,
``excel``, ``json``), a ``label`` (the format's name in messages; the catalogue's label is the
``label`` key of the plugin's ``messages.json``) and the ``extensions`` of the files it reads. It is built
with the caller's options and streams a file::

    importer = registry["importers"].get(name)(options, limits)
    for sheet in importer.sheets(path):        # a binary file on disk
        sheet.name, sheet.header               # header cells ([] without a header row)
        for row in sheet.rows:                 # lists of str, int, float, Decimal, bool,
            ...                                # date, datetime or None

Rows are read lazily, so a file of any size is read in constant memory (where its format
allows). A file that cannot be read raises ``ImportFileError`` (a 400 for the uploader).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

#: options every importer understands (the upload's ``options`` JSON)
DEFAULT_OPTIONS = {
    "firstRowAsHeaders": True,
    "encoding": "utf-8",
    "delimiter": None,
    "sheet": None,
}


class ImportFileError(ValueError):
    """The file cannot be read as the importer's format; the message says why."""


@dataclass
class Sheet:
    """One table of a file: a CSV, one Excel worksheet, a JSON array."""

    name: str
    header: list[str]
    rows: Iterator[list]
    #: indexes of columns whose cells an importer knows are money (Excel: ``$`` formats)
    currency: set[int] = field(default_factory=set)
    #: whether every cell is a text or None (a CSV's): a column's types are then known
    #: from whether it holds a None
    texts: bool = False


class Importer:
    """Base class of importers; subclasses set the class attributes and ``sheets``."""

    name: str = ""
    label: str = ""
    extensions: tuple[str, ...] = ()
    #: whether the first row may be a header row (``firstRowAsHeaders``); JSON's keys are
    #: always the header
    header_row: bool = True
    #: option keys of this importer's own (beyond ``DEFAULT_OPTIONS``, ``type`` and
    #: ``table_id``) that the server keeps from the upload's options for ``self.options``
    option_keys: tuple[str, ...] = ()

    # -- what the catalogue shows (docs/catalogue.md) -----------------------------------
    #: the media types of the files it reads (the file picker's ``accept``)
    media_types: tuple[str, ...] = ()
    #: the upload options the import dialog offers for this format
    offered_options: tuple[str, ...] = ()
    #: a Blueprint icon name
    icon: str | None = None

    def __init__(self, options: dict | None = None, limits=None):
        from workbench.imports.limits import ImportLimits

        self.options = {**DEFAULT_OPTIONS, **(options or {})}
        #: the server's ``ImportLimits`` (``workbench.imports.limits``): a reader of a zip-based
        #: format checks the zip with ``check_zip`` and counts cells with ``CellCount``
        self.limits = limits if limits is not None else ImportLimits()

    @classmethod
    def accepts(cls, file_name: str) -> bool:
        lower = file_name.lower()
        return any(lower.endswith("." + ext) for ext in cls.extensions)

    def sheets(self, path: str) -> Iterator[Sheet]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- helpers for subclasses ------------------------------------------------
    def split_header(
        self, name: str, rows: Iterable[list], currency: set[int] | None = None, texts: bool = False
    ) -> Sheet:
        """A sheet from its rows: the first row is the header when ``firstRowAsHeaders``."""
        iterator = iter(rows)
        header: list[str] = []
        if self.options.get("firstRowAsHeaders", True):
            first = next(iterator, None)
            header = [] if first is None else ["" if cell is None else str(cell).strip() for cell in first]
        return Sheet(
            name=name, header=header, rows=iterator, currency=currency if currency is not None else set(), texts=texts
        )
