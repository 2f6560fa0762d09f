"""Meta API views of tables, columns and the view state (filters, sorts, fields)."""
