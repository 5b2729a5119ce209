import { z } from "zod";

// What the browser sends back from a WebAuthn ceremony (@simplewebauthn/browser's
// startRegistration / startAuthentication), checked before anything reads it.
// The library verifies the contents; this only bounds their shape and size.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

const common = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(65_536),
    signature: base64url(2048),
    userHandle: base64url(1024).optional(),
  }),
});

export type RegistrationResponseInput = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponseInput = z.infer<typeof authenticationResponseSchema>;

/** A passkey's id in Settings' remove button. */
export const passkeyIdSchema = z.uuid();

export const passkeyPasswordSchema = z.object({ password: z.string().max(1024).default("") }).default({ password: "" });
