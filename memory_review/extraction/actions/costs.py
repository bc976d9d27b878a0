"""What extraction costs: prices per model, estimates before a request is sent."""

from __future__ import annotations

import os
import socket
from decimal import Decimal

from django.conf import settings

from ..models import (
    ExtractionItem,
)
from ..prompt import (
    estimate_tokens,
)
from ..providers import Usage

Item = ExtractionItem.Status
UNFINISHED = [Item.PENDING, Item.CLAIMED, Item.SUBMITTED]
# Output tokens assumed per request when estimating cost before sending it.
EXPECTED_OUTPUT_TOKENS = 400


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def cost_of(usage: Usage, model: str, *, batch: bool = False) -> Decimal:
    """US dollars for this usage from settings.EXTRACTION_PRICES (zero for unknown models)."""
    prices = settings.EXTRACTION_PRICES.get(model)
    if not prices:
        return Decimal(0)
    total = (
        usage.input * prices["input"]
        + usage.cache_write * prices["cache_write"]
        + usage.cache_read * prices["cache_read"]
        + usage.output * prices["output"]
    ) / Decimal(1_000_000)
    if batch:
        total *= settings.EXTRACTION_BATCH_PRICE_FACTOR
    return total.quantize(Decimal("0.000001"))


def estimate_cost(model: str, prefix_tokens: int, text: str, *, batch: bool) -> Decimal:
    """The most one request on `text` can cost, as if the prefix were written to the cache."""
    # Pessimistic: as if the prefix were written to the cache every time.
    usage = Usage(
        input=estimate_tokens(text), cache_write=prefix_tokens, output=EXPECTED_OUTPUT_TOKENS
    )
    return cost_of(usage, model, batch=batch)
