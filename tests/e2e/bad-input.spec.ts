import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, expectPath, logIn, signUpCustomer } from "./support";

// Bad input to the production build gets a 4xx or the not-found page, never a
// 500, and changes nothing.

const distDir = process.env.NEXT_DIST_DIR || ".next";

/** The id Next.js gave a server action in this build. */
function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const entry = Object.entries(manifest.node).find(([, value]) => value.exportedName === name);
  if (!entry) throw new Error(`no server action ${name} in this build`);
  return entry[0];
}

const origin = () => new URL(test.info().project.use.baseURL!).origin;

async function firstName(page: Page): Promise<string> {
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { first_name: string } };
  return me.user.first_name;
}

function postAction(page: Page, id: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return page.request.post("/dashboard/settings", {
    headers: { "Next-Action": id, "Content-Type": "text/plain;charset=UTF-8", Origin: origin(), ...headers },
    data: body,
    maxRedirects: 0,
  });
}

test.describe("NUL bytes and broken escapes in addresses", () => {
  // The production server's request guard answers before Next.js does: a NUL is
  // never part of one of our addresses (and Next's file cache fails on it).
  test("the public card and its share image answer a NUL slug with a 400 that says why", async ({ page }) => {
    const card = await page.goto("/b/%00");
    expect(card?.status()).toBe(400);
    await expect(page.getByText("the address contains a NUL byte")).toBeVisible();
    const image = await page.request.get("/b/%00/opengraph-image");
    expect(image.status()).toBe(400);
  });

  test("a tag id that is a broken escape once decoded is an invalid tag, not a 500", async ({ page }) => {
    const response = await page.goto("/tap/visitor/%25zz");
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByText("Invalid tag ID", { exact: false })).toBeVisible();
  });

  test("an admin's user search with a NUL is answered (as a search for everyone)", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, DEMO_ADMIN_EMAIL);
    await expectPath(page, "/dashboard");
    const response = await page.goto("/admin/users?q=%00");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  });
});

test.describe("server-action posts", () => {
  test("a NUL in the profile form is refused with a message and nothing is saved", async ({ page }) => {
    await signUpCustomer(page, "nul-profile");
    const response = await postAction(
      page,
      actionId("updateProfileAction"),
      JSON.stringify([{ firstName: "Pau\u0000", lastName: "Test", birthday: "" }]),
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("control characters");
    expect(await firstName(page)).toBe("Pau");
  });

  test("Next.js's own Origin check holds, and answers 403 instead of 500: a cross-origin call changes nothing", async ({
    page,
  }) => {
    await signUpCustomer(page, "xorigin-action");
    const id = actionId("updateProfileAction");
    const body = JSON.stringify([{ firstName: "Hacked", lastName: "Test", birthday: "" }]);
    for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
      const refused = await postAction(page, id, body, headers);
      expect(refused.status()).toBe(403);
    }
    expect(await firstName(page)).toBe("Pau");
    // The same call from our own origin goes through: the test above is about the origin.
    const accepted = await postAction(page, id, body);
    expect(accepted.status()).toBe(200);
    expect(await firstName(page)).toBe("Hacked");
  });

  test("malformed, mistyped and oversized bodies get a 4xx", async ({ page }) => {
    await signUpCustomer(page, "bad-action");
    const id = actionId("updateProfileAction");
    const cases: [string, string | Buffer, Record<string, string>, number][] = [
      ["truncated JSON", '[{"firstName":', {}, 400],
      ["not an argument list", '"x"', {}, 400],
      ["not JSON", "{{{", {}, 400],
      ["a JSON content type", "[]", { "Content-Type": "application/json" }, 415],
      ["broken multipart", "garbage", { "Content-Type": "multipart/form-data; boundary=xx" }, 400],
      ["over 1 MB", Buffer.alloc(1024 * 1024 + 10, "a"), {}, 413],
    ];
    for (const [label, body, headers, status] of cases) {
      const response = await postAction(page, id, body, headers);
      expect(response.status(), label).toBe(status);
    }
    expect(await firstName(page)).toBe("Pau");
  });
});

test.describe("POST /tap/start (Start my card)", () => {
  test("a NUL, a malformed tag id, a repeated field or a JSON body gets a 400 page that says why, and no session", async ({
    request,
  }) => {
    const form = "application/x-www-form-urlencoded";
    const cases: { body: string; type: string }[] = [
      { body: "id=demo-cafe%00&lang=es", type: form },
      { body: "id=no%20spaces&lang=es", type: form },
      { body: "id=demo-cafe&id=other&lang=es", type: form },
      { body: "id=demo-cafe&lang=fr", type: form },
      { body: `id=demo-cafe&cmac=${"0".repeat(500)}`, type: form },
      { body: JSON.stringify({ id: "demo-cafe" }), type: "application/json" },
      { body: "x".repeat(10_000), type: form },
    ];
    for (const { body, type } of cases) {
      const response = await request.post("/tap/start", {
        headers: { "Content-Type": type, Origin: origin(), "Accept-Language": "es" },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), body.slice(0, 40)).toBe(400);
      expect(await response.text()).toContain("Esta solicitud no es válida");
      expect(response.headers()["set-cookie"] ?? "").not.toContain("authjs.session-token");
    }
  });
});
