"""Field types: the small interface every field type plugin implements, and shared helpers.

The types themselves are plugins (``plugins/field_types/<name>/``) registered through
``register_field_types``; the core reaches them through ``request.registry["field_types"]``
and the helpers in ``workbench.fields.lookup``.
"""
