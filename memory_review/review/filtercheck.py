"""Bad filter values get a message naming the parameter and the value, never a silent drop."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from typing import Any

from django.utils.translation import gettext as _

Check = Callable[[str], bool]


def one_of(values: Collection[str]) -> Check:
    """A check that accepts exactly these values."""
    allowed = {str(v) for v in values}
    return lambda value: value in allowed


def is_int(value: str) -> bool:
    return value.isdigit()


def is_date(value: str) -> bool:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def bad_filters(data: Mapping[str, Any], checks: Mapping[str, Check]) -> list[str]:
    """One message per filter parameter whose non-empty value its check refuses."""
    problems = []
    for name, check in checks.items():
        value = str(data.get(name, "")).strip()
        if value and not check(value):
            problems.append(
                _("The filter “%(name)s” has a value it cannot take: “%(value)s”.")
                % {"name": name, "value": value[:100]}
            )
    return problems
