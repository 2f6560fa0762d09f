"""Date and time field types: Date, DateTime, Time, and the system timestamps CreateTime
and LastModifiedTime (NocoDB's name CreatedTime is accepted too)."""

from workbench.plugin_api import hookimpl

from .types import CreatedTime, CreateTime, Date, DateTime, LastModifiedTime, Time


@hookimpl
def register_field_types():
    return [Date, DateTime, Time, CreateTime, CreatedTime, LastModifiedTime]
