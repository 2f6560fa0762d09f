"""Built-in field types, one plugin package per family of closely related types."""
