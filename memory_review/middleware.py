"""Response headers every page of the app gets."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class PrivatePagesMiddleware:
    """``Cache-Control: private, no-store`` on every page the app renders.

    Nearly every page shows visitors' words (conversations, candidates, their
    evidence, records made from them), so no shared cache and no browser disk
    cache may keep a copy. Static files never reach this middleware: whitenoise,
    placed before it, answers them with its own long-lived caching headers.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Cache-Control" not in response:
            response["Cache-Control"] = "private, no-store"
        return response
