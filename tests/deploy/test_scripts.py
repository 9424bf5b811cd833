"""scripts/serve on an installed .venv: no pip, so no network (an offline Pi keeps starting)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_does_not_call_pip_when_installed(tmp_path):
    # a stand-in `pip` module first on PYTHONPATH: `python -m pip` would run it and leave a mark
    shim = tmp_path / "shim" / "pip"
    shim.mkdir(parents=True)
    mark = tmp_path / "pip-was-called"
    (shim / "__init__.py").write_text("")
    (shim / "__main__.py").write_text(f"open({str(mark)!r}, 'w').close()\nraise SystemExit(1)\n")
    env = {**os.environ, "PYTHONPATH": str(shim.parent)}
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "serve"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert out.returncode == 0 and "--data" in out.stdout, out.stderr
    assert not mark.exists()
    # and the stand-in works: the same pip call the install step makes is caught
    probe = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "-m", "pip", "--version"], env=env, timeout=60
    )
    assert probe.returncode == 1 and mark.exists()
