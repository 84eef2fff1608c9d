"""Where a form posted from a page sends its player back."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme


def back_to_page(request: HttpRequest, *, fallback: str) -> HttpResponseRedirect:
    """To the form's `next` when it is a path on this site, else to the view named `fallback`.
    A `next` that is no path ("-1", any text) is not a view's name either: never looked up."""
    target = request.POST.get("next", "")
    on_this_site = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    if target.startswith("/") and on_this_site:
        return HttpResponseRedirect(target)
    return redirect(fallback)
