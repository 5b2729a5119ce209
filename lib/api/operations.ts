import type { z } from "zod";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import type { ProblemCode } from "@/lib/api/problems";
import * as s from "@/lib/api/schemas";

// Every operation of /api/v1, once: its route handler is built from this
// entry (lib/api/route.ts parses with its schemas and checks its scope) and
// the OpenAPI document describes it from the same entry (lib/api/openapi.ts).
// A test fails for a route under app/api/v1 that is not listed here. Pure.

export type Operation = {
  method: "get" | "post";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Customers" | "Visits" | "Purchases" | "Rewards" | "Programs" | "Locations";
  scope: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** The problems this operation can answer with besides those of every operation. */
  problems: ProblemCode[];
};

export const operations = {
  listCustomers: {
    method: "get",
    path: "/customers",
    operationId: "listCustomers",
    summary: "List customers",
    description: "Every customer of the business, in a stable order, a page at a time (keyset paging with `cursor`).",
    tag: "Customers",
    scope: "read",
    query: s.customerListQuery,
    status: 200,
    response: s.customerPage,
    problems: ["invalid-request"],
  },
  lookupCustomer: {
    method: "get",
    path: "/customers/lookup",
    operationId: "lookupCustomer",
    summary: "Find a customer by their QR or email",
    description:
      "Exactly one of `qr` (what the customer's QR code reads, valid for a few minutes while it is shown) or `email`.",
    tag: "Customers",
    scope: "read",
    query: s.customerLookupQuery,
    status: 200,
    response: s.customer,
    problems: ["invalid-request", "not-found", "qr-not-valid"],
  },
  getCustomer: {
    method: "get",
    path: "/customers/{id}",
    operationId: "getCustomer",
    summary: "A customer with their cards",
    description: "The customer and where they stand in each running program.",
    tag: "Customers",
    scope: "read",
    params: s.idParams,
    status: 200,
    response: s.customerWithCards,
    problems: ["not-found"],
  },
  recordVisit: {
    method: "post",
    path: "/visits",
    operationId: "recordVisit",
    summary: "Record a visit",
    description:
      "Records a visit as staff do at the counter: every running program that runs at the visit's location counts it, rewards are issued, and the business's daily limit per customer applies (whatever the location). With `location`, the visit is at that open location of the business.",
    tag: "Visits",
    scope: "visits",
    body: s.visitBody,
    status: 201,
    response: s.visit,
    problems: [
      "invalid-request",
      "not-found",
      "qr-not-valid",
      "location-not-valid",
      "daily-limit-reached",
      "business-closed",
    ],
  },
  recordPurchase: {
    method: "post",
    path: "/purchases",
    operationId: "recordPurchase",
    summary: "Record a purchase",
    description:
      "Records what a customer spent: every running points program that gives points per euro (and runs at the purchase's location) adds floor(amount × rate) points when the amount reaches its minimum, and the rewards those points complete are issued. A purchase is not a visit (no daily limit). With `receipt`, one receipt earns once. With `location`, the purchase is at that open location of the business.",
    tag: "Purchases",
    scope: "visits",
    body: s.purchaseBody,
    status: 201,
    response: s.purchaseRecorded,
    problems: [
      "invalid-request",
      "not-found",
      "qr-not-valid",
      "location-not-valid",
      "receipt-taken",
      "too-many-rewards",
      "business-closed",
    ],
  },
  refundPurchase: {
    method: "post",
    path: "/purchases/{id}/refund",
    operationId: "refundPurchase",
    summary: "Refund a purchase",
    description:
      "Refunds a purchase, whole or in part, and takes back the points it earned for the part refunded. What the card's balance lacks becomes a debt its next points pay first; a reward already issued is never taken back. The Idempotency-Key is the refund's key: the same refund sent again changes nothing.",
    tag: "Purchases",
    scope: "visits",
    params: s.idParams,
    body: s.refundBody,
    status: 201,
    response: s.refundRecorded,
    problems: ["invalid-request", "not-found", "nothing-to-refund", "refund-too-large"],
  },
  listRewards: {
    method: "get",
    path: "/rewards",
    operationId: "listRewards",
    summary: "List rewards",
    description: "The business's rewards, newest first.",
    tag: "Rewards",
    scope: "read",
    query: s.rewardListQuery,
    status: 200,
    response: s.rewardList,
    problems: ["invalid-request"],
  },
  redeemReward: {
    method: "post",
    path: "/rewards/{id}/redeem",
    operationId: "redeemReward",
    summary: "Redeem a reward",
    description:
      "Marks an available reward as redeemed, once: a second redemption is a 409. With `location`, it is redeemed at that open location of the business.",
    tag: "Rewards",
    scope: "redeem",
    params: s.idParams,
    body: s.redeemBody,
    status: 200,
    response: s.reward,
    problems: [
      "invalid-request",
      "not-found",
      "location-not-valid",
      "already-redeemed",
      "reward-expired",
      "business-closed",
    ],
  },
  undoRedemption: {
    method: "post",
    path: "/rewards/{id}/undo",
    operationId: "undoRedemption",
    summary: "Undo a redemption",
    description: "Makes a redeemed reward available again, within 10 minutes of its redemption.",
    tag: "Rewards",
    scope: "redeem",
    params: s.idParams,
    body: s.emptyBody,
    status: 200,
    response: s.reward,
    problems: ["invalid-request", "not-found", "undo-not-possible"],
  },
  listPrograms: {
    method: "get",
    path: "/programs",
    operationId: "listPrograms",
    summary: "List programs",
    description: "The business's programs that have not ended, running or paused.",
    tag: "Programs",
    scope: "read",
    status: 200,
    response: s.programList,
    problems: [],
  },
  listLocations: {
    method: "get",
    path: "/locations",
    operationId: "listLocations",
    summary: "List locations",
    description:
      "The business's locations, open and closed, in the order they were added, a page at a time (keyset paging with `cursor`). A write's `location` names one of the open ones.",
    tag: "Locations",
    scope: "read",
    query: s.locationListQuery,
    status: 200,
    response: s.locationPage,
    problems: ["invalid-request"],
  },
} as const satisfies Record<string, Operation>;
