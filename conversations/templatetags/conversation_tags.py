import json
from typing import Any

from django import template

register = template.Library()


@register.filter
def pretty_json(value: Any) -> str:
    """Indented JSON for showing a content block as received."""
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


@register.filter
def block_type(block: Any) -> str:
    return str(block.get("type", "")) if isinstance(block, dict) else type(block).__name__
