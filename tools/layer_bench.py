"""The channel layer's receiving, against channels_redis's own, interleaved in one run.

    python -m tools.layer_bench [--messages 3000] [--sockets 200] [--pairs 3]

One process plays a Daphne process's sockets: `--sockets` channels, each with a receive always
waiting as a consumer's is; another layer sends them `--messages` messages one at a time, each
to a random channel, the next once the last has arrived.  Printed per layer: the process's CPU
per message (sending and receiving both) and the delivery time's p50 and p99.  Needs Redis
(`REDIS_URL`, else 127.0.0.1:6379; it uses database 3 and removes its own `bench` keys after).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from urllib.parse import urlsplit

from channels_redis.core import RedisChannelLayer

from config.channel_layer import BatchingRedisChannelLayer


async def measure(layer_class, *, address: str, messages: int, sockets: int) -> dict[str, float]:
    hosts = [{"address": address, "socket_timeout": None}]
    receiving, sending = layer_class(hosts=hosts, prefix="bench"), layer_class(hosts=hosts, prefix="bench")
    channels = [await receiving.new_channel() for _ in range(sockets)]
    arrived_at: dict[int, float] = {}
    arrived = asyncio.Event()

    async def socket(channel: str) -> None:
        while True:
            message = await receiving.receive(channel)
            arrived_at[message["n"]] = time.perf_counter()
            arrived.set()

    waiting = [asyncio.ensure_future(socket(channel)) for channel in channels]
    await asyncio.sleep(0.3)
    delays = []
    cpu = time.process_time()
    for n in range(messages):
        sent = time.perf_counter()
        arrived.clear()
        await sending.send(random.choice(channels), {"type": "bench", "n": n})
        await arrived.wait()
        delays.append(arrived_at[n] - sent)
    cpu = time.process_time() - cpu
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    await receiving.flush()
    await receiving.close_pools()
    await sending.close_pools()
    delays.sort()
    return {
        "cpu_us_per_message": cpu / messages * 1e6,
        "p50_us": statistics.median(delays) * 1e6,
        "p99_us": delays[int(0.99 * len(delays))] * 1e6,
    }


async def main(args: argparse.Namespace) -> None:
    address = urlsplit(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379")._replace(path="/3").geturl()
    for pair in range(args.pairs):
        for name, layer_class in (
            ("channels_redis", RedisChannelLayer),
            ("this project's", BatchingRedisChannelLayer),
        ):
            figures = await measure(
                layer_class, address=address, messages=args.messages, sockets=args.sockets
            )
            print(
                f"pair {pair + 1}, {name} layer: {figures['cpu_us_per_message']:.0f} µs of CPU a message, "
                f"delivered in p50 {figures['p50_us']:.0f} µs, p99 {figures['p99_us']:.0f} µs"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
