"""What numeric functions share: numbers in, a number out."""

from workbench.formulas import DataType, FormulaFunction
from workbench.formulas.types import NUMBER


class NumericFunction(FormulaFunction):
    arg_types = (NUMBER,)
    returns = DataType.NUMERIC


class Variadic(NumericFunction):
    """Any number of numbers, at least one."""

    max_args = None
