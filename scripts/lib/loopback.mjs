// Loopback helpers shared by the cluster stack, the benchmarks and the tests
// that start servers of their own. No import.meta: jest loads this file
// through its CommonJS transform.
import { once } from "node:events";
import { createServer, Socket } from "node:net";

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  server.close();
  await once(server, "close");
  return address.port;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}
