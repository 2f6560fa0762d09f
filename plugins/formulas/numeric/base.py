"""What numeric functions share: numbers in, a number out."""

from workbench.plugin_api import NUMBER, DataType, FormulaFunction


class NumericFunction(FormulaFunction):
    arg_types = (NUMBER,)
    returns = DataType.NUMERIC


class Variadic(NumericFunction):
    """Any number of numbers, at least one."""

    max_args = None
