#!/usr/bin/python3
"""A Modbus slave that is not ours: pymodbus (Debian's python3-pymodbus) serving unit 1 over TCP
with the RTU framer, i.e. RTU frames with CRC on a TCP stream, as a serial device server sees them.
The simulator's `--relay` DTU pipes the gateway's bytes to it.

    /usr/bin/python3 packages/simulator/pymodbus/rtu_over_tcp_server.py [port]   (default 5020; 0: any)
    /usr/bin/python3 packages/simulator/pymodbus/rtu_over_tcp_server.py --check  (exits 0 once imported)

It prints `listening <port>` once it accepts connections. The known values (the tests read them):
holding registers 0-9, input registers 0-3, coils 0-7 and discrete inputs 0-3 below.
"""
import asyncio
import sys

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.framer.rtu_framer import ModbusRtuFramer
from pymodbus.server.async_io import ModbusTcpServer

HOLDING = [1234, 5678, 42, 0, 65535, 100, 200, 300, 400, 500]
INPUT = [11, 22, 33, 44]
COILS = [1, 0, 1, 1, 0, 0, 0, 1]
DISCRETE = [0, 1, 0, 1]


async def main(port):
    unit = ModbusSlaveContext(
        hr=ModbusSequentialDataBlock(0, HOLDING),
        ir=ModbusSequentialDataBlock(0, INPUT),
        co=ModbusSequentialDataBlock(0, COILS),
        di=ModbusSequentialDataBlock(0, DISCRETE),
        zero_mode=True,
    )
    context = ModbusServerContext(slaves={1: unit}, single=False)
    server = ModbusTcpServer(context, framer=ModbusRtuFramer, address=("127.0.0.1", port), allow_reuse_address=True)
    task = asyncio.create_task(server.serve_forever())
    await server.serving
    print(f"listening {server.server.sockets[0].getsockname()[1]}", flush=True)
    await task


if __name__ == "__main__":
    # The imports above are the test of whether this machine can run the slave: a check stops here.
    if sys.argv[1:] == ["--check"]:
        sys.exit(0)
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5020))
