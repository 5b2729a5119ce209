import { startCluster, type Cluster } from "./support/cluster";

// The harness itself: two production instances on one fresh PostgreSQL.
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ instances: 2 });
});
afterAll(async () => {
  await cluster?.stop();
});

test("two instances serve the same database", async () => {
  const email = `cluster-${Date.now()}@example.test`;
  const [a, b] = cluster.instances;
  const registered = await fetch(`${a!.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "cluster-password-1" }),
  });
  expect(registered.status).toBe(201);
  const login = await fetch(`${b!.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "cluster-password-1" }),
  });
  expect(login.status).toBe(200);
  const { rows } = await cluster.sql.query(`SELECT count(*)::int AS n FROM "User" WHERE email = $1`, [email]);
  expect(rows[0].n).toBe(1);
});
