"""Mutation testing of the reference engine's rule code, judged by the conformance suite alone.

Cosmic Ray (``pip install -e '.[mutation]'``) mutates the rule modules (comparisons flipped,
constants changed, conditions negated, statements removed...). A mutant is *killed* when
``pyramide check`` fails on it under some named profile — the conformance suite is the only
judge, not the project's own tests — and *survives* when every profile passes. The run works
on a copy of the repository's HEAD (Cosmic Ray edits the files it mutates), so the tree you work
in is never touched:

    .venv/bin/python scripts/mutation.py --sample 60 --seed 1 --report /tmp/mutation.md

prints the score and writes the survivors (file, line, operator, diff) as Markdown. A whole run
(``--sample 0``) takes hours on two cores: a survivor costs every check of :func:`checks`.
Progress goes to standard error. ``judge`` is the test command Cosmic Ray runs for each mutant.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_CODE = ["game.py", "table.py", "moves.py", "layout.py", "profiles.py", "dealcode.py"]
"""The modules of reference/pyramide/ that hold the rules (the issue's "rule code")."""
COPIED = ["reference", "features", "spec", "pyproject.toml"]
TIMEOUT = 300.0


def profiles() -> list[str]:
    """Every named profile, the app's first (most mutants die there, fastest)."""
    from pyramide.profiles import PROFILES

    return sorted(PROFILES, key=lambda name: name != "app")


AS_FILES = {
    "drawn-with-waste-one-recycle": ("drawn-with-waste", {"max_recycles": 1}),
    "thirteen-one-recycle": ("aisleriot-thirteen", {"max_recycles": 1}),
    "apophis-one-recycle": ("apophis", {"max_recycles": 1}),
}
"""Rule sets the judge also checks from YAML files: a profile with one switch changed, so that
no named profile matches and the engine gets the file's own values. Strings read from a file
are not the module's objects, which an ``is`` in place of ``==`` tells apart."""
RULE_SETS = Path("judge-rule-sets")
"""Where those files are written, in the working copy the judge runs in."""


def checks() -> list[list[str]]:
    """The ``pyramide check`` runs that judge a mutant, cheapest killers first: every named
    profile; the rule sets of :data:`AS_FILES` from YAML files; the app's rules through the
    move-only shim, which names moves in ASCII (``pyramide.moves``) as a move-only engine does."""
    runs = [["--profile", profile] for profile in profiles()]
    runs += [["--profile", str(RULE_SETS / f"{name}.yaml")] for name in AS_FILES]
    runs.append(["--impl", "pyramide.conformance.moveshim:example_factory", "--profile", "app"])
    return runs


def write_rule_sets(workdir: Path) -> None:
    import yaml
    from pyramide.profiles import PROFILES

    folder = workdir / RULE_SETS
    folder.mkdir()
    for name, (profile, changed) in AS_FILES.items():
        rule_set = {"name": name, "switches": {**PROFILES[profile].switches, **changed}}
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(rule_set), encoding="utf-8")


def judge() -> int:
    """Exit 1 as soon as a ``pyramide check`` run fails; 0 if all pass."""
    for options in checks():
        status = subprocess.call(
            [sys.executable, "-m", "pyramide.cli", "check", *options],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if status != 0:
            return 1
    return 0


def copy_repository(into: Path) -> None:
    """The committed tree at HEAD (what is measured is a commit, not work in progress)."""
    archive = subprocess.run(
        ["git", "archive", "HEAD", *COPIED], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)


def write_config(workdir: Path) -> Path:
    modules = ", ".join(f'"reference/pyramide/{name}"' for name in RULE_CODE)
    config = workdir / "cosmic-ray.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {TIMEOUT}\n"
        "excluded-modules = []\n"
        f'test-command = "{sys.executable} {Path(__file__).resolve()} judge"\n\n'
        "[cosmic-ray.distributor]\n"
        'name = "local"\n',
        encoding="utf-8",
    )
    return config


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


def results(workdir: Path, session: Path) -> list[dict[str, object]]:
    """One record per mutant that ran: where, which operator, the outcome, the diff."""
    dump = subprocess.run(
        ["cosmic-ray", "dump", str(session)], cwd=workdir, capture_output=True, text=True
    )
    records = []
    for line in dump.stdout.splitlines():
        item, result = json.loads(line)
        if not result or result.get("worker_outcome") == "skipped":
            continue
        spec = item["mutations"][0]
        records.append(
            {
                "file": Path(spec["module_path"]).name,
                "line": spec["start_pos"][0],
                "operator": spec["operator_name"].split("/")[-1],
                "outcome": result.get("test_outcome") or result.get("worker_outcome"),
                "diff": result.get("diff") or "",
            }
        )
    return records


def markdown(records: list[dict[str, object]], total: int, sample: int, seed: int) -> str:
    counts = Counter(str(r["outcome"]) for r in records)
    judged = counts["killed"] + counts["survived"]
    score = 100 * counts["killed"] / judged if judged else 0.0
    lines = [
        f"Mutants in the rule code: {total}; run: {len(records)} "
        f"({'all' if not sample else f'a seeded sample, seed {seed}'}); "
        + ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())),
        "",
        f"Score: {counts['killed']}/{judged} killed ({score:.1f} %).",
        "",
        "| file | line | operator | change |",
        "|---|---|---|---|",
    ]
    for r in sorted(records, key=lambda r: (str(r["file"]), int(str(r["line"])))):
        if r["outcome"] != "survived":
            continue
        changed = [
            d[1:].strip()
            for d in str(r["diff"]).splitlines()
            if d[:1] in "+-" and not d.startswith(("+++", "---"))
        ]
        change = " → ".join(changed).replace("|", "\\|")
        lines.append(f"| {r['file']} | {r['line']} | {r['operator']} | `{change}` |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=["run", "judge"], default="run")
    parser.add_argument("--sample", type=int, default=60, help="mutants to run (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", type=Path, help="write the Markdown summary here")
    args = parser.parse_args(argv)
    if args.command == "judge":
        return judge()
    if shutil.which("cosmic-ray") is None:
        print("cosmic-ray is not installed: pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="pyramide-mutation-") as temp:
        workdir = Path(temp)
        copy_repository(workdir)
        config = write_config(workdir)
        write_rule_sets(workdir)
        session = workdir / "session.sqlite"
        env = {**os.environ, "PYTHONPATH": str(workdir / "reference")}
        subprocess.run(["cosmic-ray", "init", str(config), str(session)], cwd=workdir, check=True)
        total = keep_a_sample(session, args.sample, args.seed)
        print(f"{total} mutants; running {args.sample or total}", file=sys.stderr)
        baseline = subprocess.call(["cosmic-ray", "baseline", str(config)], cwd=workdir, env=env)
        if baseline != 0:
            print("the unmutated engine fails the suite: nothing to measure", file=sys.stderr)
            return 1
        subprocess.run(
            ["cosmic-ray", "--verbosity", "INFO", "exec", str(config), str(session)],
            cwd=workdir,
            env=env,
            check=True,
        )
        text = markdown(results(workdir, session), total, args.sample, args.seed)
    print(text)
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
