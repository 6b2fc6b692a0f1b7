"""A hello storm, as `test_hello_storm` starts it in a process of its own: ``sockets`` WebSockets to
one table, each from an address of its own (``X-Forwarded-For``: the server under test trusts this
computer as its proxy, so that no per-address limit helps it), each saying ``hello`` as a spectator
``rate`` times a second and coming back whenever it is closed.  After ``seconds`` it prints what it
saw as JSON: the views it was sent, the connections the server refused or closed, by close code.

    python -m tests.server.storm URL CODE [SECONDS] [SOCKETS] [RATE]
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


async def storm(url: str, code: str, seconds: float, sockets: int, rate: float) -> dict[str, object]:
    seen: collections.Counter[str] = collections.Counter()
    hello = json.dumps({"type": "hello", "seat": None, "key": None})
    stop = time.monotonic() + seconds

    async def one(index: int) -> None:
        address = f"10.1.{index // 256}.{index % 256}"
        while time.monotonic() < stop:
            ws = None
            try:
                async with connect(f"ws://{url.split('://', 1)[1]}/ws/{code}", open_timeout=5,
                                   additional_headers={"X-Forwarded-For": address}, max_size=2**22) as ws:
                    seen["connections"] += 1
                    reader = asyncio.create_task(read(ws))
                    while time.monotonic() < stop and not reader.done():
                        await ws.send(hello)
                        seen["hellos sent"] += 1
                        await asyncio.sleep(1 / rate)
                    reader.cancel()
            except Exception as err:  # refused, closed: an attacker comes straight back
                seen[type(err).__name__] += 1
            if ws is not None and ws.close_code is not None and time.monotonic() < stop:
                seen[f"closed {ws.close_code}"] += 1
            await asyncio.sleep(0.05)

    async def read(ws: object) -> None:
        try:
            async for text in ws:  # type: ignore[attr-defined]
                seen["views" if json.loads(text)["type"] == "view" else "errors"] += 1
        except ConnectionClosed:
            pass

    await asyncio.gather(*(one(i) for i in range(sockets)))
    return dict(seen)


if __name__ == "__main__":
    url, code = sys.argv[1], sys.argv[2]
    seconds, sockets, rate = (float(sys.argv[3]) if len(sys.argv) > 3 else 8.0,
                              int(sys.argv[4]) if len(sys.argv) > 4 else 150,
                              float(sys.argv[5]) if len(sys.argv) > 5 else 10.0)
    print(json.dumps(asyncio.run(storm(url, code, seconds, sockets, rate))), flush=True)
