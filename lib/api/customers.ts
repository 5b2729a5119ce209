import "server-only";
import { problemAnswer, type ApiAnswer } from "@/lib/api/problem";
import { ok, type ApiContext } from "@/lib/api/route";
import type { customerListQuery, customerLookupQuery } from "@/lib/api/schemas";
import {
  apiCustomerCards,
  customerAccountId,
  findApiCustomer,
  findApiCustomerByEmail,
  findApiCustomerByUser,
  listApiCustomers,
} from "@/lib/db/api-reads";
import { isPresent } from "@/lib/qr/presence";
import { QR_TOKEN_PARAM } from "@/lib/qr/timing";
import type { z } from "zod";

// The customers endpoints of /api/v1 (docs/api.md, "Customers").

const CUSTOMER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The cursor is the last id of the page, base64url: opaque to clients, so the order may change later.
// The locations' pages use the same (lib/api/locations.ts).
export const encodeCursor = (id: string) => Buffer.from(id, "utf8").toString("base64url");
export function decodeCursor(cursor: string | undefined): string | null | false {
  if (!cursor) return null;
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  return CUSTOMER_ID.test(id) ? id : false;
}

export async function listCustomers(
  context: ApiContext<unknown, z.output<typeof customerListQuery>, unknown>,
): Promise<ApiAnswer> {
  const after = decodeCursor(context.query.cursor);
  if (after === false)
    return problemAnswer(context.locale, "invalid-request", { errors: { cursor: "api.v1.badCursor" } });
  const page = await listApiCustomers(context.caller.businessId, after, context.query.limit);
  const last = page.customers.at(-1);
  return ok({ data: page.customers, nextCursor: page.hasMore && last ? encodeCursor(last.id) : null });
}

/**
 * The account a scanned QR names, when the QR is fresh (lib/qr/presence.ts):
 * `{site}/qr/{userId}?t={token}`, as the customer's overlay shows it. Any
 * host is accepted (the till may have scanned a QR of another deployment
 * address); the token decides.
 */
export function accountOfQr(payload: string, now: Date): string | null {
  let url: URL;
  try {
    url = new URL(payload, "https://qr.invalid");
  } catch {
    return null;
  }
  const userId = /\/qr\/([0-9a-fA-F-]{36})\/?$/.exec(url.pathname)?.[1];
  if (!userId) return null;
  return isPresent(userId, url.searchParams.get(QR_TOKEN_PARAM), now) ? userId : null;
}

/**
 * The account of the customer a write names, by id in this business or by
 * the QR the till scanned (which may name someone who is not a customer yet),
 * or the problem to answer: a stale or forged QR, or no such customer here.
 */
export async function customerOfRef(
  businessId: string,
  ref: { customerId?: string; qr?: string },
  now: Date,
): Promise<{ userId: string } | { problem: "qr-not-valid" | "not-found" }> {
  if (ref.qr) {
    const userId = accountOfQr(ref.qr, now);
    return userId ? { userId } : { problem: "qr-not-valid" };
  }
  const userId = await customerAccountId(businessId, ref.customerId!);
  return userId ? { userId } : { problem: "not-found" };
}

export async function lookupCustomer(
  context: ApiContext<unknown, z.output<typeof customerLookupQuery>, unknown>,
): Promise<ApiAnswer> {
  const { businessId } = context.caller;
  if (context.query.qr) {
    const userId = accountOfQr(context.query.qr, context.now);
    if (!userId) return problemAnswer(context.locale, "qr-not-valid");
    const found = await findApiCustomerByUser(businessId, userId);
    return found ? ok(found) : problemAnswer(context.locale, "not-found", { detail: "api.v1.notACustomerYet" });
  }
  const found = await findApiCustomerByEmail(businessId, context.query.email!);
  return found ? ok(found) : problemAnswer(context.locale, "not-found");
}

export async function getCustomer(context: ApiContext<{ id: string }, unknown, unknown>): Promise<ApiAnswer> {
  const found = await findApiCustomer(context.caller.businessId, context.params.id);
  if (!found) return problemAnswer(context.locale, "not-found");
  return ok({ ...found, cards: await apiCustomerCards(context.caller.businessId, found.id) });
}
