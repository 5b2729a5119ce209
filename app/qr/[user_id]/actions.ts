"use server";

import { headers } from "next/headers";
import { getCurrentUser } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import {
  addReferrer,
  linkCustomerViaQr,
  qrBusinessActionSchema,
  qrReferrerSchema,
  recordVisitViaQr,
  type QrActionResult,
  type QrVisitSummary,
} from "@/lib/db/qr";

const invalid = { ok: false as const, error: "Invalid request." };
const signedOut = { ok: false as const, error: "Please log in again." };

export async function linkCustomerAction(input: unknown): Promise<QrActionResult<{ businessName: string; created: boolean }>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = qrBusinessActionSchema.safeParse(input);
  if (!parsed.success) return invalid;
  const result = await linkCustomerViaQr(user.id, parsed.data.businessId, parsed.data.customerId);
  return result;
}

export async function recordQrVisitAction(input: unknown): Promise<QrActionResult<{ visit: QrVisitSummary }>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = qrBusinessActionSchema.safeParse(input);
  if (!parsed.success) return invalid;
  const now = requestNow(await headers());
  const result = await recordVisitViaQr(user.id, parsed.data.businessId, parsed.data.customerId, now);
  return result;
}

export async function addReferrerAction(input: unknown): Promise<QrActionResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = qrReferrerSchema.safeParse(input);
  if (!parsed.success) return invalid;
  const result = await addReferrer(user.id, parsed.data.referrerId, requestNow(await headers()));
  return result;
}
