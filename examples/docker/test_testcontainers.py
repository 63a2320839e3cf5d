"""rocketchat-fake under Testcontainers for Python (pip install "testcontainers>=4.13" requests).

`rocketchat-fake` is the image built from its Dockerfile (docker build -t rocketchat-fake .).
"""

import pytest
import requests
from testcontainers.core.container import DockerContainer
from testcontainers.core.wait_strategies import HttpWaitStrategy


@pytest.fixture(scope="session")
def rocketchat_url():
    container = (
        DockerContainer("rocketchat-fake")
        .with_exposed_ports(3000)
        .with_env("ADMIN_USERNAME", "admin")
        .with_env("ADMIN_PASS", "secret")
        .waiting_for(HttpWaitStrategy(3000, "/api/info").for_status_code(200))
    )
    with container:
        yield f"http://{container.get_container_host_ip()}:{container.get_exposed_port(3000)}"


def test_the_admin_from_the_environment_logs_in(rocketchat_url):
    login = requests.post(f"{rocketchat_url}/api/v1/login", json={"user": "admin", "password": "secret"}, timeout=10)
    assert login.status_code == 200
    data = login.json()["data"]
    me = requests.get(
        f"{rocketchat_url}/api/v1/me",
        headers={"X-User-Id": data["userId"], "X-Auth-Token": data["authToken"]},
        timeout=10,
    )
    assert me.json()["username"] == "admin"
