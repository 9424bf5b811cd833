"""The computers' and hints' worker process (served on gevent): the same answers as computed in
the server, at a lower priority, started again when it dies, a failing job refused alone."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import engine
from tabletop import computer, config, review
from tabletop.cpu_worker import ProcessOffload


def seat_view(seed=5):
    m = engine.Match("draw", {"players": 2})
    m.start_round(seed=seed)
    return engine.view_for(m.state, m.state.turn)


def nice_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


@pytest.fixture
def cpu():
    offload = ProcessOffload(1)
    yield offload
    offload.close()


def test_the_worker_answers_as_the_server_would(cpu):
    for seed in (1, 2, 3):
        view = seat_view(seed)
        assert cpu.run(computer.hint, view, 9) == computer.hint(view, 9)
        assert cpu.run(computer.decide, view, "hard", 9, "R") == computer.decide(view, "hard", 9, "R")


def test_the_worker_yields_the_cpu_and_comes_back_when_it_dies(cpu):
    view = seat_view()
    first = cpu.run(computer.decide, view, "easy", 1, "R")
    pid = cpu._proc.pid
    assert nice_of(pid) == min(19, nice_of(os.getpid()) + config.CPU_WORKER_NICE)
    cpu._proc.kill()
    cpu._proc.wait()
    assert cpu.run(computer.decide, view, "easy", 1, "R") == first  # a new worker, same answer
    assert cpu._proc.pid != pid


def test_a_released_worker_ends_and_the_next_job_starts_another(cpu):
    view = seat_view()
    first = cpu.run(computer.decide, view, "easy", 1, "R")
    proc = cpu._proc
    cpu.release()  # the tournament's pairing worker, after each round
    assert cpu._proc is None and proc.poll() is not None
    assert cpu.run(computer.decide, view, "easy", 1, "R") == first
    assert cpu._proc.pid != proc.pid


def test_a_failing_job_is_refused_and_the_worker_goes_on(cpu):
    with pytest.raises(RuntimeError, match="failed in the worker"):
        cpu.run(computer.hint, {"not": "a view"}, 1)
    view = seat_view()
    assert cpu.run(computer.hint, view, 3) == computer.hint(view, 3)
    with pytest.raises(ValueError):
        cpu.run(len, [1])  # only the worker's jobs travel


def test_an_answer_left_by_an_interrupted_caller_is_never_taken_for_another(cpu):
    # a caller whose greenlet was killed while it waited (its socket closed) leaves its answer in
    # the pipe: here a hint asked for and never read, then a move asked for by the next caller
    view = seat_view()
    cpu.run(computer.decide, view, "easy", 1, "R")  # the worker is running
    stdin = cpu._proc.stdin
    stdin.write(b'{"id": -1, "job": "hint", "args": [' + json.dumps(view).encode() + b", 3]}\n")
    stdin.flush()
    assert cpu.run(computer.decide, view, "hard", 9, "R") == computer.decide(view, "hard", 9, "R")
    assert cpu.run(computer.hint, view, 3) == computer.hint(view, 3)


def test_reviews_run_in_a_worker_at_the_lowest_priority():
    offload = ProcessOffload(1, nice=config.REVIEW_NICE)
    try:
        view = seat_view(4)
        made = view["legal"][-1]
        assert offload.run(review.judge, view, made, 2) == json.loads(json.dumps(review.judge(view, made, 2)))
        assert nice_of(offload._proc.pid) == min(19, nice_of(os.getpid()) + config.REVIEW_NICE)
    finally:
        offload.close()
