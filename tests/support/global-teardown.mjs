import { once } from "node:events";

export default async function globalTeardown() {
  const child = globalThis.__LOYALTAP_TEST_DB__;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}
