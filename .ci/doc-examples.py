#!/usr/bin/env python3
"""Checks that the examples in the README and docs/ print what they show.

Every ```text block whose first line is `$ brewery ARGS` (no pipe, redirection or `;`)
is run with the release binary on the real catalogue, at 80 columns, in a fresh HOME.
Its lines must be the command's first lines, up to a line that is only `…` (the rest is
left out on purpose); a line ending in `…` need only start the same.

usage: doc-examples.py BREWERY CATALOGUE FILE.md...
"""
import os
import re
import subprocess
import sys
import tempfile


def check(brewery, catalogue, path, env):
    """The examples of `path` that differ, and how many were run."""
    failures, count = [], 0
    text = open(path, encoding="utf-8").read()
    for block in re.finditer(r"```text\n(.*?)```", text, re.S):
        lines = block.group(1).rstrip("\n").split("\n")
        if not lines[0].startswith("$ brewery ") or re.search(r"[|>;]", lines[0]):
            continue
        count += 1
        command = lines[0][2:]
        args = command.split(" ", 1)[1]
        run = subprocess.run(
            ["bash", "-c", f'"{brewery}" --catalogue "{catalogue}" {args}'],
            capture_output=True, text=True, env=env, timeout=120)
        printed = (run.stdout + run.stderr).rstrip("\n").split("\n")
        for i, shown in enumerate(lines[1:]):
            if shown.strip() == "…":
                break
            got = printed[i] if i < len(printed) else None
            same = got is not None and (
                got.rstrip() == shown.rstrip()
                or (shown.endswith("…") and got.startswith(shown[:-1].rstrip())))
            if not same:
                failures.append(f"{path}: {command}\n  shown:   {shown!r}\n  printed: {got!r}")
                break
    return failures, count


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    brewery, catalogue, files = argv[1], argv[2], argv[3:]
    home = tempfile.mkdtemp(prefix="brewery-docs-")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_CACHE_HOME=home + "/cache",
               COLUMNS="80", NO_COLOR="1")
    env.pop("BREWERY_CATALOGUE", None)
    failures, count = [], 0
    for path in files:
        differ, run = check(brewery, catalogue, path, env)
        failures += differ
        count += run
    for f in failures:
        print("doc-examples: " + f)
    print(f"doc-examples: {count} examples run, {len(failures)} differ from what they show")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
