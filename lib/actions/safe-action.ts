import "server-only";
import type { z } from "zod";
import { getCurrentUser } from "@/lib/auth/current-user";
import { isAdmin } from "@/lib/auth/roles";
import { getCounterBusiness, type CounterBusiness } from "@/lib/db/business-access";
import { getOwnedBusiness, type OwnedBusiness } from "@/lib/db/businesses";
import type { AppUser } from "@/lib/db/users";
import { hasMessages, translateAnswer, type Translated } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import {
  failure,
  invalidForm,
  NOT_ALLOWED_MESSAGE,
  GUEST_REFUSED_MESSAGE,
  SIGNED_OUT_MESSAGE,
  type ActionFailure,
} from "@/lib/actions/result";

// The one way to write a server action (docs/input-handling.md, "Server
// actions"). `action(config, handler)` authorises the caller, parses each
// positional argument with its zod schema, and only then runs the handler with
// the parsed values and the user. Refusals and bad input come back as results,
// never as exceptions: a throw is a bug.
//
// Roles:
//   public  anyone; no session is read (a handler that needs the caller reads it itself)
//   user    a signed-in, enabled account whose session version is current (getCurrentUser)
//   owner   a user acting on their own business: with `business`, the builder loads the
//           business the input names and answers `notFound` for a missing one or someone
//           else's (the same answer); without it, the handler passes user.id to queries
//           that match the owner in the statement itself (lib/db/*)
//   staff   a user working the counter of a business: its owner or one of its staff
//           (lib/db/business-access.ts). `business` is required; the handler gets the
//           business with `access` ("owner" | "staff") and the same `notFound` answers
//           anyone else
//   admin   a user whose role is ADMIN; anyone else gets "Not allowed."
// A guest card (docs/authentication.md, "Guests") is refused every owner, staff and
// admin action, and every user action marked `account: true` (what needs an account:
// a business, a password, an invitation), with "Keep your card first: …".
//
// An answer's messages (`error`, `message`, field errors) are descriptors
// (lib/i18n/message.ts) or, in a failure, plain catalog keys: the builder answers
// them as text in the caller's language (the request's locale, docs/i18n.md),
// so handlers and schemas never translate.
//
// tests/integration/server-actions.test.ts fails when an exported server action
// does not come from here.

export type Role = "public" | "user" | "owner" | "staff" | "admin";

type Schemas = readonly z.ZodType[];
type Parsed<S extends Schemas> = { -readonly [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

/** What a failed parse of one argument answers: a fixed result, or one built from the zod error and the raw argument. */
type Invalid<F> = F | ((error: z.ZodError, raw: unknown) => F);

export type ActionConfig<S extends Schemas, R extends Role, F> = {
  role: R;
  /** One schema per positional argument the client passes; further arguments are ignored. */
  args: S;
  /** Per argument; default: the first message and every field's (invalidForm). The first failing argument answers. */
  invalid?: readonly (Invalid<F> | undefined)[];
  /** The answer to a caller without a valid session (or, for admin, without the role). */
  refused?: F;
  /** Needs an account: a guest card is refused (owner, staff and admin actions always need one). */
  account?: true;
  /** role owner (optional) and staff (required): the business the parsed input names, and the answer when the caller may not work it. */
  business?: R extends "owner" | "staff" ? { of: (args: Parsed<S>) => string; notFound: F } : never;
};

export type ActionContext<S extends Schemas, R extends Role> = {
  args: Parsed<S>;
  user: R extends "public" ? null : AppUser;
  /** role owner with `business`: the caller's business the input named; role staff: the business the caller works at. */
  business: R extends "owner" ? OwnedBusiness | null : R extends "staff" ? CounterBusiness : null;
};

export type BuiltAction<Out> = (...args: unknown[]) => Promise<Out>;

const built = new WeakMap<object, Schemas>();

/** True for a function made by `action` (the test that every exported server action is one reads this). */
export function isBuiltAction(value: unknown): boolean {
  return typeof value === "function" && built.has(value);
}

/**
 * The schemas an action made by `action` parses its arguments with (empty for
 * anything else): the test that every message is a catalog key walks them.
 */
export function actionSchemas(value: unknown): Schemas {
  return (typeof value === "function" && built.get(value)) || [];
}

type Refusal = "signed-out" | "not-allowed" | "guest";

async function authorise(role: Role, account: boolean): Promise<{ user: AppUser | null; refused: Refusal | null }> {
  if (role === "public") return { user: null, refused: null };
  const user = await getCurrentUser();
  if (user?.guest && (account || role !== "user")) return { user: null, refused: "guest" };
  if (role === "admin") return user && isAdmin(user) ? { user, refused: null } : { user: null, refused: "not-allowed" };
  return user ? { user, refused: null } : { user: null, refused: "signed-out" };
}

export function action<const S extends Schemas, R extends Role, Out, F = ActionFailure>(
  config: ActionConfig<S, R, F>,
  handler: (context: ActionContext<S, R>) => Promise<Out>,
): BuiltAction<Translated<Out | F>> {
  const answer = async (...raw: unknown[]): Promise<Out | F> => {
    const { user, refused } = await authorise(config.role, config.account === true);
    if (refused === "guest") return failure(GUEST_REFUSED_MESSAGE) as F;
    if (refused)
      return config.refused ?? (failure(refused === "signed-out" ? SIGNED_OUT_MESSAGE : NOT_ALLOWED_MESSAGE) as F);

    const parsed: unknown[] = [];
    for (const [index, schema] of config.args.entries()) {
      const result = schema.safeParse(raw[index]);
      if (result.success) {
        parsed.push(result.data);
        continue;
      }
      const invalid = config.invalid?.[index];
      if (invalid === undefined) return invalidForm(result.error) as F;
      return typeof invalid === "function"
        ? (invalid as (error: z.ZodError, raw: unknown) => F)(result.error, raw[index])
        : invalid;
    }
    const args = parsed as Parsed<S>;

    let business: OwnedBusiness | CounterBusiness | null = null;
    if (config.role === "staff" && !config.business) throw new Error("a staff action names its business");
    if (config.business) {
      const named = config.business.of(args);
      business =
        config.role === "staff" ? await getCounterBusiness(user!.id, named) : await getOwnedBusiness(user!.id, named);
      if (!business) return config.business.notFound;
    }
    return handler({ args, user, business } as ActionContext<S, R>);
  };
  const run = async (...raw: unknown[]): Promise<Translated<Out | F>> => {
    const result = await answer(...raw);
    return hasMessages(result) ? translateAnswer(await getKeyTranslator(), result) : (result as Translated<Out | F>);
  };
  built.set(run, config.args);
  return run;
}
