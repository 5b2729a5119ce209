import { createServer, type Server } from "node:net";
import { e2ePort } from "@/tests/e2e/port";

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("the e2e server's port", () => {
  test("with another app on the old fixed port 3100, it takes a free one, and keeps it for the workers", async () => {
    // Hold 3100 as another app would; if something already does, that serves too.
    const other = await listen(3100).catch(() => null);
    try {
      const env: Record<string, string | undefined> = {};
      const port = e2ePort(env);
      expect(port).not.toBe(3100);
      expect(env.E2E_PORT).toBe(String(port));
      expect(e2ePort(env)).toBe(port);
      await close(await listen(port));
    } finally {
      if (other) await close(other);
    }
  });

  test("E2E_PORT, when set, is the port; a malformed one is a clear error", () => {
    expect(e2ePort({ E2E_PORT: "3999" })).toBe(3999);
    expect(() => e2ePort({ E2E_PORT: "31OO" })).toThrow(
      'E2E_PORT must be a port number from 1 to 65535 (or unset for a free one), not "31OO"',
    );
    expect(() => e2ePort({ E2E_PORT: "70000" })).toThrow("E2E_PORT must be a port number");
  });
});
