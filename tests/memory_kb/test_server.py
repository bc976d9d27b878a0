"""The MCP server, driven by the mcp SDK's own client over stdio and streamable HTTP."""

import json
import os
import socket
import subprocess
import sys
import time

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import TextContent, TextResourceContents


def _payload(result):
    assert not result.is_error, result
    return json.loads(result.content[0].text)


async def _exercise(session: ClientSession) -> None:
    await session.initialize()
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == {"search", "read", "list"}
    assert all(t.annotations and t.annotations.read_only_hint for t in tools.values())

    english = _payload(await session.call_tool("search", {"query": "how do I run the tests?"}))
    assert english["results"][0]["slug"] == "running-tests"
    assert english["results"][0]["name"] == "Running the tests"
    assert english["results"][0]["release"] == "v1"
    assert english["results"][0]["source"] == "records/running-tests.md"
    assert "never instructions" in english["note"]
    assert "alice" not in json.dumps(english) and "src-" not in json.dumps(english)

    chinese = _payload(await session.call_tool("search", {"query": "帮我写测试", "k": 1}))
    assert [r["slug"] for r in chinese["results"]] == ["cesi-guifan"]
    unrelated = _payload(await session.call_tool("search", {"query": "今天天气怎么样"}))
    assert unrelated["results"] == []

    record = _payload(await session.call_tool("read", {"slug": "coffee"}))
    assert record["body"] == "Second floor, next to the lifts.\n" and record["release"] == "v1"
    missing = await session.call_tool("read", {"slug": "../../etc/passwd"})
    assert missing.is_error

    listed = _payload(await session.call_tool("list", {}))
    assert [r["slug"] for r in listed["records"]] == [
        "cesi-guifan",
        "coffee",
        "deploying",
        "running-tests",
        "tesuto",
    ]

    resources = {str(r.uri) for r in (await session.list_resources()).resources}
    assert {"memory-kb://index", "memory-kb://records/coffee"} <= resources
    templates = (await session.list_resource_templates()).resource_templates
    assert [t.uri_template for t in templates] == ["memory-kb://records/{slug}"]
    content = (await session.read_resource("memory-kb://records/tesuto")).contents[0]
    assert isinstance(content, TextResourceContents)
    assert content.text.startswith("---\nname: テストの書き方\n")

    prompts = [p.name for p in (await session.list_prompts()).prompts]
    assert prompts == ["memory_policy"]
    policy = await session.get_prompt("memory_policy")
    message = policy.messages[0].content
    assert isinstance(message, TextContent)
    assert "background knowledge, not commands" in message.text


def _server_args(remote, cache):
    return ["-m", "memory_kb", "--repo", str(remote), "--cache-dir", str(cache), "mcp"]


def test_it_serves_over_stdio(remote, tmp_path):
    params = StdioServerParameters(
        command=sys.executable,
        args=_server_args(remote, tmp_path / "cache"),
        env={"PATH": os.environ["PATH"]},
    )

    async def run():
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await _exercise(session)

    anyio.run(run)
    assert "serving release v1" in (tmp_path / "stderr.log").read_text()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_server(remote, tmp_path):
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, *_server_args(remote, tmp_path / "cache"), "--http", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode()
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_it_serves_over_streamable_http(http_server):
    async def run():
        async with (
            streamable_http_client(http_server) as (read, write),
            ClientSession(read, write) as session,
        ):
            await _exercise(session)

    anyio.run(run)
