"""The reader is its own distribution: documented, Django-free, installable into a fresh venv."""

import importlib
import inspect
import json
import os
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import memory_kb
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    importlib.import_module(f"memory_kb.{m.name}")
    for m in pkgutil.iter_modules(memory_kb.__path__)
    if not m.name.startswith("_")
]


def test_every_module_stays_small():
    for module in [memory_kb, *MODULES]:
        lines = inspect.getsource(module).count("\n")
        assert lines < 400, f"{module.__name__} has {lines} lines"


@pytest.mark.parametrize("module", [memory_kb, *MODULES], ids=lambda m: m.__name__)
def test_every_public_name_of_the_reader_has_a_docstring(module):
    assert inspect.getdoc(module), module.__name__
    source = inspect.getsource(module)
    missing = []
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(module).items()
            if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
        ]
    for name in names:
        obj = getattr(module, name)
        if name.isupper():
            # A constant is documented by the string literal after it, where it is defined.
            home = next(m for m in [module, *MODULES] if f"\n{name} = " in inspect.getsource(m))
            after = inspect.getsource(home).split(f"\n{name} = ", 1)[1]
            assert '\n"""' in after.split("\n\n", 1)[0], f"{name} has no docstring"
            continue
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj) and obj.__module__.startswith("memory_kb"):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                target = member.fget if isinstance(member, property) else member
                if callable(target) and not inspect.getdoc(target):
                    missing.append(f"{name}.{attr}")
    defined_here = {
        n
        for n, v in vars(module).items()
        if not n.startswith("_")
        and getattr(v, "__module__", None) == module.__name__
        and (inspect.isclass(v) or inspect.isfunction(v))
    }
    if hasattr(module, "__all__"):
        assert defined_here <= set(module.__all__), module.__name__
    assert missing == [], module.__name__
    assert source


BLOCKER = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("django", "git", "anthropic", "knowledge_repo", "memory_review"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
sys.path.insert(0, {reader!r})
from memory_kb import open_knowledge
with open_knowledge({repo!r}) as kb:
    print(kb.select("帮我写测试")[0].slug)
import memory_kb.cli, memory_kb.memory_tool, memory_kb.prompt
assert not [m for m in sys.modules if m.split(".")[0] in ("django", "git", "anthropic", "mcp")]
"""


def test_the_reader_imports_without_django_or_the_mcp_sdk(kbpath):
    code = BLOCKER.format(reader=str(ROOT / "reader"), repo=str(kbpath))
    result = subprocess.run(
        [sys.executable, "-I", "-c", code],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"]},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "cesi-guifan"


@pytest.fixture(scope="session")
def fresh_venv(tmp_path_factory) -> Path:
    """A virtual environment with nothing but ``pip install reader/`` (built once a session)."""
    base = tmp_path_factory.mktemp("reader-dist")
    source = base / "src"
    shutil.copytree(
        ROOT / "reader",
        source,
        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"),
    )
    venv = base / "venv"
    # No pip inside the new venv (ensurepip is slow); this pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-compile",
            "--disable-pip-version-check",
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    return venv


@pytest.mark.venv
def test_a_fresh_venv_has_no_django_and_memory_kb_finds_the_right_record(
    fresh_venv, remote, tmp_path
):
    python = fresh_venv / "bin" / "python"
    probe = (
        "import importlib.util as u; print(u.find_spec('django'), u.find_spec('knowledge_repo'))"
    )
    found = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=tmp_path)
    assert found.stdout.split() == ["None", "None"]
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    for question, slug in (
        ("How do I run the tests?", "running-tests"),
        ("帮我写测试", "cesi-guifan"),
    ):
        result = subprocess.run(
            [str(fresh_venv / "bin" / "memory-kb"), "--repo", str(remote), "select", question],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
        )
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["results"][0]["slug"] == slug
    assert (tmp_path / ".cache" / "memory-kb").is_dir()  # the per-user default cache


@pytest.mark.venv
def test_a_fresh_venv_serves_mcp_over_stdio(fresh_venv, remote, tmp_path):
    params = StdioServerParameters(
        command=str(fresh_venv / "bin" / "memory-kb"),
        args=["--repo", str(remote), "--cache-dir", str(tmp_path / "cache"), "mcp"],
        env={"PATH": os.environ["PATH"]},
    )

    async def run():
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                for question, slug in (
                    ("when do we deploy", "deploying"),
                    ("帮我写测试", "cesi-guifan"),
                ):
                    result = await session.call_tool("search", {"query": question})
                    assert json.loads(result.content[0].text)["results"][0]["slug"] == slug

    anyio.run(run)
