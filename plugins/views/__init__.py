"""Built-in view types: grid, form, gallery, kanban and calendar."""
