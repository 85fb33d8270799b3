"""A real PostgreSQL server for tests and benchmarks.

`CARDBOT_TEST_POSTGRES_URL` (an admin URL, e.g. postgresql+psycopg://u:p@127.0.0.1:5432/postgres)
names a server that is already running; without it, a throwaway cluster is made from the
installed server binaries (Debian's `postgresql` package: /usr/lib/postgresql/<v>/bin) in a temp
folder, listening on 127.0.0.1 on a free port, and removed at exit. Run as root, the cluster is
made and run by the `postgres` user (the server refuses to run as root).

`available()` is False when there is neither; the suites then skip their PostgreSQL runs, unless
`CARDBOT_REQUIRE_POSTGRES=1` (CI sets it), which makes a missing server an error.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import psycopg
from sqlalchemy.engine import make_url

from adapters.sql.migrate import upgrade

TEMPLATE = "cardbot_template"
_names = itertools.count()


def required() -> bool:
    return os.environ.get("CARDBOT_REQUIRE_POSTGRES") == "1"


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


def available() -> bool:
    return bool(os.environ.get("CARDBOT_TEST_POSTGRES_URL")) or _binaries() is not None


def server(durable: bool = False) -> str:
    """The admin URL of a running server (see the module's docstring). `durable` keeps fsync on
    (for benchmarks); tests run without it: a killed bot process loses nothing either way, only a
    killed machine would."""
    return _server(durable)


@cache
def _server(durable: bool) -> str:
    given = os.environ.get("CARDBOT_TEST_POSTGRES_URL")
    if given:
        return given
    bin_dir = _binaries()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL server: install Debian's postgresql or set CARDBOT_TEST_POSTGRES_URL")
    return _start_cluster(bin_dir, durable)


def _start_cluster(bin_dir: Path, durable: bool) -> str:
    folder = Path(tempfile.mkdtemp(prefix="cardbot-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        for path in (folder, sockets):
            os.chown(path, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True)

    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "cardbot", "--auth=trust", "-E", "UTF8", "--no-locale")
    settings = [
        f"port={port}",
        "listen_addresses='127.0.0.1'",
        f"unix_socket_directories='{sockets}'",
        "max_connections=300",
        "shared_buffers=128MB",
    ]
    if not durable:
        settings += ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]
    with open(data / "postgresql.conf", "a") as conf:
        conf.write("\n".join(settings) + "\n")
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w", "start")

    def stop() -> None:
        subprocess.run(
            [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(folder, ignore_errors=True)

    atexit.register(stop)
    return f"postgresql+psycopg://cardbot@127.0.0.1:{port}/postgres"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _admin(sql: str, durable: bool = False) -> None:
    url = make_url(server(durable))
    with psycopg.connect(
        host=url.host, port=url.port, user=url.username, password=url.password, dbname=url.database, autocommit=True
    ) as conn:
        conn.execute(sql.encode())


def _url_of(name: str, durable: bool = False) -> str:
    return make_url(server(durable)).set(database=name).render_as_string(hide_password=False)


@cache
def _migrated_template(durable: bool = False) -> str:
    name = f"{TEMPLATE}_{os.getpid()}"
    _admin(f'DROP DATABASE IF EXISTS "{name}"', durable)
    _admin(f'CREATE DATABASE "{name}"', durable)
    upgrade(_url_of(name, durable))
    atexit.register(lambda: _drop(name, durable))
    return name


_made: list[tuple[str, bool]] = []  # databases made and not dropped yet


def empty_database(durable: bool = False) -> str:
    """The URL of a new database with nothing in it."""
    name = f"cardbot_{os.getpid()}_{next(_names)}"
    _admin(f'CREATE DATABASE "{name}"', durable)
    _made.append((name, durable))
    return _url_of(name, durable)


def fresh_database(durable: bool = False) -> str:
    """The URL of a new database migrated to the newest schema (copied from a migrated template)."""
    template = _migrated_template(durable)
    name = f"cardbot_{os.getpid()}_{next(_names)}"
    _admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"', durable)
    _made.append((name, durable))
    return _url_of(name, durable)


@atexit.register
def drop_made() -> None:
    """Drop the databases made so far, closing their connections (each test's, after it)."""
    while _made:
        _drop(*_made.pop())


def _drop(name: str, durable: bool) -> None:
    with contextlib.suppress(Exception):  # the throwaway server may already be gone at exit
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', durable)
