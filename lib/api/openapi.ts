import { z } from "zod";
import { API_KEY_SCOPES } from "@/lib/api-keys/scopes";
import { operations, type Operation } from "@/lib/api/operations";
import { PROBLEMS, PROBLEM_CODES, problemType, type ProblemCode } from "@/lib/api/problems";
import { problem } from "@/lib/api/schemas";
import { webhookEventSchemas, webhookPayloadSchema, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/events";

// The OpenAPI 3.1 document of /api/v1 (docs/api.md), generated from the zod
// schemas the routes parse with (lib/api/operations.ts) and the webhook
// payloads the sender builds with (lib/webhooks/events.ts), through zod 4's
// own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect). Pure.

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

const ALWAYS: ProblemCode[] = ["unauthorized", "forbidden", "rate-limited"];
const WRITE: ProblemCode[] = [
  "idempotency-key-missing",
  "idempotency-key-reused",
  "request-in-progress",
  "unsupported-media-type",
  "body-too-large",
];

const rateLimitHeaders = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
};

function parametersOf(operation: Operation): Json[] {
  const out: Json[] = [];
  const add = (where: "path" | "query", shape: z.ZodObject | undefined) => {
    if (!shape) return;
    const object = jsonSchema(shape, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add("path", operation.params);
  // In zod 4 a refined object (one of two fields) is still a ZodObject.
  add("query", operation.query instanceof z.ZodObject ? operation.query : undefined);
  if (operation.body) out.push({ $ref: "#/components/parameters/IdempotencyKey" });
  return out;
}

function problemResponses(codes: ProblemCode[]): Json {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\``).join(", "),
          headers: {
            ...rateLimitHeaders,
            ...(status === 429 || list.includes("request-in-progress")
              ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } }
              : {}),
          },
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        },
      ]),
  );
}

function operationObject(operation: Operation): Json {
  const problems = [...new Set([...ALWAYS, ...(operation.body ? WRITE : []), ...operation.problems])];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    "x-scope": operation.scope,
    security: [{ apiKey: [] }],
    parameters: parametersOf(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(operation.body, "input") } },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: {
        description: `Success (needs the \`${operation.scope}\` scope)`,
        headers: operation.body
          ? { ...rateLimitHeaders, "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } }
          : rateLimitHeaders,
        content: { "application/json": { schema: jsonSchema(operation.response, "output") } },
      },
      ...problemResponses(problems),
    },
  };
}

function webhooks(): Json {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type}`,
          summary: `The ${type} event`,
          description:
            "Sent to each endpoint subscribed to the event, signed the Standard Webhooks way (headers webhook-id, webhook-timestamp, webhook-signature).",
          parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
            name,
            in: "header",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(webhookPayloadSchema(type), "output") } },
          },
          responses: { "2XX": { description: "Received; any other answer is retried with backoff" } },
        },
      },
    ]),
  );
}

let built: Json | null = null;

/** The document (built once per process: it depends only on the code). */
export function openApiDocument(): Json {
  if (built) return built;
  const paths: Record<string, Json> = {};
  for (const operation of Object.values(operations) as Operation[]) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  built = {
    openapi: "3.1.1",
    info: {
      title: "Loyaltap API",
      version: "1.0.0",
      description:
        "The public API of a Loyaltap business: its customers, visits, purchases, rewards, programs and locations, and the webhooks it sends. Authenticate with an API key the owner creates on the business's Integrations page.",
    },
    servers: [{ url: "/api/v1" }],
    tags: [
      { name: "Customers" },
      { name: "Visits" },
      { name: "Purchases" },
      { name: "Rewards" },
      { name: "Programs" },
      { name: "Locations" },
    ],
    paths,
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key (lt_live_…) in the Authorization header. Each key has scopes: ${API_KEY_SCOPES.join(", ")}.`,
        },
      },
      schemas: {
        Problem: { ...jsonSchema(problem, "output"), description: "RFC 9457 problem details" },
        ...Object.fromEntries(
          Object.keys(webhookEventSchemas).map((type) => [
            `Webhook_${type.replace(".", "_")}`,
            jsonSchema(webhookEventSchemas[type as keyof typeof webhookEventSchemas], "output"),
          ]),
        ),
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: true,
          description:
            "Required on every write: 8–128 letters, digits, '-', '_', '.' or ':'. A retry with the same key and body gets the first answer again (Idempotent-Replayed: true) for 24 hours; another body with it is a 422.",
          schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{8,128}$" },
        },
      },
      headers: {
        RateLimit: {
          description: 'What is left of the key\'s quota: `"default";r=<remaining>;t=<seconds until it resets>`',
          schema: { type: "string" },
        },
        RateLimitPolicy: {
          description: 'The key\'s quota: `"default";q=<requests>;w=<window in seconds>`',
          schema: { type: "string" },
        },
        RetryAfter: { description: "Seconds to wait before trying again", schema: { type: "integer" } },
        IdempotentReplayed: {
          description: "true when this is the stored answer of an earlier request with the same Idempotency-Key",
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
    "x-problem-types": Object.fromEntries(
      PROBLEM_CODES.map((code) => [code, { type: problemType(code), status: PROBLEMS[code].status }]),
    ),
  };
  return built;
}
