import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { GET as exportRoute } from "@/app/api/business/[id]/export/route";
import { db } from "@/lib/db";
import { signAccessToken } from "@/lib/auth/tokens";
import { createBusiness, createUser, uid } from "../support/fixtures";

// GET /api/business/[id]/export on PostgreSQL: a streamed CSV for the owner only.
afterAll(() => db.$disconnect());

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function request(businessId: string, query: Record<string, string>, bearer?: string) {
  const url = new URL(`http://localhost/api/business/${businessId}/export`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers = new Headers(bearer ? { authorization: `Bearer ${bearer}` } : {});
  return exportRoute(new Request(url, { headers }), { params: Promise.resolve({ id: businessId }) });
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || record.length > 0) throw new Error("the file does not end with CRLF");
  return records;
}

const exportCount = (businessId: string) => db.auditLog.count({ where: { businessId, action: "EXPORT" } });

describe("GET /api/business/[id]/export", () => {
  it("streams 100,000 visits without holding the file in memory", async () => {
    const { owner, business, tag } = await createBusiness({ timezone: "Europe/Madrid" });
    const customer = await createUser({ firstName: "Núria".repeat(20), lastName: "Vidal".repeat(20) });
    const ROWS = 100_000;
    await db.$executeRawUnsafe(
      `INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "source", "day", "createdAt")
       SELECT gen_random_uuid()::text, $1, $2, $3, 'TAG', date '2026-01-01' + (g % 300), timestamp '2026-01-01 08:00' + g * interval '1 minute'
       FROM generate_series(1, ${ROWS}) g`,
      business.id,
      tag.id,
      customer.user.id,
    );
    // As autovacuum would after such a load: the planner reads the index in order.
    await db.$executeRawUnsafe(`ANALYZE "Tap"`);
    // The baseline is taken before the request: a handler that built the file
    // up front would hold it by the time the response is returned.
    // Heap and array buffers both: the encoded chunks live outside the V8 heap.
    const used = () => {
      gc();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const baseline = used();
    const res = await request(business.id, { kind: "visits" }, owner.bearer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let at = value.indexOf(0x0a); at !== -1; at = value.indexOf(0x0a, at + 1)) lines++;
      // Measured while the chunk just read is still held.
      if (chunks++ % 20 === 0) peak = Math.max(peak, used() - baseline);
    }
    expect(lines).toBe(ROWS + 1);
    // Each row carries a 200-character name: the file is tens of megabytes,
    // while what stays alive at any moment is a batch or two.
    expect(bytes).toBeGreaterThan(25 * 1024 * 1024);
    expect(peak).toBeLessThan(bytes / 4);
  }, 120_000);

  it("walks past a batch's end within one instant: 2,500 customers who joined at the same moment, each exactly once", async () => {
    const { owner, business } = await createBusiness({ timezone: "UTC" });
    const tag = uid();
    const MEMBERS = 2_500;
    // Random ids (not in the order they were written), one shared linkedAt: only the id tells the rows apart.
    await db.$executeRawUnsafe(
      `WITH users AS (
         INSERT INTO "User" ("id", "email", "firstName", "lastName", "updatedAt")
         SELECT gen_random_uuid()::text, 'tie-' || $2 || '-' || g || '@example.test', 'Tie', 'Member', now()
         FROM generate_series(1, ${MEMBERS}) g
         RETURNING "id"
       )
       INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
       SELECT gen_random_uuid()::text, "id", $1, timestamp '2026-03-01 10:00:00' FROM users`,
      business.id,
      tag,
    );
    const res = await request(business.id, { kind: "customers" }, owner.bearer);
    expect(res.status).toBe(200);
    // Read at most a little more than the file should hold: a keyset that
    // loops on the same batch must fail here, not hang.
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > 400 * MEMBERS) {
        await reader.cancel();
        break;
      }
    }
    const emails = parseCsv(text.replace(/^\uFEFF/, ""))
      .slice(1)
      .map((record) => record[1]!);
    const expected = Array.from({ length: MEMBERS }, (_, i) => `tie-${tag}-${i + 1}@example.test`);
    expect(emails).toHaveLength(MEMBERS);
    expect([...emails].sort()).toEqual([...expected].sort());
  }, 60_000);

  it("escapes hostile cells, starts with the BOM and writes the header in the owner's language", async () => {
    const { owner, business } = await createBusiness({ timezone: "America/New_York" });
    await db.user.update({ where: { id: owner.user.id }, data: { language: "es" } });
    const hostile = [
      ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
      ["+1+1", "'+1+1"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ['Vidal, "Núria"', 'Vidal, "Núria"'],
      ["line\nbreak", "line\nbreak"],
    ];
    for (const [index, [name]] of hostile.entries()) {
      const user = await db.user.create({
        data: { email: `h${index}-${uid()}@example.test`, firstName: name!, lastName: null },
      });
      await db.membership.create({
        data: { userId: user.id, businessId: business.id, linkedAt: new Date(Date.UTC(2026, 0, 10, 4, 0, index)) },
      });
    }
    const res = await request(business.id, { kind: "customers", from: "2026-01-09", to: "2026-01-10" }, owner.bearer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${business.slug}-customers-2026-01-09-2026-01-10.csv"`,
    );
    const raw = Buffer.from(await res.arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(raw.subarray(3).toString("utf8"));
    expect(records[0]).toEqual([
      "Nombre",
      "Correo",
      "Teléfono",
      "Invitado",
      "Cliente desde",
      "Primera visita",
      "Última visita",
      "Visitas",
      "Premios obtenidos",
      "Premios listos",
    ]);
    expect(records.slice(1).map((r) => r[0])).toEqual(hostile.map(([, cell]) => cell));
    // 04:00 UTC on Jan 10 is 23:00 the day before in New York: dates on the business's clock.
    expect(records[1]![4]).toBe("2026-01-09T23:00:00-05:00");
    // Outside the period: nothing.
    const none = await request(business.id, { kind: "customers", from: "2026-01-11", to: "2026-01-12" }, owner.bearer);
    expect(parseCsv((await none.text()).replace(/^\uFEFF/, ""))).toHaveLength(1);
  });

  it("records each export in the audit log with its kind and period", async () => {
    const { owner, business } = await createBusiness();
    const before = await exportCount(business.id);
    await (await request(business.id, { kind: "rewards", from: "2026-02-01", to: "2026-02-28" }, owner.bearer)).text();
    const entries = await db.auditLog.findMany({ where: { businessId: business.id, action: "EXPORT" } });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorId: owner.user.id,
      details: { kind: "rewards", from: "2026-02-01", to: "2026-02-28" },
    });
  });

  it("is 404 for another owner and for the business's own staff, 401 signed out; nothing is logged", async () => {
    const { business } = await createBusiness();
    const stranger = await createBusiness();
    const staff = await createUser();
    await db.businessStaff.create({ data: { businessId: business.id, userId: staff.user.id } });
    for (const bearer of [stranger.owner.bearer, staff.bearer]) {
      const res = await request(business.id, { kind: "customers" }, bearer);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-disposition")).toBeNull();
      // Bad parameters too: a stranger learns nothing about the business.
      expect((await request(business.id, { kind: "nope" }, bearer)).status).toBe(404);
    }
    expect((await request(business.id, { kind: "customers" })).status).toBe(401);
    expect((await request("bad id!", { kind: "customers" }, stranger.owner.bearer)).status).toBe(404);
    const forged = (await signAccessToken(staff.user.id)).token.slice(0, -2) + "xx";
    expect((await request(business.id, { kind: "customers" }, forged)).status).toBe(401);
    expect(await exportCount(business.id)).toBe(0);
  });

  it("answers bad parameters with 400 and a clear message, and logs nothing", async () => {
    const { owner, business } = await createBusiness();
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /customers, visits or rewards/],
      [{ kind: "all" }, /customers, visits or rewards/],
      [{ kind: "visits", from: "2026-01-01" }, /both/],
      [{ kind: "visits", from: "2026-13-01", to: "2026-12-01" }, /YYYY-MM-DD/],
      [{ kind: "visits", from: "2026-03-01", to: "2026-02-01" }, /before/],
      // Outside 2000-01-01 .. a year from today: refused before anything is streamed.
      [{ kind: "visits", from: "2026-01-01", to: "9999-12-31" }, /2000-01-01/],
      [{ kind: "visits", from: "0100-01-01", to: "2026-01-31" }, /2000-01-01/],
      [{ kind: "visits", from: "0099-01-01", to: "0099-12-31" }, /2000-01-01/],
      [{ kind: "visits", from: "1999-12-31", to: "2026-01-31" }, /2000-01-01/],
    ];
    for (const [query, message] of cases) {
      const res = await request(business.id, query, owner.bearer);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { status: string; message: string };
      expect(body.status).toBe("error");
      expect(body.message).toMatch(message);
    }
    expect(await exportCount(business.id)).toBe(0);
  });

  it("exports a period at the edges of the accepted range", async () => {
    const { owner, business } = await createBusiness();
    const lastDay = new Date();
    lastDay.setUTCFullYear(lastDay.getUTCFullYear() + 1);
    const res = await request(
      business.id,
      { kind: "visits", from: "2000-01-01", to: lastDay.toISOString().slice(0, 10) },
      owner.bearer,
    );
    expect(res.status).toBe(200);
    expect(parseCsv((await res.text()).replace(/^\uFEFF/, ""))).toHaveLength(1);
  });

  it("keeps a name with a semicolon one cell for a spreadsheet whose list separator is `;`", async () => {
    const { owner, business } = await createBusiness();
    const user = await db.user.create({
      data: { email: `semi-${uid()}@example.test`, firstName: "Eve;=2+3", lastName: null },
    });
    await db.membership.create({ data: { userId: user.id, businessId: business.id } });
    const text = (await (await request(business.id, { kind: "customers" }, owner.bearer)).text()).replace(
      /^\uFEFF/,
      "",
    );
    const record = text.split("\r\n")[1]!;
    // Excel in Spain, France or Germany splits on `;` outside quotes: no piece may start a formula.
    const pieces = record.match(/("(?:[^"]|"")*"|[^;]+)+/g)!;
    expect(pieces).toEqual([record]);
    expect(record.startsWith(`"Eve;'=2+3"`)).toBe(true);
    expect(parseCsv(text)[1]![0]).toBe("Eve;'=2+3");
  });
});
