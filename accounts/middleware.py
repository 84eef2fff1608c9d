from django.conf import settings
from django.utils import translation


class PreferredLanguageMiddleware:
    """A signed-in player with a chosen language gets it on a browser that has not chosen one
    (a new device); a language switch on the page (the cookie) still wins."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        wanted = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
        if not wanted or settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
            return self.get_response(request)
        translation.activate(wanted)
        request.LANGUAGE_CODE = wanted
        response = self.get_response(request)
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, wanted, samesite="Lax")
        return response
