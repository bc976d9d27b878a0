"""The anthropic SDK's memory-tool base and ``ToolError`` when the SDK is installed, else stand-ins.

The SDK is optional: with it, ``MemoryToolHandler`` is a real
``BetaAbstractMemoryTool`` that ``tool_runner`` takes; without it, the
handler still serves ``handle(tool_input)`` for agents that run their own loop.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HAVE_SDK", "MemoryToolBase", "ToolError"]

try:
    from anthropic.lib.tools import BetaAbstractMemoryTool as MemoryToolBase
    from anthropic.lib.tools import ToolError
except ImportError:  # pragma: no cover - exercised by the distribution test

    class ToolError(Exception):  # type: ignore[no-redef]
        """A tool call the model can correct: its message becomes an ``is_error`` result."""

        def __init__(self, content: Any) -> None:
            super().__init__(content if isinstance(content, str) else "Tool error")
            self.content = content

    class MemoryToolBase:  # type: ignore[no-redef]
        """The part of ``BetaAbstractMemoryTool`` that ``handle`` needs."""

        def __init__(self, **_options: Any) -> None:
            pass

        def to_dict(self) -> dict[str, str]:
            """The tool's definition for the Messages API."""
            return {"type": "memory_20250818", "name": "memory"}


HAVE_SDK = MemoryToolBase.__module__.startswith("anthropic")
"""True when the anthropic SDK is installed (the memory tool is then its subclass)."""
