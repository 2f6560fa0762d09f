"""What an upload may be: the accepted types and the size limit, from the settings and
narrowed by the Attachment field's own options.

Settings: ``workbench.attachments.max_size`` (bytes, default 20 MiB) and
``workbench.attachments.accepted_types`` (patterns such as ``image/* application/pdf``;
empty accepts anything). An Attachment column's meta may narrow both, with NocoDB's keys:
``supportedAttachmentMimeTypes`` (a list of patterns) and ``maxAttachmentSize`` (in MB).
A field can never widen what the server allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.storage import filetypes

DEFAULT_MAX_SIZE = 20 * 1024 * 1024
#: files one request may upload (multipart parts or URLs)
MAX_FILES = 20
MB = 1024 * 1024
NOT_ACCEPTED = "target file is not an accepted file type"


@dataclass(frozen=True)
class UploadRules:
    max_size: int
    #: each group must admit the type (the server's, then the field's); empty groups admit all
    accepted: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def from_settings(cls, settings: dict) -> UploadRules:
        max_size = int(settings.get("workbench.attachments.max_size") or DEFAULT_MAX_SIZE)
        if max_size <= 0:
            raise ValueError("workbench.attachments.max_size must be a positive number of bytes")
        patterns = filetypes.parse_patterns(settings.get("workbench.attachments.accepted_types"))
        return cls(max_size, (patterns,) if patterns else ())

    def for_field(self, meta: dict | None) -> UploadRules:
        """These rules narrowed by an Attachment column's meta (invalid options are ignored,
        the column API is where they are refused)."""
        meta = meta or {}
        max_size = self.max_size
        field_mb = meta.get("maxAttachmentSize")
        if isinstance(field_mb, (int, float)) and not isinstance(field_mb, bool) and field_mb > 0:
            max_size = min(max_size, int(field_mb * MB))
        accepted = self.accepted
        try:
            patterns = filetypes.parse_patterns(meta.get("supportedAttachmentMimeTypes") or ())
        except ValueError:
            patterns = ()
        if patterns:
            accepted = (*accepted, patterns)
        return UploadRules(max_size, accepted)

    def admits(self, mimetype: str) -> bool:
        return all(filetypes.accepted(mimetype, group) for group in self.accepted)

    def describe_accepted(self) -> str:
        """The accepted types, for the refusal message (the narrowest group)."""
        return ", ".join(self.accepted[-1]) if self.accepted else "*/*"
