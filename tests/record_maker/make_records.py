#!/usr/bin/env python3
"""Makes the project's game records, tests/records/NAME.json, each with its
expected result, NAME.expected.json (tests/records/README.md).

    tests/record_maker/make_records.py [--build DIR] [--check]

DIR (default build/) holds the built whist-replay and play_game. Four kinds
of record are made:

- worked: scripted deals and actions, their result worked out by hand and
  written here beside them;
- played: seeded games played by the engine (play_game), for every variant
  and option;
- illegal: a played or worked game with one illegal action put in at a
  known index, for every error code;
- malformed: records broken in each way docs/records.md names (exit 2),
  and edge cases that must stay legal.

Every expected result is reference.py's (a second reading of the rules,
independent of the engine); a worked record's must also equal the one
written by hand, and an illegal record's the index and code it was built
with. whist-replay must then agree with all of them: any disagreement stops
the run, and nothing is written. --check writes nothing either, and fails
if tests/records differs from what would be written.

The cases are made in worked.py, played.py, illegal.py and malformed.py,
each added to the Maker (maker.py).
"""
import argparse
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import reference  # noqa: E402
from illegal import illegal  # noqa: E402
from maker import Maker, fail  # noqa: E402
from malformed import legal_edges, malformed  # noqa: E402
from played import played, seeded  # noqa: E402
from worked import worked_bid, worked_classic, worked_exact, worked_illegal  # noqa: E402


def check_shared():
    """The reference against the shared records, when they are there: it
    must give each one's expected result."""
    import os
    shared = pathlib.Path(os.environ.get("WHIST_SHARED_DIR", HERE.parents[1] / ".." / "shared"))
    folder = shared / "fixtures" / "records"
    if not folder.is_dir():
        print(f"{folder} not found: the reference is not checked against the shared records")
        return
    records = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    for rec in records:
        want = json.loads(rec.with_name(rec.name[: -len(".json")] + ".expected.json").read_text())
        exit_status, out = reference.replay(rec.read_text())
        got = Maker.summary(exit_status, out)
        if want["exit"] == 0:
            o = want["output"]
            expected = (0, [(h["tricks"], h["score"]) for h in o["hands"]], o["scores"],
                        o["game_over"], o["winner"])
        elif want["exit"] == 1:
            expected = (1, want["output"]["error"]["index"], want["output"]["error"]["code"])
        else:
            expected = (2,)
        if got != expected:
            fail(f"the reference gives {got} for {rec}, which expects {expected}")
    print(f"the reference agrees with the {len(records)} shared records")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="the build folder (default: build)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail if tests/records differs from what would be made")
    args = ap.parse_args()
    build = pathlib.Path(args.build)
    if not build.is_absolute():
        build = (HERE.parents[1] / build).resolve()
    m = Maker(build)
    classic = worked_classic(m)
    bids = worked_bid(m)
    exact = worked_exact(m)
    worked_illegal(m, classic, bids, exact)
    games = played(m)
    seeded(m)
    illegal(m, games)
    malformed(m, classic, bids, exact, games)
    legal_edges(m, classic, bids, exact, games)

    # Every error code the replay can give is among the illegal records.
    codes = {out["error"]["code"] for _, e, out in m.cases.values() if e == 1}
    missing = set(reference.MESSAGES) - codes
    if missing:
        fail(f"no illegal record gives {sorted(missing)}")
    m.check_engine()
    check_shared()
    counts = {}
    for name in m.cases:
        variant, kind = name.split("-")[:2]
        key = (variant, kind, m.origin[name])
        counts[key] = counts.get(key, 0) + 1
    for (variant, kind, origin), n in sorted(counts.items()):
        print(f"{variant:8} {kind:10} {origin:10} {n:3}")
    print(f"{len(m.cases)} records; whist-replay agrees with every one")
    return m.write(args.check)


if __name__ == "__main__":
    sys.exit(main())
