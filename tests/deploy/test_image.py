"""The image builds and the compose stack starts, where a Docker daemon answers (with the compose
plugin); elsewhere these tests skip, saying so. They pull the base images, so they need the
network beside the daemon. The stack: PostgreSQL, healthy, then the image's `cardbot db upgrade`
on it (what each bot does on start) and `cardbot config`; then everything is removed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def docker_ready() -> str | None:
    """None when a daemon answers and `docker compose` exists, else why not."""
    if shutil.which("docker") is None:
        return "no docker client"
    try:
        info = subprocess.run(
            ["docker", "info", "--format", "{{json .ServerVersion}}"], capture_output=True, timeout=30
        )
        if info.returncode != 0:
            return "no Docker daemon answers (docker info failed)"
        plugin = subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30)
        if plugin.returncode != 0:
            return "no docker compose plugin"
    except subprocess.TimeoutExpired:
        return "docker did not answer in time"
    return None


WHY_NOT = docker_ready()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"needs Docker: {WHY_NOT}")


def run(*args: str, timeout: float = 900, **kw: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(list(args), cwd=ROOT, capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def image() -> Iterator[str]:
    tag = f"cardbot-test:{uuid.uuid4().hex[:8]}"
    run("make", "image", f"IMAGE={tag}")
    yield tag
    subprocess.run(["docker", "image", "rm", "-f", tag], capture_output=True, timeout=120)


def test_the_image_runs_cardbot_as_a_user_other_than_root(image: str):
    assert "telegram" in run("docker", "run", "--rm", image, "--help", timeout=120).stdout
    config = json.loads(run("docker", "image", "inspect", image, timeout=60).stdout)[0]["Config"]
    assert config["User"] not in ("", "root", "0", "0:0")
    assert config["Entrypoint"] == ["cardbot"]


def test_the_stack_starts_and_migrates_postgres(image: str, tmp_path: Path):
    project = f"cardbot-test-{uuid.uuid4().hex[:8]}"
    env_file = tmp_path / ".env"
    env_file.write_text("POSTGRES_PASSWORD=test1234\n")
    compose = ["docker", "compose", "--project-name", project, "--env-file", str(env_file), "-f", "compose.yaml"]
    env = {**os.environ, "CARDBOT_IMAGE": image}
    try:
        run(*compose, "up", "--detach", "--wait", "--wait-timeout", "120", "db", env=env)
        for bot in ("telegram", "discord"):  # each migrates on start, one after the other (an advisory lock)
            run(*compose, "run", "--rm", "--no-deps", "--no-build", bot, "db", "upgrade", env=env)
        shown = run(*compose, "run", "--rm", "--no-deps", "--no-build", "discord", "config", env=env).stdout
        assert "postgresql" in shown and "test1234" not in shown
    finally:
        subprocess.run(
            [*compose, "down", "--volumes", "--remove-orphans"], cwd=ROOT, env=env, capture_output=True, timeout=300
        )
