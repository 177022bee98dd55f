#!/usr/bin/env python3
"""Runs whist-replay on every game record of a folder and compares with the
expected result (docs/records.md): for exit 0 the hands, scores, game_over
and winner; for exit 1 the index and code of the first illegal action; for
exit 2 the status alone. Also checks that standard input works.

    replay_fixtures.py WHIST-REPLAY RECORDS [SHARED-RECORDS]

RECORDS is the project's own folder (tests/records). SHARED-RECORDS, the
shared folder (../shared/fixtures/records), is run too when it is there;
when it is not, one line says so."""
import json
import pathlib
import subprocess
import sys


def check_folder(binary, folder):
    """(records run, failures) for every NAME.json of a folder."""
    records = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    failed = 0
    for rec in records:
        expected = json.loads(rec.with_name(rec.name[: -len(".json")] + ".expected.json").read_text())
        for how in ("file", "stdin"):
            if how == "file":
                run = subprocess.run([binary, str(rec)], capture_output=True, text=True)
            else:
                run = subprocess.run([binary], input=rec.read_text(), capture_output=True, text=True)
            problem = None
            try:
                out = json.loads(run.stdout)
            except json.JSONDecodeError:
                out, problem = None, f"output is not JSON: {run.stdout!r}"
            if problem is None and run.returncode != expected["exit"]:
                problem = f"exit {run.returncode}, expected {expected['exit']}: {run.stdout.strip()}"
            elif problem is None and expected["exit"] == 0:
                # A classic rubber's games and points too, where expected.
                keys = ["hands", "scores", "game_over", "winner"]
                keys += [k for k in ("games", "rubber_points") if k in expected["output"]]
                for key in keys:
                    want = expected["output"][key]
                    got = out.get(key)
                    if key == "hands":
                        fields = ("tricks", "score", "game")
                        got = [{k: h.get(k) for k in fields} for h in got]
                        want = [{k: h.get(k) for k in fields} for h in want]
                    if got != want:
                        problem = f"{key}: got {got}, expected {want}"
                        break
            elif problem is None and expected["exit"] == 1:
                got = (out["error"]["index"], out["error"]["code"])
                want = (expected["output"]["error"]["index"], expected["output"]["error"]["code"])
                if got != want:
                    problem = f"index and code {got}, expected {want}"
            elif problem is None and out["error"]["code"] != "bad_record":
                problem = f"error code {out['error']['code']}, expected bad_record"
            if problem:
                failed += 1
                print(f"FAIL {rec.parent.name}/{rec.name} ({how}): {problem}")
    return len(records), failed


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    binary, own = sys.argv[1], pathlib.Path(sys.argv[2])
    folders = [own]
    if len(sys.argv) == 4:
        shared = pathlib.Path(sys.argv[3])
        if shared.is_dir():
            folders.append(shared)
        else:
            print(f"{shared} not found: the project's own records only")
    total = failed = 0
    for folder in folders:
        n, bad = check_folder(binary, folder)
        if n == 0:
            print(f"no records under {folder}")
            return 1
        print(f"{folder}: {n} records")
        total, failed = total + n, failed + bad
    # Malformed input through the program itself: not JSON, no such file,
    # empty input. Each exits 2 with a bad_record error document.
    cases = [("not JSON", [binary], "{\"variant\": "), ("no such file", [binary, str(own / "missing.json")], ""),
             ("empty input", [binary], "")]
    for label, argv, stdin in cases:
        run = subprocess.run(argv, input=stdin, capture_output=True, text=True)
        try:
            code = json.loads(run.stdout)["error"]["code"]
        except (json.JSONDecodeError, KeyError, TypeError):
            code = None
        if run.returncode != 2 or code != "bad_record":
            failed += 1
            print(f"FAIL {label}: exit {run.returncode}, output {run.stdout!r}")
    passed = 2 * total + len(cases) - failed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
