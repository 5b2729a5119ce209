import { z } from "zod";

// The token of an unsubscribe link (lib/notifications/unsubscribe-token.ts), as
// the page, its server actions and the one-click route receive it. The shape
// only: whether it is genuine is the signature's to say. Messages are catalog
// keys (messages/*/unsubscribe.json).

export const UNSUBSCRIBE_INVALID_MESSAGE = "unsubscribe.invalid";

export const unsubscribeTokenSchema = z
  .string({ error: UNSUBSCRIBE_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_INVALID_MESSAGE);
