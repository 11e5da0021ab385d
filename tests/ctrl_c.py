"""For the tests that stop a child process with Ctrl-C (SIGINT): the child starts with SIGINT at its
default, so Python installs its KeyboardInterrupt handler, even when the test run itself was started
where SIGINT is ignored (a background job of a shell without job control: `(pytest ... &)` in a
script), which a child would otherwise inherit and keep. Nothing here is a fixture or a test."""

import signal


def interruptible() -> None:
    """A `preexec_fn` for subprocess.Popen: SIGINT back to its default in the child before it starts."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
