"""Mutation testing of the reference engine's rule code, judged by the conformance suite alone.

Cosmic Ray (``pip install -e '.[mutation]'``) mutates the rule modules (comparisons flipped,
constants changed, conditions negated, statements removed...). A mutant is *killed* when
``pyramide check`` fails on it under one of the judge's checks — the conformance suite is the
only judge, not the project's own tests — and *survives* when every check passes. The judge
(``mutation_judge.py``, Cosmic Ray's test command) runs only the scenarios that executed the
mutated lines. The run works on a copy of the repository's HEAD in ``build/mutation*``
(Cosmic Ray edits the files it mutates), so the tree you work in is never touched:

    .venv/bin/python scripts/mutation.py --sample 0 --jobs 2 --report /tmp/mutation.md
    .venv/bin/python scripts/mutation.py --resume --jobs 2 --report /tmp/mutation.md

prints the counts, the scores and every survivor with the reason ``mutation-survivors.yaml``
gives for it (or **unexplained**). Progress goes to standard error every minute.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from mutation_judge import (
    MAP,
    PACKAGE,
    PRISTINE,
    RULE_CODE,
    build_map,
    self_check,
    working_copy_env,
    write_rule_sets,
)
from pyramide.solver.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
JUDGE = Path(__file__).with_name("mutation_judge.py")
COPIED = ["reference", "features", "spec", "pyproject.toml"]
TIMEOUT = 600.0
"""Cosmic Ray's limit per mutant (a survivor that every check runs takes about a minute): a
mutant that makes a check hang is caught, as a user's run that never ends is."""


def copy_repository(into: Path) -> None:
    """The committed tree at HEAD (what is measured is a commit, not work in progress)."""
    archive = subprocess.run(
        ["git", "archive", "HEAD", *COPIED], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    (into / PRISTINE).mkdir()
    for name in RULE_CODE:
        shutil.copy(into / PACKAGE / name, into / PRISTINE / name)


def write_config(workdir: Path) -> Path:
    modules = ", ".join(f'"{PACKAGE / name}"' for name in RULE_CODE)
    config = workdir / "cosmic-ray.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {TIMEOUT}\n"
        "excluded-modules = []\n"
        f'test-command = "{sys.executable} {JUDGE} judge {workdir}"\n\n'
        "[cosmic-ray.distributor]\n"
        'name = "local"\n',
        encoding="utf-8",
    )
    return config


def count_mutants(session: Path) -> int:
    from cosmic_ray.work_db import WorkDB, use_db

    with use_db(str(session), WorkDB.Mode.open) as db:
        return int(db.num_work_items)


def keep_a_sample(session: Path, size: int, seed: int) -> int:
    """Mark all but ``size`` seeded-random mutants as skipped; returns how many there are."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session), WorkDB.Mode.open) as db:
        jobs = sorted(item.job_id for item in db.work_items)
        if 0 < size < len(jobs):
            kept = set(random.Random(seed).sample(jobs, size))
            skipped = [job for job in jobs if job not in kept]
            db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(jobs)


def verdict(result: dict[str, object]) -> str:
    """What became of a mutant: killed, survived, or one of the judge's two verdicts without a
    run (its first output line says which)."""
    outcome = str(result.get("test_outcome") or result.get("worker_outcome"))
    if result.get("worker_outcome") == "timeout":
        return "killed"  # the check hung on it (see TIMEOUT)
    said = str(result.get("output") or "")
    for marker, name in (("EQUIVALENT", "equivalent (annotations)"), ("NOT EXECUTED", UNRUN)):
        if outcome == "survived" and marker in said:
            return name
    return outcome


UNRUN = "not executed by the suite"


def enclosing(source: str, line: int) -> str:
    """The qualified name of the innermost function or class holding ``line`` (``module`` at
    the top level): survivors are explained per function, which line shifts do not move."""
    names: list[str] = []

    def visit(node: ast.AST, path: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                assert child.end_lineno is not None
                start = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                if start <= line <= child.end_lineno:
                    names[:] = [*path, child.name]
                    visit(child, [*path, child.name])

    visit(ast.parse(source), [])
    return ".".join(names) or "module"


def results(workdir: Path, session: Path) -> list[dict[str, str]]:
    """One record per mutant that ran: where, which operator, the verdict, the change."""
    dump = subprocess.run(
        ["cosmic-ray", "dump", str(session)], cwd=workdir, capture_output=True, text=True
    )
    sources = {name: (workdir / PRISTINE / name).read_text(encoding="utf-8") for name in RULE_CODE}
    records = []
    for line in dump.stdout.splitlines():
        item, result = json.loads(line)
        if not result or result.get("worker_outcome") == "skipped":
            continue
        spec = item["mutations"][0]
        name = Path(spec["module_path"]).name
        records.append(
            {
                "file": name,
                "line": str(spec["start_pos"][0]),
                "function": enclosing(sources[name], spec["start_pos"][0]),
                "operator": spec["operator_name"].split("/")[-1],
                "outcome": verdict(result),
                "change": change(result.get("diff") or ""),
            }
        )
    return records


def change(diff: str) -> str:
    """``before → after``, from a mutant's diff."""
    changed = [
        d[1:].strip()
        for d in diff.splitlines()
        if d[:1] in "+-" and not d.startswith(("+++", "---"))
    ]
    return " → ".join(changed)


EXPLAINED = Path(__file__).with_name("mutation-survivors.yaml")
"""Why each known survivor survives, matched by file, function and change (not by line)."""
NOT_PLAY = ("display", "validation", "tooling", "open")
"""Survivors that change no rule of play: how something is written for people, the refusal of
input no game produces, helpers of the solver and the differential tester that the engine's
play never calls, and choices the documents leave open (which deal a code other than the
documented ones gives)."""
KILLED_SINCE = "killed since"
"""A survivor of the run that a scenario added since kills (checked by hand, as its entry says)."""


def explanations() -> dict[tuple[str, str, str | None], dict[str, str]]:
    """(file, function, change) → the entry explaining it; an entry without a change covers
    every mutant of its function (the text drawing, say)."""
    import yaml

    entries = yaml.safe_load(EXPLAINED.read_text(encoding="utf-8")) if EXPLAINED.exists() else []
    return {(e["file"], e["function"], e.get("change")): e for e in entries or []}


def explained(
    record: dict[str, str], known: Mapping[tuple[str, str, str | None], dict[str, str]]
) -> dict[str, str] | None:
    where = (record["file"], record["function"])
    return known.get((*where, record["change"])) or known.get((*where, None))


def score(killed: int, judged: int, sampled: bool) -> str:
    """The share killed; for a part of the mutants (a sample, or a run stopped early: Cosmic
    Ray takes them in a random order), with its 95 % Wilson interval for all of them."""
    text = f"{100 * killed / max(judged, 1):.1f} %"
    if not sampled or not judged:
        return text
    low, high = wilson_interval(killed, judged)
    return f"{text}; 95 % interval for every mutant {100 * low:.1f}–{100 * high:.1f} %"


def which(records: list[dict[str, str]], total: int, sample: int, seed: int) -> str:
    if len(records) >= total:
        return "every one"
    if sample:
        return f"a seeded sample, seed {seed}"
    return "a run stopped before the end; Cosmic Ray takes the mutants in a random order"


def markdown(records: list[dict[str, str]], total: int, sample: int, seed: int) -> str:
    """The counts, the two scores and every survivor with the reason it survived."""
    known = explanations()
    survivors = [r for r in records if r["outcome"] in ("survived", UNRUN)]
    reasons = Counter((explained(r, known) or {}).get("kind", "unexplained") for r in survivors)
    counts = Counter(r["outcome"] for r in records)
    killed = counts["killed"] + reasons[KILLED_SINCE]
    non_equivalent = counts["killed"] + len(survivors) - reasons["equivalent"]
    of_rules = non_equivalent - sum(reasons[kind] for kind in NOT_PLAY)
    lines = [
        f"Mutants in the rule code: {total}; judged: {len(records)} "
        f"({which(records, total, sample, seed)}): "
        + ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())),
        "",
        "Survivors: " + ", ".join(f"{n} {kind}" for kind, n in sorted(reasons.items())),
        "",
        f"- Score on the non-equivalent mutants: {killed}/{non_equivalent} killed "
        f"({score(killed, non_equivalent, len(records) < total)}).",
        f"- Score on the mutants of how games play ({', '.join(NOT_PLAY)} set aside): "
        f"{killed}/{of_rules} ({score(killed, of_rules, len(records) < total)}).",
        "",
        "| file | function | line | verdict | change | why it survives |",
        "|---|---|---|---|---|---|",
    ]
    for r in sorted(survivors, key=lambda r: (r["file"], int(r["line"]))):
        entry = explained(r, known)
        why = f"{entry['kind']}: {entry['why']}" if entry else "**unexplained**"
        cells = [r["file"], r["function"], r["line"], r["outcome"], f"`{r['change']}`", why]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


SESSION = "session.sqlite"


def prepare(workdir: Path, sample: int, seed: int, jobs: int) -> None:
    """A fresh working copy with its session of mutants and the judge's coverage map."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    copy_repository(workdir)
    config = write_config(workdir)
    write_rule_sets(workdir)
    session = workdir / SESSION
    subprocess.run(["cosmic-ray", "init", str(config), str(session)], cwd=workdir, check=True)
    total = keep_a_sample(session, sample, seed)
    print(f"{total} mutants; running {sample or total}", file=sys.stderr)
    coverage_map = build_map(workdir, sys.executable, jobs)
    (workdir / MAP).write_text(json.dumps(coverage_map), encoding="utf-8")
    self_check(workdir)


def split(workdir: Path, copies: list[Path]) -> None:
    """Share the mutants left to run between ``workdir`` and its ``copies``, one working copy
    per worker (Cosmic Ray mutates files in place, so two workers cannot share one)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    for copy in copies:
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(workdir, copy)
        write_config(copy)
    workers = [workdir, *copies]
    for number, worker in enumerate(workers):
        with use_db(str(worker / SESSION), WorkDB.Mode.open) as db:
            pending = sorted(item.job_id for item in db.pending_work_items)
            others = [job for n, job in enumerate(pending) if n % len(workers) != number]
            db.set_multiple_results(others, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))


PROGRESS_EVERY = 60.0
"""Seconds between two progress lines of a run."""


def progress(workers: list[Path]) -> str:
    """``mutants judged/to judge`` over every worker, with the kills so far."""
    from cosmic_ray.work_db import WorkDB, use_db

    done = total = killed = 0
    for worker in workers:
        with use_db(str(worker / SESSION), WorkDB.Mode.open) as db:
            ran = [r for _, r in db.results if r.worker_outcome.value != "skipped"]
            done += len(ran)
            total += len(ran) + sum(1 for _ in db.pending_work_items)
            killed += sum(1 for r in ran if r.is_killed)
    return f"{time.strftime('%H:%M:%S')} mutants judged: {done}/{total}, {killed} killed"


def unmutate(worker: Path) -> None:
    """Put the pristine rule modules back: a run stopped in the middle of a mutant leaves it
    in the working copy, and the next mutant would be made on top of it."""
    for name in RULE_CODE:
        shutil.copy(worker / PRISTINE / name, worker / PACKAGE / name)


def execute(workers: list[Path]) -> None:
    """Run every worker's session at once and wait for all."""
    running = [
        subprocess.Popen(
            ["cosmic-ray", "exec", str(worker / "cosmic-ray.toml"), str(worker / SESSION)],
            cwd=worker,
            env=working_copy_env(worker),
        )
        for worker in workers
    ]
    while any(process.poll() is None for process in running):
        print(progress(workers), file=sys.stderr, flush=True)
        time.sleep(PROGRESS_EVERY)
    failed = [worker for worker, process in zip(workers, running, strict=True) if process.wait()]
    if failed:
        raise SystemExit(f"cosmic-ray exec failed in {', '.join(map(str, failed))}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=60, help="mutants to run (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="workers, one per core")
    parser.add_argument("--report", type=Path, help="write the Markdown summary here")
    parser.add_argument(
        "--workdir",
        type=Path,
        default=ROOT / "build" / "mutation",
        help="the working copy (default build/mutation; workers add -2, -3...): a stopped run "
        "goes on with --resume",
    )
    parser.add_argument("--resume", action="store_true", help="go on with the sessions left")
    args = parser.parse_args(argv)
    if shutil.which("cosmic-ray") is None:
        print("cosmic-ray is not installed: pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    workdir = args.workdir.resolve()
    copies = [workdir.with_name(f"{workdir.name}-{n}") for n in range(2, args.jobs + 1)]
    if not (args.resume and (workdir / SESSION).exists()):
        prepare(workdir, args.sample, args.seed, args.jobs)
        split(workdir, copies)
    workers = [workdir, *(copy for copy in copies if (copy / SESSION).exists())]
    for worker in workers:
        unmutate(worker)
    execute(workers)
    records = [r for worker in workers for r in results(worker, worker / SESSION)]
    text = markdown(records, count_mutants(workdir / SESSION), args.sample, args.seed)
    print(text)
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
