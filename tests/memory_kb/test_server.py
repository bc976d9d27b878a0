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
from mcp.shared.exceptions import MCPError
from mcp.types import TextContent, TextResourceContents


def _assert_lists_change(capabilities):
    assert capabilities.resources.list_changed and capabilities.tools.list_changed


def _text(result):
    return result.content[0].text


def _payload(result):
    assert not result.is_error, result
    return json.loads(result.content[0].text)


async def _exercise(session: ClientSession) -> None:
    init = await session.initialize()
    assert init.server_info.name == "memory-kb" and init.server_info.version
    _assert_lists_change(init.capabilities)
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == {"search", "read", "list"}
    for tool in tools.values():
        hints = tool.annotations
        assert hints is not None
        assert tool.title and hints.read_only_hint and hints.idempotent_hint
        assert hints.open_world_hint is False and hints.destructive_hint is False

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
    unknown = await session.call_tool("read", {"slug": "espresso"})
    assert unknown.is_error and "no record 'espresso' in release v1" in _text(unknown)
    assert "search or list tool" in _text(unknown)

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
    assert {t.uri_template for t in templates} == {
        "memory-kb://records/{slug}",
        "memory-kb://index/{topic}",
    }
    content = (await session.read_resource("memory-kb://records/tesuto")).contents[0]
    assert isinstance(content, TextResourceContents)
    assert content.text.startswith("---\nname: テストの書き方\n")
    # What the README promises: never who reviewed it, nor which conversations it came from.
    assert "release: v1" in content.text
    assert "reviewed_by" not in content.text and "sources" not in content.text

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


def _publish_tea(kbpath, remote):
    from .conftest import RECORDS, git, write_records

    write_records(kbpath, [*RECORDS, ("tea", "Tea", "Where the tea is", "Kitchen.", "user")])
    (kbpath / "records/coffee.md").unlink()
    index = (
        (kbpath / "MEMORY.md")
        .read_text()
        .replace("- [Coffee machine](records/coffee.md) - Where the coffee is\n", "")
    )
    (kbpath / "MEMORY.md").write_text(index)
    git(kbpath, "add", "-A")
    git(kbpath, "commit", "-qm", "tea in, coffee out")
    git(kbpath, "tag", "-a", "v2", "-m", "Release v2")
    git(kbpath, "push", "-q", "--force", str(remote), "HEAD:refs/heads/published", "v2")


async def _through_a_publication(session, kbpath, remote, changes) -> None:
    await session.initialize()
    assert "memory-kb://records/coffee" in {
        str(r.uri) for r in (await session.list_resources()).resources
    }
    _publish_tea(kbpath, remote)
    with anyio.fail_after(30):
        while not {"resources", "tools"} <= changes:
            await anyio.sleep(0.1)
    uris = {str(r.uri) for r in (await session.list_resources()).resources}
    assert "memory-kb://records/tea" in uris and "memory-kb://records/coffee" not in uris
    found = _payload(await session.call_tool("search", {"query": "where is the tea"}))
    assert found["release"] == "v2" and found["results"][0]["slug"] == "tea"
    gone = await session.call_tool("read", {"slug": "coffee"})
    assert gone.is_error and "release v2" in gone.content[0].text
    with pytest.raises(MCPError, match="no record 'coffee' in release v2"):
        await session.read_resource("memory-kb://records/coffee")


def _changes_handler(changes):
    async def handle(message):
        method = getattr(getattr(message, "root", message), "method", "") or ""
        if method.endswith("resources/list_changed"):
            changes.add("resources")
        if method.endswith("tools/list_changed"):
            changes.add("tools")

    return handle


def test_a_stdio_session_follows_a_new_publication(kbpath, remote, tmp_path):
    params = StdioServerParameters(
        command=sys.executable,
        args=[*_server_args(remote, tmp_path / "cache")[:-1], "--check-every", "1", "mcp"],
        env={"PATH": os.environ["PATH"]},
    )
    changes: set[str] = set()

    async def run():
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write, message_handler=_changes_handler(changes)) as session,
            ):
                await _through_a_publication(session, kbpath, remote, changes)

    anyio.run(run)
    log = (tmp_path / "stderr.log").read_text()
    assert "now serving release v2" in log and "Traceback" not in log


@pytest.fixture
def guarded_server(kbpath, remote, tmp_path):
    """An HTTP server with a token, a low rate limit and two sessions at most."""
    port = _free_port()
    token = tmp_path / "token"
    token.write_text("s3cret-token\n")
    args = [*_server_args(remote, tmp_path / "cache")[:-1], "--check-every", "1", "mcp"]
    proc = subprocess.Popen(
        [
            sys.executable,
            *args,
            "--http",
            f"127.0.0.1:{port}",
            "--token-file",
            str(token),
            "--rate-limit",
            "40",
            "--max-sessions",
            "2",
            "--allow-origin",
            "https://agent.example",
        ],
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


INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}
ACCEPT = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def test_http_follows_a_publication_with_a_token(guarded_server, kbpath, remote):
    import httpx2 as httpx

    changes: set[str] = set()

    async def run():
        client = httpx.AsyncClient(headers={"authorization": "Bearer s3cret-token"})
        async with (
            client,
            streamable_http_client(guarded_server, http_client=client) as (read, write),
            ClientSession(read, write, message_handler=_changes_handler(changes)) as session,
        ):
            await _through_a_publication(session, kbpath, remote, changes)

    anyio.run(run)


def test_http_refuses_what_the_spec_and_the_options_say(guarded_server):
    import httpx2 as httpx

    auth = {**ACCEPT, "authorization": "Bearer s3cret-token"}
    with httpx.Client(timeout=10) as http:
        assert http.post(guarded_server, json=INIT, headers=ACCEPT).status_code == 401
        wrong = {**ACCEPT, "authorization": "Bearer guess"}
        assert http.post(guarded_server, json=INIT, headers=wrong).status_code == 401
        evil = http.post(
            guarded_server, json=INIT, headers={**auth, "origin": "http://evil.example"}
        )
        assert evil.status_code == 403 and "evil.example" in evil.text
        ok = http.post(
            guarded_server, json=INIT, headers={**auth, "origin": "https://agent.example"}
        )
        assert ok.status_code == 200
        big = {**INIT, "params": {**INIT["params"], "pad": "x" * 100_000}}
        assert http.post(guarded_server, json=big, headers=auth).status_code == 413
        second = http.post(guarded_server, json=INIT, headers=auth)
        assert second.status_code == 200
        assert http.post(guarded_server, json=INIT, headers=auth).status_code == 503  # 2 at most
        codes = [http.post(guarded_server, json=INIT, headers=auth).status_code for _ in range(40)]
        assert codes[-1] == 429
        limited = http.post(guarded_server, json=INIT, headers=auth)
        assert limited.status_code == 429 and limited.headers["retry-after"] == "60"


def test_http_off_loopback_wants_a_token_or_public(remote, tmp_path):
    result = subprocess.run(
        [sys.executable, *_server_args(remote, tmp_path / "cache"), "--http", "0.0.0.0:1"],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "MEMORY_KB_TOKEN"},
        timeout=60,
    )
    assert result.returncode == 2 and "MEMORY_KB_TOKEN" in result.stderr
