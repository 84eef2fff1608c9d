"""Refuse, with a 400, a request carrying a NUL character in its path, query, form or cookies.

PostgreSQL text cannot hold NUL, so no such input can name anything the site stores; left to
the views, the first lookup with it (a room code, an admin list filter, a session key) raised
an error the visitor saw as a 500.  Refusing it here covers every view, the admin's and
allauth's included.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBadRequest
from django.utils.translation import gettext as _


def has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path_info:
        return True
    sources = [request.GET, request.COOKIES]
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        sources.append(request.POST)
    return any(
        "\x00" in key or any("\x00" in value for value in _values(source, key))
        for source in sources
        for key in source
    )


def _values(source, key: str) -> list[str]:
    return source.getlist(key) if hasattr(source, "getlist") else [source[key]]


class RejectNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_nul(request):
            return HttpResponseBadRequest(
                _("A NUL character is not accepted in an address, a form or a cookie."),
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)
