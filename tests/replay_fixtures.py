#!/usr/bin/env python3
"""Runs whist-replay on every public fixture and compares with the expected
result (../shared/spec/game-record.md): for exit 0 the hands, scores,
game_over and winner; for exit 1 the index of the first illegal action; for
exit 2 the status alone. Also checks that standard input works."""
import json
import pathlib
import subprocess
import sys


def main() -> int:
    binary, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    records = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    if not records:
        print(f"no fixtures under {folder}")
        return 1
    failed = 0
    for rec in records:
        expected = json.loads(rec.with_name(rec.stem + ".expected.json").read_text())
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
                for key in ("hands", "scores", "game_over", "winner"):
                    want = expected["output"][key]
                    got = out.get(key)
                    if key == "hands":
                        got = [{"tricks": h["tricks"], "score": h["score"]} for h in got]
                        want = [{"tricks": h["tricks"], "score": h["score"]} for h in want]
                    if got != want:
                        problem = f"{key}: got {got}, expected {want}"
                        break
            elif problem is None and expected["exit"] == 1:
                if out["error"]["index"] != expected["output"]["error"]["index"]:
                    problem = f"index {out['error']['index']}, expected {expected['output']['error']['index']}"
            if problem:
                failed += 1
                print(f"FAIL {rec.name} ({how}): {problem}")
    # Malformed input through the program itself: not JSON, no such file,
    # empty input. Each exits 2 with a bad_record error document.
    cases = [("not JSON", [binary], "{\"variant\": "), ("no such file", [binary, str(folder / "missing.json")], ""),
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
    passed = 2 * len(records) + len(cases) - failed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
