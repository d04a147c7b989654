"""Games over the network (`watan serve`, `watan play --join`): the `serve` extra's face.

`wire` is what clients and the server say; `served` plays one game on the server, a
person's seat waiting for its client; `app` is the ASGI application (Starlette) that
checks and connects clients; `server` makes or takes up games and runs it (uvicorn);
`tokens` keeps the seats' secrets and reads links; `join` is a seat at a terminal.
Only `watan serve` and `--join` import this package (`--join` needs `websockets` alone).
"""
