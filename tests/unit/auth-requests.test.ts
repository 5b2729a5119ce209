import { NextRequest } from "next/server";
import { authLogger, screenAuthRequest } from "@/lib/auth/auth-requests";

// What reaches Auth.js (lib/auth/auth-requests.ts): requests it could only fail
// on are answered first with its own 400, and a request's mistake inside it is
// one warning line, never an error with a stack.

const request = (path: string, init: { method?: string; type?: string; body?: string } = {}) =>
  new NextRequest(`http://localhost:3000${path}`, {
    method: init.method ?? "GET",
    headers: init.type ? { "content-type": init.type } : {},
    body: init.body,
  });

async function answerOf(screened: Awaited<ReturnType<typeof screenAuthRequest>>) {
  if (!("answer" in screened)) return null;
  return { status: screened.answer.status, body: await screened.answer.json() };
}

describe("requests Auth.js could only fail on", () => {
  test.each([
    ["POST", "/api/auth/callback/credentials"],
    ["GET", "/api/auth/callback/credentials"],
    ["GET", "/api/auth/signin/google"],
    ["GET", "/api/auth/callback/google"],
    ["POST", "/api/auth/signin/github"],
  ])("%s %s (a provider we do not offer) is Auth.js's 400", async (method, path) => {
    const form = "csrfToken=x&email=a%40example.test&password=secret";
    const screened = await screenAuthRequest(
      request(path, {
        method,
        ...(method === "POST" ? { type: "application/x-www-form-urlencoded", body: form } : {}),
      }),
      [],
    );
    expect(await answerOf(screened)).toEqual({ status: 400, body: "Bad request." });
  });

  test("a POST whose JSON does not parse is Auth.js's 400", async () => {
    for (const body of ["{not json", "", "hello=world"])
      expect(
        await answerOf(
          await screenAuthRequest(request("/api/auth/session", { method: "POST", type: "application/json", body }), []),
        ),
      ).toEqual({ status: 400, body: "Bad request." });
  });

  test("everything else goes on to Auth.js, its body intact", async () => {
    const google = await screenAuthRequest(request("/api/auth/signin/google"), ["google"]);
    expect("request" in google).toBe(true);
    for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/api/auth/nope"])
      expect("request" in (await screenAuthRequest(request(path), []))).toBe(true);
    const posted = await screenAuthRequest(
      request("/api/auth/session", { method: "POST", type: "application/json", body: '{"csrfToken":"x"}' }),
      [],
    );
    if (!("request" in posted)) throw new Error("refused");
    expect(await posted.request.json()).toEqual({ csrfToken: "x" });
  });
});

describe("Auth.js's logger", () => {
  afterEach(() => jest.restoreAllMocks());

  test("a request's mistake is one warning line, without a stack", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const missing = Object.assign(new Error("CSRF token was missing during an action signout."), {
      type: "MissingCSRF",
    });
    authLogger.error(missing);
    expect(warn.mock.calls).toEqual([["[auth] MissingCSRF: CSRF token was missing during an action signout."]]);
    expect(error).not.toHaveBeenCalled();
  });

  test("anything else is logged whole, stack included", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = Object.assign(new Error("the database is down"), { type: "AdapterError" });
    authLogger.error(failure);
    expect(error.mock.calls).toEqual([["[auth]", failure]]);
  });
});
