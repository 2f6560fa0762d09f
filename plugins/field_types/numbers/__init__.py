"""Numeric field types: Number, Decimal, Currency, Percent, Duration, Rating and Year."""

from workbench.plugin_api import hookimpl

from .types import Currency, Decimal, Duration, Number, Percent, Rating, Year


@hookimpl
def register_field_types():
    return [Number, Decimal, Currency, Percent, Duration, Rating, Year]
