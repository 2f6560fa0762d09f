"""What text functions share: texts in (anything is read as a text), a text out."""

from workbench.plugin_api import NUMBER, TEXT, DataType, FormulaFunction


class TextFunction(FormulaFunction):
    arg_types = (TEXT,)
    returns = DataType.STRING


#: a text, then numbers (LEFT, MID, REPEAT, ...)
TEXT_THEN_NUMBERS = (TEXT, NUMBER)
