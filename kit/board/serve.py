"""`kit board`: serve the board with uvicorn on 127.0.0.1 (or the --host given, with a warning), print
its URL, and stop cleanly on Ctrl-C. It logs no request: a URL holds record ids, and nothing of the
configuration (the API key least of all) is printed.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import uvicorn

from kit.board.app import create_app
from kit.board.model import ModelPlace

LOOPBACK = "127.0.0.1"
WILDCARDS = ("0.0.0.0", "::")


def serve(
    corpus: Path,
    results: Path | None,
    labelled: Path,
    place: ModelPlace,
    host: str = LOOPBACK,
    port: int = 9242,
) -> int:
    """Serve until Ctrl-C; returns the exit status."""
    hosts = [LOOPBACK, "localhost"]
    if host != LOOPBACK:  # a wildcard address is reached by names the board cannot know
        hosts = ["*"] if host in WILDCARDS else [host, *hosts]
    if host != LOOPBACK:
        print(
            f"kit board: warning: listening on {host}, not only this machine: anyone who can reach "
            f"{host}:{port} can read these records",
            file=sys.stderr,
        )
    app = create_app(corpus, results, labelled, place, hosts=hosts)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind((host, port))  # an OSError here (port taken) is the caller's one-line message
    listening.listen(128)  # connections wait in the backlog until uvicorn takes them
    shown = f"[{host}]" if ":" in host else host
    print(f"kit board: http://{shown}:{listening.getsockname()[1]}/  (Ctrl-C stops it)", flush=True)
    config = uvicorn.Config(app, access_log=False, log_level="warning")
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:  # uvicorn shuts down first, then hands the Ctrl-C back
        pass
    finally:
        listening.close()
    print("kit board: stopped")
    return 0
