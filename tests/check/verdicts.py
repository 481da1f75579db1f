"""What the check test drivers share: collect failed assertions, print each, and end the run."""
import sys

FAILURES = []


def check(cond, what):
    """Records `what` as a failure when `cond` is false (the run goes on, to report them all)."""
    if not cond:
        FAILURES.append(what)
        print("FAILED:", what)


def finish():
    """Exits 1 when any check failed, else prints that all passed."""
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("all checks passed")
