import {
  guardRequest,
  hasMalformedPercentEscape,
  requestPath,
  SERVER_ACTION_BODY_LIMIT,
} from "@/server/request-guards.mjs";

// The guards the HTTP server runs before Next.js: each answers a request that
// Next.js itself would have turned into a 500.

type Headers = Record<string, string | string[] | undefined>;
const request = (method: string, url: string, headers: Headers = {}) => ({
  method,
  url,
  headers: { host: "loyaltap.example", ...headers },
});
const NO_ENV = {};

const action = (headers: Headers = {}) =>
  request("POST", "/dashboard/settings", {
    "next-action": "4073e2055853decfd97ffe3b408f4ad374f6b27b3f",
    origin: "https://loyaltap.example",
    "content-type": "text/plain;charset=UTF-8",
    "content-length": "42",
    cookie: "authjs.session-token=x",
    ...headers,
  });

describe("malformed percent-escapes in the path", () => {
  it.each([
    "/b/%zz",
    "/b/%zz/opengraph-image",
    "/qr/%zz",
    "/tap/visitor/%zz",
    "/dashboard/business/%zz",
    "/dashboard/program/%zz",
    "/dashboard/redeem-reward/%zz",
    "/dashboard/tag/%zz/qr",
    "/admin/users/%zz",
    "/b/%",
    "/b/abc%",
    "/b/%4",
    "/b/%C3%28",
    "/b/%FF",
    "/b/%E0%A4%A",
    "http://loyaltap.example/b/%zz",
  ])("%s → 400", (url) => {
    const result = guardRequest(request("GET", url), NO_ENV);
    expect(result).toMatchObject({ status: 400 });
    expect(result?.body).toMatch(/malformed percent-escape/);
    expect(result?.headers?.["Content-Type"]).toMatch(/^text\/plain/);
  });

  it.each(["/b/%00", "/b/%00/opengraph-image", "/tap/visitor/a%00b", "/qr/\u0000"])("%s → 400 (a NUL byte)", (url) => {
    const result = guardRequest(request("GET", url), NO_ENV);
    expect(result).toMatchObject({ status: 400 });
    expect(result?.body).toMatch(/NUL/);
  });

  it.each([
    "/",
    "/b/cafe-central",
    "/b/caf%C3%A9",
    "/b/%2500",
    "/admin/users?q=%00",
    "/tap?id=%zz",
    "/admin/users?q=%zz",
    "/dashboard/tag/claim/a%2Fb",
    "/b/x#%zz",
  ])("%s is let through", (url) => {
    expect(guardRequest(request("GET", url), NO_ENV)).toBeNull();
  });

  it("reads the path of a request target", () => {
    expect(requestPath("/a/b?c=%zz")).toBe("/a/b");
    expect(requestPath("http://h:1/a%zz?x")).toBe("/a%zz");
    expect(requestPath("http://h")).toBe("/");
    expect(hasMalformedPercentEscape("/a%20b")).toBe(false);
    expect(hasMalformedPercentEscape("/a%2")).toBe(true);
  });
});

describe("server-action posts", () => {
  it("lets a well-formed same-origin call through", () => {
    expect(guardRequest(action(), NO_ENV)).toBeNull();
    expect(guardRequest(action({ "content-type": "multipart/form-data; boundary=----x" }), NO_ENV)).toBeNull();
    expect(guardRequest(action({ "content-type": "application/x-www-form-urlencoded" }), NO_ENV)).toBeNull();
    expect(guardRequest(action({ "content-length": String(SERVER_ACTION_BODY_LIMIT) }), NO_ENV)).toBeNull();
  });

  it("413 for a body over 1 MB", () => {
    const result = guardRequest(action({ "content-length": String(SERVER_ACTION_BODY_LIMIT + 1) }), NO_ENV);
    expect(result).toMatchObject({ status: 413 });
    expect(result?.body).toMatch(/too large/);
  });

  it("400 for a nonsense length; a chunked body is left to the app's proxy, which counts what arrives", () => {
    expect(guardRequest(action({ "content-length": undefined, "transfer-encoding": "chunked" }), NO_ENV)).toBeNull();
    expect(guardRequest(action({ "content-length": "12abc" }), NO_ENV)).toMatchObject({ status: 400 });
    expect(guardRequest(action({ "content-length": "-1" }), NO_ENV)).toMatchObject({ status: 400 });
  });

  it.each(["application/json", "application/xml", "text/html", "", "image/png"])("415 for Content-Type %p", (type) => {
    expect(guardRequest(action({ "content-type": type }), NO_ENV)).toMatchObject({ status: 415 });
  });

  it("400 for multipart without a boundary", () => {
    expect(guardRequest(action({ "content-type": "multipart/form-data" }), NO_ENV)).toMatchObject({ status: 400 });
  });

  it.each([
    "https://evil.example",
    "null",
    "not a url",
    "https://loyaltap.example.evil.example",
    "http://loyaltap.example:8080",
  ])("403 for Origin %p", (origin) => {
    expect(guardRequest(action({ origin }), NO_ENV)).toMatchObject({ status: 403 });
  });

  it("403 for a cookie-carrying call without Origin; a call with neither is left to Next.js", () => {
    expect(guardRequest(action({ origin: undefined }), NO_ENV)).toMatchObject({ status: 403 });
    expect(guardRequest(action({ origin: undefined, cookie: undefined }), NO_ENV)).toBeNull();
  });

  it("accepts the forwarded host and the configured SITE_URL / AUTH_URL origin", () => {
    const proxied = action({
      host: "127.0.0.1:3000",
      "x-forwarded-host": "loyaltap.example",
      origin: "https://loyaltap.example",
    });
    expect(guardRequest(proxied, NO_ENV)).toBeNull();
    const configured = action({ host: "10.0.0.5:3000", origin: "https://app.loyaltap.example" });
    expect(guardRequest(configured, NO_ENV)).toMatchObject({ status: 403 });
    expect(guardRequest(configured, { SITE_URL: "https://app.loyaltap.example" })).toBeNull();
    expect(guardRequest(configured, { AUTH_URL: "https://app.loyaltap.example/" })).toBeNull();
  });

  it("leaves ordinary posts and GETs with a Next-Action header alone", () => {
    expect(guardRequest(request("POST", "/api/tap", { "content-type": "text/plain" }), NO_ENV)).toBeNull();
    expect(guardRequest(request("GET", "/dashboard", { "next-action": "x" }), NO_ENV)).toBeNull();
  });
});
