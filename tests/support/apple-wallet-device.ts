import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as listRegistrations } from "@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route";
import {
  DELETE as unregisterRoute,
  POST as registerRoute,
} from "@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/[serialNumber]/route";
import { POST as logRoute } from "@/app/api/wallet/apple/v1/log/route";
import { GET as passRoute } from "@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route";
import { GET as downloadApplePass } from "@/app/api/wallet/apple/pass/route";
import { TEST_PASS_TYPE_ID } from "./apple-wallet-certs";

// Apple Wallet's side of the PassKit web service, for the tests: a customer
// downloads their pass (the wallet's "Add to Apple Wallet"), and a device
// holding it registers, asks what changed, fetches it and unregisters, calling
// the route handlers the way Next.js does (a Request and the route's params).

export type ServiceAnswer = { status: number; headers: Headers; body: Buffer; json: Record<string, unknown> };

type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export async function callService<P>(
  handler: Handler<P>,
  method: string,
  path: string,
  params: P,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ServiceAnswer> {
  const headers = new Headers(options.headers);
  if (options.token !== undefined) headers.set("authorization", `ApplePass ${options.token}`);
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  headers.set("x-loyaltap-client-ip", headers.get("x-loyaltap-client-ip") ?? `10.9.${rand()}.${rand()}`);
  const response = await handler(new Request(new URL(path, "http://localhost"), { method, headers, body }), {
    params: Promise.resolve(params),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: Record<string, unknown> = {};
  try {
    json = bytes.length ? (JSON.parse(bytes.toString("utf8")) as Record<string, unknown>) : {};
  } catch {
    // not JSON (a .pkpass)
  }
  return { status: response.status, headers: response.headers, body: bytes, json };
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/** The pass.json inside a .pkpass, unzipped as Wallet would. */
export function passJsonOf(pkpass: Buffer): Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), "loyaltap-pkpass-"));
  writeFileSync(path.join(dir, "pass.pkpass"), pkpass);
  execFileSync("unzip", ["-q", "pass.pkpass", "pass.json", "-d", "content"], { cwd: dir });
  return JSON.parse(readFileSync(path.join(dir, "content", "pass.json"), "utf8")) as Record<string, unknown>;
}

export type HeldPass = {
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string;
  passTypeIdentifier: string;
};

/** The customer adds their membership's card to Apple Wallet: the pass Wallet keeps (what its pass.json says). */
export async function downloadPass(membershipId: string, bearer: string): Promise<HeldPass> {
  const url = new URL("http://localhost/api/wallet/apple/pass");
  url.searchParams.set("membership", membershipId);
  const response = await downloadApplePass(new Request(url, { headers: { authorization: `Bearer ${bearer}` } }));
  if (response.status !== 200) throw new Error(`download: ${response.status}`);
  const json = passJsonOf(Buffer.from(await response.arrayBuffer()));
  return {
    serialNumber: String(json.serialNumber),
    authenticationToken: String(json.authenticationToken),
    webServiceURL: String(json.webServiceURL),
    passTypeIdentifier: String(json.passTypeIdentifier),
  };
}

/** A device with Wallet: its library identifier and APNs push token are its own. */
export function appleDevice() {
  const id = randomBytes(16).toString("hex");
  const pushToken = randomBytes(32).toString("hex");
  const registration = (pass: HeldPass, type = TEST_PASS_TYPE_ID) => ({
    path: `/api/wallet/apple/v1/devices/${id}/registrations/${type}/${pass.serialNumber}`,
    params: { deviceLibraryIdentifier: id, passTypeIdentifier: type, serialNumber: pass.serialNumber },
  });
  return {
    id,
    pushToken,
    register(pass: HeldPass, options: { token?: string; pushToken?: string; type?: string } = {}) {
      const { path, params } = registration(pass, options.type);
      return callService(registerRoute, "POST", path, params, {
        token: options.token ?? pass.authenticationToken,
        body: { pushToken: options.pushToken ?? pushToken },
      });
    },
    unregister(pass: HeldPass, options: { token?: string } = {}) {
      const { path, params } = registration(pass);
      return callService(unregisterRoute, "DELETE", path, params, { token: options.token ?? pass.authenticationToken });
    },
    /** "What changed?": the serial numbers updated since `tag` (all without one). */
    changes(tag?: string, type = TEST_PASS_TYPE_ID) {
      const query = tag === undefined ? "" : `?passesUpdatedSince=${encodeURIComponent(tag)}`;
      return callService(listRegistrations, "GET", `/api/wallet/apple/v1/devices/${id}/registrations/${type}${query}`, {
        deviceLibraryIdentifier: id,
        passTypeIdentifier: type,
      });
    },
  };
}

/** Wallet fetches the latest version of a pass. */
export function fetchPass(pass: HeldPass, options: { token?: string; ifModifiedSince?: string; type?: string } = {}) {
  const type = options.type ?? TEST_PASS_TYPE_ID;
  return callService(
    passRoute,
    "GET",
    `/api/wallet/apple/v1/passes/${type}/${pass.serialNumber}`,
    { passTypeIdentifier: type, serialNumber: pass.serialNumber },
    {
      token: options.token ?? pass.authenticationToken,
      headers: options.ifModifiedSince ? { "if-modified-since": options.ifModifiedSince } : {},
    },
  );
}

/** Wallet reports errors about our passes. */
export function postLog(logs: unknown, headers: Record<string, string> = {}) {
  return callService(
    logRoute as Handler<Record<string, never>>,
    "POST",
    "/api/wallet/apple/v1/log",
    {},
    {
      body: { logs },
      headers,
    },
  );
}
