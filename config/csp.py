"""Content-Security-Policy on every response: scripts, styles, images and fonts from this site
only, sockets to this host only, no plugins, no framing, forms posted here only.

The templates have no inline script or style (the JSON blocks of `json_script` are data, which
a policy does not govern), so the policy needs no 'unsafe-inline'.  Django 5.2 has no CSP
middleware of its own.
"""

from __future__ import annotations

from django.core.exceptions import DisallowedHost

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def policy_for(request) -> str:
    """The policy, its connect-src naming this host's ws:// and wss:// (older browsers do not
    count sockets as 'self')."""
    directives = dict(POLICY)
    try:
        host = request.get_host()
    except DisallowedHost:  # the answer is already a 400; 'self' is enough for it
        host = ""
    if host:
        directives["connect-src"] += f" ws://{host} wss://{host}"
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", policy_for(request))
        return response
