"""Date formats per language (settings.FORMAT_MODULE_PATH).

English keeps the ISO-like dates reviewers compare at a glance; Chinese writes
年月日. Templates name the format (``|date:"SHORT_DATETIME_FORMAT"``), never the
pattern, so every date follows the page's language.
"""
