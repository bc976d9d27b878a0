"""Extractors behind one interface: the Anthropic API, or offline patterns."""

from __future__ import annotations

from django.conf import settings

from .base import ExtractionRequest, Provider, ProviderResult, Usage

__all__ = [
    "ExtractionRequest",
    "Provider",
    "ProviderResult",
    "Usage",
    "default_provider_name",
    "get_provider",
]


def default_provider_name() -> str:
    """anthropic when an API key is configured, otherwise the labelled heuristic extractor."""
    return "anthropic" if settings.ANTHROPIC_API_KEY else "heuristic"


def get_provider(name: str, *, model: str = "") -> Provider:
    if name == "heuristic":
        from .heuristic import HeuristicProvider

        return HeuristicProvider()
    if name == "heuristic-v1":
        from .heuristic_v1 import HeuristicV1Provider

        return HeuristicV1Provider()
    if name == "anthropic":
        from .anthropic import AnthropicProvider

        return AnthropicProvider(model=model or settings.EXTRACTION_MODEL)
    raise ValueError(f"unknown extraction provider {name!r} (use anthropic or heuristic)")
