"""Smoke test of ``python -m bot bench latency`` at a tiny size: it runs and prints its figures.

No timing is asserted: performance goals are printed by the benchmark, never tested.
"""

from __future__ import annotations

import re

import discord.http
import pytest

from bot.bench import BENCHMARKS
from bot.bench.latency import TimedFakeDiscord, main
from tests.harness.fake_discord import RecordedRequest


def test_latency_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    base = discord.http.Route.BASE
    assert main(["--tables", "2", "--rounds", "1", "--warmup", "0", "--spread", "0"]) == 0
    out = capsys.readouterr().out
    for figure in ("p50 ms", "p99 ms", "interactions/s", "RSS MB", "RSS after the run",
                   "by phase: Ante 10"):
        assert figure in out, f"{figure!r} missing from:\n{out}"
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["2"])
    presses, refused, stale, late = int(row[1]), int(row[7]), int(row[8]), int(row[9])
    assert presses == 2 * 4 * 4, "every player of both tables pressed Ante, Check, Check, Raise"
    assert (refused, stale, late) == (0, 0, 0), out
    assert "never answered" not in out and "did not settle" not in out, out
    checked = re.search(r"Discord's contract: (\d+) requests checked between phases, 0 violations", out)
    assert checked and int(checked.group(1)) > presses, out  # the answers, the edits, the results
    assert discord.http.Route.BASE == base, "the benchmark restores discord.py's API base"


async def test_a_request_that_breaks_discords_contract_is_counted_between_phases() -> None:
    fake = TimedFakeDiscord()
    too_long = RecordedRequest("POST", "/api/v10/channels/1/messages", {}, {"content": "x" * 2001}, [])
    assert fake.check_contract(too_long) is None  # answered now, held to the contract later
    assert fake.violations == []
    await fake.check_held()
    assert fake.checked == 1 and fake.held == []
    (violation,) = fake.take_violations()  # taken: the suite fails a test that leaves one
    assert "content" in str(violation), violation


def test_latency_benchmark_is_registered() -> None:
    assert BENCHMARKS["latency"] == "bot.bench.latency:main"


def test_with_hints_the_rounds_alternate_and_both_conditions_are_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--tables", "2", "--rounds", "2", "--warmup", "0", "--spread", "0", "--hints", "5"]) == 0
    out = capsys.readouterr().out
    conditions = [re.search(rf"\b{name} \((\d+) presses\).*each round's p99: (\d+)$", out, re.M)
                  for name in ("without hints", "with hints")]
    assert all(conditions), out
    assert [found.group(1) for found in conditions if found] == ["32", "32"], \
        "one round of 2 tables x 4 players x 4 presses each"
    assert re.search(r"hints answered meanwhile: ([1-9]\d*) of \1 asked", out), out
    assert "presses' p99 with hints within 10% of without, at 2 tables: " in out, out
