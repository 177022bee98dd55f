#!/usr/bin/env python3
"""The C++ sources' size limits (docs/architecture.md, "The layout"): no
source file of the server, its layers or its tools over 600 lines, and no
function over 80, as web-client/tests/sources.mjs holds the browser's to.

A function here is a definition at the top level of a file (column 0, as
clang-format writes them in this code): from the line where its signature
starts to its closing brace at column 0. Tables of data (`... = {`) are
not functions. Run by CTest as `sources`; prints the longest of each."""

import os
import sys

FOLDERS = ["engine", "event", "protocol", "rating", "server", "storage", "table", "tools"]
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80


def sources(root):
    for folder in FOLDERS:
        for base, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith((".cpp", ".hpp")):
                    yield os.path.join(base, name)


def functions(lines):
    """(first line, length, signature) of each top-level function."""
    i = 0
    while i < len(lines):
        line = lines[i]
        starts = (line and not line[0].isspace()
                  and not line.startswith(("//", "#", "namespace", "}", "struct", "class",
                                           "enum", "union", "extern", "using", "template")))
        if not starts:
            i += 1
            continue
        # The signature: to the line that opens the body (or ends a declaration).
        end_sig = i
        while (end_sig < len(lines) - 1 and not lines[end_sig].rstrip().endswith(("{", ";"))
               and lines[end_sig].strip()):
            end_sig += 1
        if not lines[end_sig].rstrip().endswith("{"):
            i = end_sig + 1
            continue
        signature = " ".join(x.strip() for x in lines[i:end_sig + 1])
        end = end_sig + 1
        while end < len(lines) and not lines[end].startswith("}"):
            end += 1
        if "(" in signature and "= {" not in signature and "={" not in signature:
            yield i + 1, end - i + 1, signature[:80]
        i = end + 1


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = []
    longest_file = (0, "")
    longest_function = (0, "")
    count = 0
    for path in sources(root):
        count += 1
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        n = len(lines) - (1 if lines and lines[-1] == "" else 0)
        longest_file = max(longest_file, (n, rel))
        if n > MAX_FILE_LINES:
            problems.append(f"{rel}: {n} lines (at most {MAX_FILE_LINES})")
        for first, length, signature in functions(lines):
            longest_function = max(longest_function, (length, f"{rel}:{first} {signature}"))
            if length > MAX_FUNCTION_LINES:
                problems.append(f"{rel}:{first}: a function of {length} lines (at most "
                                f"{MAX_FUNCTION_LINES}): {signature}")
    for p in problems:
        print(p)
    print(f"sources: {count} C++ files; the longest file {longest_file[1]} ({longest_file[0]} "
          f"lines), the longest function {longest_function[1]} ({longest_function[0]} lines)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
