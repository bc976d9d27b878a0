"""Logging filters named in settings.LOGGING."""

import logging

from django.core.exceptions import PermissionDenied


class PlainPermissionDenied(logging.Filter):
    """Keep the "Forbidden" warning of a plain PermissionDenied, without its traceback.

    A 403 is the app saying no on purpose; a traceback in the log makes it
    look like a crash.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True
