import { z } from "zod";
import { API_KEY_SCOPES } from "@/lib/api-keys/scopes";
import { MAX_PURCHASE_CENTS, MAX_RECEIPT_LENGTH } from "@/lib/loyalty/spend";

// The shapes of /api/v1 (docs/api.md): what each route parses (path, query,
// body) and what it answers. The route handlers parse with these, and the
// OpenAPI document (lib/api/openapi.ts) is generated from them, so the
// document cannot drift from what the API accepts. Pure.

const id = z.uuid();
const time = z.iso.datetime();

export const idParams = z.object({ id: id.describe("The resource's id") });

export const customerListQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe("`nextCursor` of the previous page; absent for the first page"),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("Customers per page (1–100)"),
});

export const customerLookupQuery = z
  .object({
    qr: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe("What the customer's QR code reads (its URL), scanned at the till"),
    email: z.email().max(254).optional().describe("The email address of the customer's account"),
  })
  .refine((q) => Boolean(q.qr) !== Boolean(q.email), { message: "api.v1.lookupOneOf", path: ["qr"] });

export const locationListQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe("`nextCursor` of the previous page; absent for the first page"),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("Locations per page (1–100)"),
});

export const rewardListQuery = z.object({
  customerId: id.optional().describe("Only this customer's rewards"),
  status: z.enum(["AVAILABLE", "REDEEMED", "EXPIRED"]).optional().describe("Only rewards in this status"),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("At most this many, newest first"),
});

// A write names its customer by id or by the QR the till scanned, exactly one of the two.
const customerRef = {
  customerId: id.optional().describe("The customer's id (from a lookup or the customer list)"),
  qr: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe("Instead of customerId: the customer's QR as scanned; links a customer who is not one yet"),
};
const oneCustomer = (body: { customerId?: string; qr?: string }) => Boolean(body.customerId) !== Boolean(body.qr);

// Where a write happens (docs/locations.md, "The API"): one of the business's open locations.
const atLocation = {
  location: id
    .optional()
    .describe(
      "The id of the location where it happens (GET /locations): an open location of the business. Absent: at no location",
    ),
};

export const visitBody = z
  .object({ ...customerRef, ...atLocation })
  .strict()
  .refine(oneCustomer, { message: "api.v1.visitOneOf", path: ["customerId"] });

export const emptyBody = z.object({}).strict();

export const redeemBody = z.object(atLocation).strict();

const amountCents = z
  .number()
  .int()
  .min(1)
  .max(MAX_PURCHASE_CENTS)
  .describe("The amount in minor units of the business's currency (cents of a euro): 1250 is €12.50");

export const purchaseBody = z
  .object({
    ...customerRef,
    ...atLocation,
    amountCents,
    receipt: z
      .string()
      .trim()
      .min(1)
      .max(MAX_RECEIPT_LENGTH)
      .regex(/^[^\u0000-\u001f\u007f]*$/)
      .optional()
      .describe(
        "The till's receipt number: one receipt earns once (the same receipt again answers with the first purchase)",
      ),
  })
  .strict()
  .refine(oneCustomer, { message: "api.v1.visitOneOf", path: ["customerId"] });

export const refundBody = z
  .object({
    amountCents: amountCents
      .optional()
      .describe("How much of the purchase to refund, in minor units; absent: all that is not refunded yet"),
  })
  .strict();

export const customer = z.object({
  id: id.describe("The customer's id in this business (stable; not their account's id)"),
  cardNumber: z.string().describe("The number printed on the customer's card"),
  name: z.string().nullable().describe("First name and initial, as the owner sees it; null for a guest card"),
  email: z.string().nullable(),
  joinedAt: time,
  visitCount: z.number().int().nonnegative(),
  lastVisitAt: time.nullable(),
});

export const customerPage = z.object({
  data: z.array(customer),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
});

export const card = z.object({
  programId: id,
  programName: z.string(),
  type: z.string().describe("stamps, points, visits, tier, …"),
  rewardName: z.string(),
  count: z.number().int().describe("Stamps, points or visits collected towards the next reward"),
  total: z.number().int().describe("Collected in all"),
  tier: z.string().nullable(),
});

export const customerWithCards = customer.extend({ cards: z.array(card) });

export const program = z.object({
  id,
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  active: z.boolean().describe("false while the owner has paused it"),
  rules: z.record(z.string(), z.unknown()).describe("The program type's rules"),
  rewardName: z.string(),
  rewardDescription: z.string().nullable(),
  rewardExpiryDays: z.number().int().nullable(),
  startDate: time.nullable(),
  endDate: time.nullable(),
});

export const programList = z.object({ data: z.array(program) });

const clock = z.string().regex(/^\d{2}:\d{2}$/);

export const location = z.object({
  id,
  name: z.string(),
  address: z.string().nullable(),
  timeZone: z.string().describe("The IANA time zone its opening hours are in"),
  openingHours: z
    .array(
      z.object({
        day: z.number().int().min(1).max(7).describe("ISO day of the week: 1 is Monday, 7 Sunday"),
        opens: clock.describe("HH:MM"),
        closes: clock.describe("HH:MM"),
      }),
    )
    .describe("The week's opening hours as the owner publishes them; empty when not published"),
  position: z.number().int().describe("The owner's order of the locations"),
  open: z.boolean().describe("false once the owner has closed it: it takes no visit, purchase or redemption"),
  closedAt: time.nullable(),
});

export const locationPage = z.object({
  data: z.array(location),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
});

export const reward = z.object({
  id,
  code: z.string().describe("The short code the customer shows"),
  customerId: id.nullable(),
  programId: id.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["AVAILABLE", "REDEEMED", "EXPIRED"]),
  issuedAt: time,
  expiresAt: time.nullable(),
  redeemedAt: time.nullable(),
  redeemedLocationId: id
    .nullable()
    .describe("The location it was redeemed at; null when none was named, or not redeemed"),
});

export const rewardList = z.object({ data: z.array(reward) });

export const visit = z.object({
  visitId: id,
  customer,
  visitNumber: z.number().int().describe("The customer's visits here, this one included"),
  newCustomer: z.boolean().describe("true when this visit made them a customer"),
  programs: z.array(
    z.object({
      programId: id,
      programName: z.string(),
      rewardsIssued: z.number().int(),
      line: z.string().describe("Where the customer stands, as their card says it (English)"),
    }),
  ),
  rewards: z.array(z.object({ id, code: z.string(), name: z.string(), expiresAt: time.nullable() })),
  locationId: id.nullable().describe("The location it was recorded at; null when none was named"),
  recordedAt: time,
});

const earning = z.object({
  programId: id,
  programName: z.string(),
  points: z.number().int().describe("Points this program gave for the purchase"),
  rewards: z.number().int().describe("Rewards those points completed"),
});

export const purchase = z.object({
  id,
  customerId: id.nullable().describe("null once the customer's account is deleted"),
  amountCents: z.number().int(),
  refundedCents: z.number().int().describe("Refunded so far"),
  currency: z.string().describe("ISO 4217 code of the amounts"),
  receipt: z.string().nullable(),
  points: z.number().int().describe("Points the purchase earned in all programs"),
  programs: z.array(earning),
  locationId: id.nullable().describe("The location it was bought at; null when none was named"),
  createdAt: time,
});

export const purchaseRecorded = z.object({
  purchase,
  replayed: z.boolean().describe("true: this receipt had already earned; nothing new was written"),
  rewards: z.array(z.object({ id, code: z.string(), name: z.string() })).describe("Rewards the purchase completed"),
});

export const refundRecorded = z.object({
  refund: z.object({
    id,
    amountCents: z.number().int(),
    points: z.number().int().describe("Points taken back; what a card lacked became a debt its next points pay"),
    createdAt: time,
  }),
  purchase,
});

export const problem = z.object({
  type: z.string().describe("A URI naming the kind of problem (its entry on the reference page)"),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string().describe("The kind of problem, short"),
  errors: z.record(z.string(), z.string()).optional().describe("For invalid input: field → message"),
});

export const scopes = z.enum(API_KEY_SCOPES);
