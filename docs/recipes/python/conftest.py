"""pytest fixtures that run skymock as a subprocess for the test session.

Copy this file next to your tests. The command that runs skymock comes from SKYMOCK_COMMAND
(default: `npx skymock`, with skymock installed in your Node project); `skymock start --port 0` picks a
free port and --url-file tells this fixture which one. Needs only openstacksdk and pytest.
"""

import json
import os
import shlex
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import openstack
import pytest

START_TIMEOUT = 60  # seconds: `npx` may fetch skymock the first time


class Skymock:
    """A running skymock: its base URL, its control API (/_emulator) and logins."""

    def __init__(self, url):
        self.url = url
        self.auth_url = f"{url}/identity"

    def control(self, method, path, body=None):
        """Calls the control API, e.g. control("POST", "/clock/advance", {"by": "90s"}); answers the JSON."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}/_emulator{path}", data=data, method=method,
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request) as response:
            text = response.read()
        return json.loads(text) if text else None

    def os_environment(self, user="admin"):
        """OS_AUTH_URL, OS_USERNAME, ... for a user of the seed world (admin and demo in the default one)."""
        return self.control("GET", f"/os-environment?user={user}")

    def connect(self, user="admin"):
        """An openstacksdk Connection logged in as `user`."""
        env = self.os_environment(user)
        return openstack.connect(
            auth_url=env["OS_AUTH_URL"], username=env["OS_USERNAME"], password=env["OS_PASSWORD"],
            project_name=env["OS_PROJECT_NAME"], user_domain_name=env["OS_USER_DOMAIN_NAME"],
            project_domain_name=env["OS_PROJECT_DOMAIN_NAME"], region_name=env["OS_REGION_NAME"],
            interface=env["OS_INTERFACE"], identity_api_version=env["OS_IDENTITY_API_VERSION"],
        )

    def advance(self, by):
        """Moves the virtual clock ("90s", "5m", or ms): lifecycles due on the way (BUILD -> ACTIVE) happen."""
        return self.control("POST", "/clock/advance", {"by": by})

    def reset(self):
        """Back to the seed world: everything the tests made is gone."""
        self.control("POST", "/reset")


@pytest.fixture(scope="session")
def skymock_process():
    """One skymock for the whole session, on a free port, with a frozen clock (time moves when advanced)."""
    command = shlex.split(os.environ.get("SKYMOCK_COMMAND", "npx skymock"))
    with tempfile.TemporaryDirectory() as tmp:
        url_file = os.path.join(tmp, "url")
        log_path = os.path.join(tmp, "skymock.log")
        with open(log_path, "wb") as log:
            # a session of its own, so stopping it stops npx's child too
            process = subprocess.Popen(
                [*command, "start", "--port", "0", "--frozen-clock", "--url-file", url_file],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            )
            try:
                yield Skymock(_wait_until_healthy(process, url_file, log_path))
            finally:
                _stop(process)


@pytest.fixture
def skymock(skymock_process):
    """The session's skymock, reset to its seed world after each test."""
    yield skymock_process
    skymock_process.reset()


def _wait_until_healthy(process, url_file, log_path):
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"skymock exited with {process.returncode}:\n{_read(log_path)}")
        url = _read(url_file)
        if url.endswith("\n"):  # written whole
            try:
                with urllib.request.urlopen(f"{url.strip()}/_emulator/health", timeout=5) as response:
                    if response.status == 200:
                        return url.strip()
            except (urllib.error.URLError, ConnectionError):
                pass
        time.sleep(0.1)
    _stop(process)
    raise RuntimeError(f"skymock was not healthy within {START_TIMEOUT}s:\n{_read(log_path)}")


def _stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""
