import "server-only";
import type { z } from "zod";
import { customerOfRef } from "@/lib/api/customers";
import { refusedLocation } from "@/lib/api/locations";
import { problemAnswer, type ApiAnswer } from "@/lib/api/problem";
import { ok, type ApiContext } from "@/lib/api/route";
import type { visitBody } from "@/lib/api/schemas";
import type { ApiKeyActor } from "@/lib/db/api-keys";
import { findApiCustomerByUser } from "@/lib/db/api-reads";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { recordVisit } from "@/lib/tap/record-visit";
import { closedMessage } from "@/lib/business/closed-messages";

// POST /api/v1/visits (docs/api.md, "Visits"): the visit the counter records
// from a customer's QR (lib/qr/counter-visit.ts), through the same engine
// (lib/tap/record-visit.ts): the same daily limit, programs and rewards, one
// transaction, audited with the API key as the actor.

export function apiKeyActor(caller: ApiContext<unknown, unknown, unknown>["caller"]): ApiKeyActor {
  return { apiKeyId: caller.id, name: caller.name, prefix: caller.prefix, businessId: caller.businessId };
}

export async function recordApiVisit(
  context: ApiContext<unknown, unknown, z.output<typeof visitBody>>,
): Promise<ApiAnswer> {
  const { caller, body, now, locale } = context;
  const named = await customerOfRef(caller.businessId, body, now);
  if ("problem" in named) return problemAnswer(locale, named.problem);
  const { userId } = named;
  const outcome = await recordVisit({
    userId,
    businessId: caller.businessId,
    // At an open location of the key's business, or refused by the visit's own statement.
    locationId: body.location ?? null,
    tagId: null,
    source: "QR",
    now,
    apiKey: apiKeyActor(caller),
  });
  if (!outcome.ok) {
    if (outcome.reason === "limit_reached") return problemAnswer(locale, "daily-limit-reached");
    if (outcome.reason === "business_closed")
      return problemAnswer(locale, "business-closed", {
        detail: closedMessage("counter", outcome.businessName, { until: outcome.until }),
      });
    return (await refusedLocation(caller.businessId, body.location, locale)) ?? problemAnswer(locale, "not-found");
  }
  const customer = await findApiCustomerByUser(caller.businessId, userId);
  const t = await getKeyTranslator(locale);
  return ok(
    {
      visitId: outcome.tapId,
      customer,
      visitNumber: outcome.visitNumber,
      newCustomer: outcome.newlyLinked,
      programs: outcome.programs.map((p) => ({
        programId: p.programId,
        programName: p.programName,
        rewardsIssued: p.rewardsIssued,
        line: translateMessage(t, p.summary.line),
      })),
      rewards: outcome.rewards.map((r) => ({ id: r.id, code: r.code, name: r.name, expiresAt: r.expiresAt })),
      locationId: body.location ?? null,
      recordedAt: now,
    },
    201,
  );
}
