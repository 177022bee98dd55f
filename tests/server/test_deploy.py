"""deploy/: the systemd unit passes `systemd-analyze verify` with its
sandboxing, and the example configuration is accepted by whistd and
explains every setting whistd has."""

import os
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import WHISTD, guarded

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def help_keys():
    out = subprocess.run([WHISTD, "--help"], capture_output=True, text=True, check=True).stdout
    return {m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]+) [A-Z]", out, re.M)}


def example_keys():
    keys = set()
    for line in (DEPLOY / "whistd.conf").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            keys.add(line.split("=", 1)[0].strip().replace("_", "-"))
    return keys


# Settings that exist for the tests only and have no place in a deployment.
TEST_ONLY = {"test-date", "test-kill-before-result"}


def test_example_config_covers_every_setting():
    assert help_keys() - TEST_ONLY == example_keys()


def test_example_config_starts_whistd(whistd, tmp_path):
    # The file's paths are for an installed server; the flags win over it.
    s = whistd("--config", str(DEPLOY / "whistd.conf"), "--static-dir", "", "--log-file", "")
    assert s.http("GET", "/healthz")[0] == 200
    assert s.stop() == 0


UNIT_SETTINGS = {
    "Type": "notify", "WatchdogSec": "30s", "Restart": "on-failure", "DynamicUser": "yes",
    "StateDirectory": "whistd", "ProtectSystem": "strict", "ProtectHome": "yes",
    "PrivateTmp": "yes", "NoNewPrivileges": "yes",
    "RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX", "CapabilityBoundingSet": "",
}


# The unit of one whistd, and the template of several nodes on one host
# (whistd@NAME.service), as systemd reads an instance of it.
UNITS = {"whistd.service": "whistd.service", "whistd@.service": "whistd@a.service"}


@pytest.mark.parametrize("unit_file", sorted(UNITS))
def test_unit_has_the_documented_sandbox(unit_file):
    unit = (DEPLOY / unit_file).read_text()
    node = "@" in unit_file
    for key, value in UNIT_SETTINGS.items():
        if node and key == "StateDirectory":
            value = "whistd-%i"
        assert re.search(rf"^{key}={re.escape(value)}$", unit, re.M), key
    if node:
        assert "--node %i --port ${WHISTD_PORT}" in unit
    assert "SystemCallFilter=@system-service" in unit


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze not installed")
@pytest.mark.parametrize("unit_file", sorted(UNITS))
def test_unit_verifies(tmp_path, unit_file):
    # The unit names the installed path; verify it against the built one.
    unit = (DEPLOY / unit_file).read_text().replace("/usr/local/bin/whistd",
                                                   os.path.abspath(WHISTD))
    path = tmp_path / UNITS[unit_file]
    path.write_text(unit)
    r = subprocess.run(guarded(["systemd-analyze", "verify", str(path)], 60),
                       capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr.strip() == "", r.stderr
    r = subprocess.run(guarded(["systemd-analyze", "security", "--offline=true",
                                "--threshold=20", str(path)], 60),
                       capture_output=True, text=True)
    m = re.search(r"Overall exposure level for \S+: ([0-9.]+)", r.stdout)
    assert m and float(m.group(1)) <= 2.0, r.stdout[-500:]
