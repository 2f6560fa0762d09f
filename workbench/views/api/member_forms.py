"""A form view filled in inside the app: project members who may add records (editors and
up) submit it without its being shared, with the same rules as a shared form (only its shown
fields, its required ones, attachments as files of a multipart body)."""

from __future__ import annotations

from workbench.api import api_view
from workbench.errors import NotFound
from workbench.security.permissions import Permission
from workbench.views import forms
from workbench.views.kinds import type_of
from workbench.views.types import PUBLIC_FORM


@api_view(
    "view.form_submit",
    "POST",
    Permission.DATA_INSERT,
    tags=("views",),
    summary="Submit a form view as a project member: JSON, or multipart with data (JSON) and attachment files",
)
def submit_form(request):
    view = request.context.view
    vtype = type_of(request.registry, view)
    if vtype.public != PUBLIC_FORM:
        raise NotFound(f"View '{view.id}' is not a form")
    return forms.submit(request, view, vtype.column_settings_json)
