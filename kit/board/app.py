"""The board's web application (Starlette): one page, its own stylesheet and script, and a small JSON
API the page calls. The routes:

  GET  /                                   the page (Jinja2, autoescaped) carrying this session's token
  GET  /api/records                        the records list
  GET  /api/record/{place}/{id}?source=S   one record read one way (kit.board.view)
  GET  /api/model/status, /api/model/estimate/{place}/{id}
  POST /api/own                            a pasted record, or a chosen file's bytes: checked, the floor
                                           answers it
  POST /api/model/{place}/{id}             the model's answer (the only route that can spend)
  POST /api/save/{place}/{id}              corrections saved as gold in the labelled folder

Every state-changing request needs this session's token (header X-Board-Token) and an Origin header
naming the board's own origin; anything else is refused with 403. Hosts other than the ones it was
started for are refused (a rebinding guard). A body over MAX_BODY bytes is refused with 413. Every
response carries a strict content security policy: the page runs its own script and nothing else and
fetches nothing from elsewhere. No response names the API key.
"""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kit.board import labelled, model, view
from kit.board.sources import NotFound, Reading, Shelf
from kit.corpus import load, textfile
from kit.measure import assets

MAX_BODY = 512 * 1024  # bytes: a record is a few kilobytes; a body past this is refused, not read
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
TOKEN_HEADER = "x-board-token"


class SecurityHeaders:
    """ASGI middleware adding HEADERS to every HTTP response (a refused host's included)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                extra = [(k, v) for k, v in extra if k not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class Refusal(Exception):
    def __init__(self, status: int, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.problems = status, problems or []


@dataclass
class Board:
    """One board session: what it shows, where the model path lives, and its token."""

    shelf: Shelf
    place: model.ModelPlace
    token: str


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("kit.board", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )


async def _body(request: Request) -> dict[str, Any]:
    """The JSON body, refused (413) past MAX_BODY bytes without reading further."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refusal(413, f"the upload is {int(declared)} bytes; the board takes at most {MAX_BODY}")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refusal(413, f"the upload is over {MAX_BODY} bytes, the most the board takes")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise Refusal(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise Refusal(400, "the request body must be a JSON object")
    return data


def _guard(request: Request, board: Board) -> None:
    """Refuse a state-changing request without this session's token or from another origin."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin != own:
        came = "this request names no origin" if origin is None else f"not {origin}"
        raise Refusal(403, f"refused: a change must come from the board's own page ({own}); {came}")
    if not secrets.compare_digest(request.headers.get(TOKEN_HEADER, ""), board.token):
        raise Refusal(403, "refused: this request does not carry the board's session token; reload the page")


def _record_json(board: Board, place: str, rid: str, source: str) -> dict[str, Any]:
    rec = board.shelf.record(place, rid)
    sources = board.shelf.sources(place, rec)
    source = source or sources[0]
    answer, notes, grade, sent = board.shelf.answer(place, rec, source)
    shown = view.build(rec, answer, source, notes, grade, sent)
    return {"place": place, "id": rec.id, "source": source, "sources": sources, "view": shown}


def _handler(fn: Callable[[Request, Board], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        board: Board = request.app.state.board
        try:
            if request.method == "POST":
                _guard(request, board)
            result = await fn(request, board)
        except Refusal as err:
            return JSONResponse({"error": str(err), "problems": err.problems}, err.status)
        except NotFound as err:
            return JSONResponse({"error": str(err), "problems": []}, 404)
        return result if isinstance(result, Response) else JSONResponse(result)

    return endpoint


async def page(request: Request, board: Board) -> Response:
    html = _environment().get_template("board.html.j2").render(
        token=board.token,
        corpus=str(board.shelf.corpus.folder),
        labelled=str(board.shelf.labelled_folder),
        notice=view.NOTICE,
    )
    return HTMLResponse(html)


async def shared_asset(request: Request, board: Board) -> Response:
    """The report's own record view script and stylesheet (kit.measure.assets), served as files."""
    kind = request.path_params["kind"]
    if kind not in ("js", "css"):
        raise NotFound(f"no record.{kind}")
    media = "text/javascript" if kind == "js" else "text/css"
    return Response(assets()[kind], media_type=media)


async def records(request: Request, board: Board) -> Any:
    return await run_in_threadpool(board.shelf.listing)


async def one_record(request: Request, board: Board) -> Any:
    p, source = request.path_params, request.query_params.get("source", "")
    return await run_in_threadpool(_record_json, board, p["place"], p["rid"], source)


def _own_text(body: dict[str, Any]) -> str:
    """The pasted text, or a chosen file's bytes (base64) read by the corpus's one reader
    (kit.corpus.textfile), so an upload gets `--check`'s words: not UTF-8 (where), empty."""
    if "file" not in body:
        text = body.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refusal(400, "paste a record or choose a file", ["no record text was sent"])
        return text
    name = str(body.get("name") or "the file")
    try:
        data = base64.b64decode(str(body["file"]), validate=True)
    except ValueError:
        said = [f"{name}: its bytes did not arrive as base64"]
        raise Refusal(400, "the file could not be sent", said) from None
    try:
        return textfile.decode(data)
    except textfile.Unreadable as err:
        raise Refusal(400, "the record is not valid", [f"{name}: {err}"]) from None


async def own(request: Request, board: Board) -> Any:
    text = _own_text(await _body(request))
    try:
        rec = await run_in_threadpool(labelled.check_own, text)
    except labelled.Refused as err:
        raise Refusal(400, "the record is not valid", err.problems) from None
    with board.shelf.lock:
        board.shelf.own[rec.id] = rec
        board.shelf.model.pop(f"own/{rec.id}", None)
    return await run_in_threadpool(_record_json, board, "own", rec.id, "floor")


async def model_status(request: Request, board: Board) -> Any:
    return await run_in_threadpool(model.status, board.place)


async def model_estimate(request: Request, board: Board) -> Any:
    rec = board.shelf.record(request.path_params["place"], request.path_params["rid"])
    return await run_in_threadpool(model.estimate, board.place, rec)


async def model_assemble(request: Request, board: Board) -> Any:
    place, rid = request.path_params["place"], request.path_params["rid"]
    rec = board.shelf.record(place, rid)
    shown = await run_in_threadpool(model.status, board.place)
    if not shown["ready"]:
        raise Refusal(409, f"the model cannot be asked: {shown['why']}", [f"run: {shown['run']}"])
    answer, notes, figures = await run_in_threadpool(model.assemble, board.place, rec)
    if answer is None:
        raise Refusal(502, "the model gave no usable answer", notes)
    with board.shelf.lock:
        board.shelf.model[f"{place}/{rid}"] = Reading(answer, notes, sent=figures.get("sent"))
    result = await run_in_threadpool(_record_json, board, place, rid, "model")
    return {**result, "call": figures}


async def save(request: Request, board: Board) -> Any:
    place, rid = request.path_params["place"], request.path_params["rid"]
    rec = board.shelf.record(place, rid)
    corrections = (await _body(request)).get("elements")
    if not isinstance(corrections, list):
        raise Refusal(400, "nothing to save", ["the request names no elements"])
    folder = board.shelf.labelled_folder
    try:
        row = await run_in_threadpool(labelled.save, folder, rec.text, corrections)
    except labelled.Refused as err:
        said = "not saved: the corrections are not gold the corpus checker accepts"
        raise Refusal(400, said, err.problems) from None
    return {"saved": f"{folder}/{rec.id}.txt", "folder": str(folder), "row": row, "id": rec.id}


def create_app(
    corpus_folder: Path,
    results: Path | None,
    labelled_folder: Path,
    place: model.ModelPlace,
    hosts: Sequence[str] = ("127.0.0.1", "localhost"),
) -> Starlette:
    """The board for a corpus (CorpusError when it does not load), its recorded runs and labelled folder."""
    shelf = Shelf(load.load(corpus_folder), labelled_folder, results)
    routes = [
        Route("/", _handler(page)),
        Route("/shared/record.{kind}", _handler(shared_asset)),
        Route("/api/records", _handler(records)),
        Route("/api/record/{place}/{rid}", _handler(one_record)),
        Route("/api/own", _handler(own), methods=["POST"]),
        Route("/api/model/status", _handler(model_status)),
        Route("/api/model/estimate/{place}/{rid}", _handler(model_estimate)),
        Route("/api/model/{place}/{rid}", _handler(model_assemble), methods=["POST"]),
        Route("/api/save/{place}/{rid}", _handler(save), methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("kit.board", "static")])),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.board = Board(shelf, place, secrets.token_urlsafe(32))
    return app
