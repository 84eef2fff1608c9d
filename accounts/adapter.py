from allauth.account.adapter import DefaultAccountAdapter

PREVIOUS_VISIT_KEY = "previous_visit"
"""Session key: when the player signed in before this session (ISO time), or "" the first time."""


class AccountAdapter(DefaultAccountAdapter):
    def login(self, request, user):
        """Keep the previous sign-in's time before Django overwrites `last_login`, so the
        home page can tell what happened since then."""
        previous = user.last_login
        super().login(request, user)
        request.session[PREVIOUS_VISIT_KEY] = previous.isoformat() if previous else ""
