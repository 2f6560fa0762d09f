"""The CSV importer: the csv module over a text stream in the chosen encoding (UTF-8 by
default, a byte-order mark dropped), the delimiter detected from a sample unless given."""

from __future__ import annotations

import codecs
import csv
import io
import os

from workbench.plugin_api import Importer, ImportFileError, hookimpl

SAMPLE = 64 * 1024
DELIMITERS = ",;\t|"
# A field may be as long as a LongText value can reasonably be.
csv.field_size_limit(64 * 1024 * 1024)


class CsvImporter(Importer):
    name = "csv"
    icon = "th"
    media_types = ("text/csv",)
    offered_options = ("encoding", "delimiter")
    label = "CSV"
    extensions = ("csv",)

    def _encoding(self) -> str:
        encoding = self.options.get("encoding") or "utf-8"
        try:
            found = codecs.lookup(encoding).name
        except LookupError:
            raise ImportFileError(f"Unknown encoding '{encoding}'") from None
        # utf-8-sig reads files with and without a byte-order mark alike.
        return "utf-8-sig" if found == "utf-8" else found

    def _dialect(self, sample: str):
        given = self.options.get("delimiter")
        if given:
            if not isinstance(given, str) or len(given) != 1:
                raise ImportFileError("The delimiter must be one character")
            return given
        try:
            return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
        except csv.Error:
            return ","

    def sheets(self, path: str):
        name = os.path.splitext(os.path.basename(path))[0]
        encoding = self._encoding()
        with open(path, "rb") as raw:
            stream = io.TextIOWrapper(raw, encoding=encoding, newline="")
            try:
                sample = stream.read(SAMPLE)
            except UnicodeDecodeError as exc:
                raise ImportFileError(f"The file is not valid {encoding}: {exc.reason}") from None
            if "\x00" in sample:
                raise ImportFileError("The file is not a text file")
            # Cut the sample at its last line break so the sniffer sees whole lines.
            cut = sample.rfind("\n")
            delimiter = self._dialect(sample[: cut if cut > 0 else len(sample)])
            stream.seek(0)
            reader = csv.reader(stream, delimiter=delimiter)
            yield self.split_header(name, _rows(reader, encoding), texts=True)


def _rows(reader, encoding: str):
    try:
        for row in reader:
            if not all(row):  # an empty cell (a blank line is one); all() looks at lengths only
                if len(row) == 1:
                    continue
                row = [None if cell == "" else cell for cell in row]
            elif not row:
                continue
            yield row
    except UnicodeDecodeError as exc:
        raise ImportFileError(f"The file is not valid {encoding}: {exc.reason}") from None
    except csv.Error as exc:
        raise ImportFileError(f"Malformed CSV on line {reader.line_num}: {exc}") from None


@hookimpl
def register_importers():
    return [CsvImporter]
