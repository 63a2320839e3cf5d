"""Starts one rocketchat-fake for the test run and puts its world back before every test.

The fake is the npm package's `rocketchat-fake` command (`npm install --save-dev rocketchat-fake`),
started on a free port (`--port 0`) with this project's scenario. It prints one line on stdout,
`[rocketchat-fake] listening on http://127.0.0.1:<port>`, which gives the URL. Set ROCKETCHAT_URL
to use a fake that is already running instead (`rocketchat-fake -c "python3 -m pytest"`, or a
container), as long as it serves this scenario.
"""

import json
import os
import re
import signal
import subprocess
from pathlib import Path

import pytest
import requests

HERE = Path(__file__).parent

# the scenario's fixed ids and personal access token (scenario.json)
ADMIN = {"_id": "adminUserId000001", "username": "admin", "password": "admin-pass"}
ALICE = {"_id": "aliceUserId000001", "username": "alice", "password": "alice-pass"}
CI_BOT = {"_id": "ciBotUserId000001", "username": "ci-bot", "pat": "pat-ci-bot-Q8wE4rT6yU2iO0pA9sD7fG5hJ3kL1zX"}
GENERAL = "GENERAL"


@pytest.fixture(scope="session")
def rocketchat_url():
    """The fake's base URL: one fake for the whole run."""
    if os.environ.get("ROCKETCHAT_URL"):
        yield os.environ["ROCKETCHAT_URL"]
        return
    fake = subprocess.Popen(
        ["npx", "rocketchat-fake", "--port", "0", "--fixtures", str(HERE / "scenario.json")],
        cwd=HERE,
        stdout=subprocess.PIPE,
        text=True,
        # its own process group: npx and the fake it starts are stopped together
        start_new_session=True,
    )
    try:
        line = fake.stdout.readline()
        match = re.search(r"listening on (http://\S+)", line)
        if not match:
            raise RuntimeError(f"rocketchat-fake did not start (exit {fake.poll()}): {line!r}")
        yield match.group(1)
    finally:
        os.killpg(fake.pid, signal.SIGTERM)
        fake.wait(timeout=10)


@pytest.fixture(autouse=True)
def reset(rocketchat_url):
    """Every test starts from the scenario: what an earlier test posted is gone, logins are void."""
    requests.post(f"{rocketchat_url}/__admin/reset", timeout=10).raise_for_status()


@pytest.fixture(scope="session")
def worker_session(rocketchat_url):
    """A session of the fake for this pytest process: a copy of the scenario under /s/<id>/ that
    no other process sees. Under pytest-xdist every worker gets its own, so parallel tests can
    share one fake (started by `rocketchat-fake -c "python3 -m pytest -n 4"`, or a container)."""
    scenario = json.loads((HERE / "scenario.json").read_text())
    created = requests.post(f"{rocketchat_url}/__admin/sessions", json={"scenario": scenario}, timeout=10)
    created.raise_for_status()
    session = created.json()
    yield session
    requests.delete(f"{rocketchat_url}/__admin/sessions/{session['id']}", timeout=10)


@pytest.fixture
def world(worker_session):
    """The base URL of this process's session, put back to the scenario before the test."""
    requests.post(f"{worker_session['url']}/__admin/reset", timeout=10).raise_for_status()
    return worker_session["url"]


@pytest.fixture
def api(rocketchat_url):
    """A requests session on the REST API: api.get("me"), api.post("chat.postMessage", json=...)."""

    class Api(requests.Session):
        def request(self, method, path, *args, **kwargs):
            kwargs.setdefault("timeout", 10)
            return super().request(method, f"{rocketchat_url}/api/v1/{path}", *args, **kwargs)

    with Api() as session:
        yield session
