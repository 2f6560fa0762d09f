"""Records API views: v2 (by table id) and v1 (by project and table, with bulk paths)."""
