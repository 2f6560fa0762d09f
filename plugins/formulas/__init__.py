"""The built-in formula functions, one plugin per group (numeric, string, date, logical,
JSON, system), each registered through ``register_formula_functions``."""
