import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { actionSchemas } from "@/lib/actions/safe-action";
import type { Locale } from "@/lib/i18n/locales";
import { message, translateMessage, type Message } from "@/lib/i18n/message";
import { issueMessage } from "@/lib/validation/errors";
// Installs zod's catalog fallback, as lib/validation/text.ts does for the app.
import "@/lib/validation/issue-messages";
import { translator } from "@/tests/support/catalog";
import { repoRoot, serverActionModules, sourceFiles } from "@/tests/support/source-files";

// Every message a person can get from a zod schema is a key of the catalogs
// (messages/{en,es,ca}) whose values the issue itself gives (issueMessage,
// lib/validation/errors.ts), so it renders in each language; never zod's own English ("Too big: expected string to have <=100 characters").
// The schemas are found, not listed: every schema a server action is built with
// (every "use server" module's exports, through the builder's registry), every
// schema a form hands to useCatalogResolver (read from the components' source), and
// every schema lib/validation exports. Each field gets too-long, too-short,
// wrong-format, wrong-type and out-of-range values.
//  - The forms' schemas are walked with zod's fallback switched off: their own
//    messages are the contract.
//  - Every schema is walked again with the fallback (lib/validation/issue-messages.ts)
//    on, which turns any check that names no message into a catalog key.

const root = repoRoot;
const LOCALES: Locale[] = ["en", "es", "ca"];

type Named = { name: string; schema: z.ZodType };

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;
}

async function actionArgSchemas(): Promise<Named[]> {
  const modules = serverActionModules();
  const found: Named[] = [];
  for (const file of modules) {
    const exports = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      actionSchemas(value).forEach((schema, index) => found.push({ name: `${file}: ${name} arg ${index}`, schema }));
  }
  return found;
}

/**
 * The names an expression may take its schema from: a name the file declares itself
 * (`const schema = account ? a : b`) stands for the names of its value; an imported one
 * is kept; any other lowercase word is a condition (`account`), not a schema.
 */
function schemaNames(expression: string, source: string, seen = new Set<string>()): string[] {
  return [...expression.matchAll(/[A-Za-z_$][\w$]*/g)].flatMap(([name]) => {
    if (seen.has(name)) return [];
    seen.add(name);
    const local = new RegExp(`const\\s+${name}\\s*=\\s*([^;\\n]+)`).exec(source);
    if (local) return schemaNames(local[1]!, source, seen);
    return /^[a-z]+$/.test(name) ? [] : [name];
  });
}

// `useCatalogResolver(a)` or `useCatalogResolver(cond ? a : b)` (directly or through a local name),
// and `a.safeParse(` in a component, each name imported from a module.
async function resolverSchemas(): Promise<{ found: Named[]; unresolved: string[] }> {
  const found: Named[] = [];
  const unresolved: string[] = [];
  for (const file of ["app", "components"].flatMap(sourceFiles)) {
    const source = readFileSync(path.join(root, file), "utf8");
    // A client form that checks its value by hand (components only: pages parse route parameters).
    const byHand = file.startsWith("components") ? [...source.matchAll(/\b(\w+)\.safeParse\(/g)] : [];
    const calls = [...source.matchAll(/useCatalogResolver\(([^)]*)\)/g), ...byHand];
    for (const call of calls) {
      for (const name of schemaNames(call[1]!, source)) {
        const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*"@/([^"]+)"`).exec(source);
        const value = from ? ((await import(path.join(root, from[1]!))) as Record<string, unknown>)[name] : undefined;
        if (isSchema(value))
          found.push({
            name: `${file}: ${call[0].startsWith("useCatalogResolver") ? `useCatalogResolver(${name})` : `${name}.safeParse`}`,
            schema: value,
          });
        else unresolved.push(`${file}: ${name}`);
      }
    }
  }
  return { found, unresolved };
}

async function validationExports(): Promise<Named[]> {
  const found: Named[] = [];
  for (const file of sourceFiles(path.join("lib", "validation"))) {
    const exports = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (isSchema(value)) found.push({ name: `${file}: ${name}`, schema: value });
  }
  return found;
}

type Def = { type: string; [key: string]: unknown };
type Bag = { minimum?: number; maximum?: number };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function bagOf(schema: z.ZodType): Bag {
  return (schema as unknown as { _zod: { bag?: Bag } })._zod.bag ?? {};
}

const NEAR_LIMITS = [0, -1, 1.5, 1e9, -1e9, Number.NaN];

/**
 * Values the schema should refuse, with a message. `typed`: only what a person
 * can produce through a form's controls (text of any length or shape, numbers
 * out of range or not whole, lists too long or short); otherwise also what a
 * hand-made request can send (wrong types, missing fields, unknown options).
 */
function badValues(schema: z.ZodType, typed: boolean, depth = 0): unknown[] {
  if (depth > 8) return [];
  const def = defOf(schema);
  const inner = (key: string) => badValues(def[key] as z.ZodType, typed, depth + 1);
  const untyped = (...values: unknown[]) => (typed ? [] : values);
  switch (def.type) {
    case "string": {
      const { minimum, maximum } = bagOf(schema);
      const values: unknown[] = [...untyped(42), "", " ", "abc", "x\u0000y", "not an email @ all", "a".repeat(5000)];
      if (maximum !== undefined) values.push("a".repeat(maximum + 1), "7".repeat(maximum + 1));
      if (minimum !== undefined && minimum > 1) values.push("a".repeat(minimum - 1));
      return values;
    }
    case "number": {
      const { minimum, maximum } = bagOf(schema);
      const values: unknown[] = [...untyped("12"), ...NEAR_LIMITS];
      if (typeof minimum === "number" && Number.isFinite(minimum)) values.push(minimum - 1, minimum - 0.5);
      if (typeof maximum === "number" && Number.isFinite(maximum)) values.push(maximum + 1, maximum + 0.5);
      return values;
    }
    case "boolean":
      return untyped("yes", 1);
    case "date":
      return [new Date("invalid"), ...untyped("2026-01-01")];
    case "enum":
    case "literal":
      return untyped("__not_an_option__", 7);
    case "array": {
      const element = def.element as z.ZodType;
      const elements = badValues(element, typed, depth + 1);
      const { minimum, maximum } = bagOf(schema);
      const values: unknown[] = [...untyped("not a list"), [], ...elements.map((value) => [value])];
      if (maximum !== undefined) values.push(Array.from({ length: maximum + 1 }, (_, i) => `item ${i}`));
      if (minimum !== undefined && minimum > 1) values.push(Array.from({ length: minimum - 1 }, (_, i) => `item ${i}`));
      return values;
    }
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const perKey = Object.entries(shape).map(([key, field]) => [key, badValues(field, typed, depth + 1)] as const);
      const rounds = Math.max(1, ...perKey.map(([, values]) => values.length));
      const values: unknown[] = untyped("not an object", {});
      for (let round = 0; round < rounds; round++)
        values.push(
          Object.fromEntries(perKey.map(([key, bad]) => [key, bad.length ? bad[round % bad.length] : undefined])),
        );
      return values;
    }
    case "record":
      return [
        ...untyped("not a record"),
        ...badValues(def.valueType as z.ZodType, typed, depth + 1).map((value) => ({ key: value })),
      ];
    case "tuple":
      return [
        ...untyped("not a tuple"),
        (def.items as z.ZodType[]).map((item) => badValues(item, typed, depth + 1)[0]),
      ];
    case "union":
      return (def.options as z.ZodType[]).flatMap((option) => badValues(option, typed, depth + 1));
    case "intersection":
      return [...inner("left"), ...inner("right")];
    case "pipe":
      return [...inner("in"), ...inner("out")];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return inner("innerType");
    case "lazy":
      return badValues((def.getter as () => z.ZodType)(), typed, depth + 1);
    default:
      // custom, transform, any, unknown: whatever a caller could send.
      return untyped(undefined, null, 42, "text", {}, []);
  }
}

/** Every issue message of the schema over its bad values that is not a key present in all three catalogs. */
function rawMessages({ name, schema }: Named, typed: boolean): string[] {
  const problems = new Set<string>();
  for (const value of badValues(schema, typed)) {
    const result = schema.safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const problem = notACatalogKey(issueMessage(issue));
      if (problem) problems.add(`${name} [${issue.path.join(".") || "(root)"}]: ${problem}`);
    }
  }
  return [...problems];
}

/** Why the message does not render in every language with the values it carries, or null. */
function notACatalogKey(shown: Message): string | null {
  if (!/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(shown.key)) return JSON.stringify(shown.key);
  for (const locale of LOCALES) {
    const t = translator(locale);
    if (!t.has(shown.key)) return `${JSON.stringify(shown.key)} is not in messages/${locale}`;
    const problems: unknown[] = [];
    const error = jest.spyOn(console, "error").mockImplementation((...args) => void problems.push(args[0]));
    try {
      const text = translateMessage(t, shown);
      // Without values next-intl hands back the raw pattern: an argument left in braces is a missing value.
      if (text.includes(shown.key) || /\{\s*\w+/.test(text) || problems.length > 0)
        return `${JSON.stringify(shown)} does not render in ${locale}: ${String(problems[0] ?? text)}`;
    } catch (thrown) {
      return `${JSON.stringify(shown)} does not render in ${locale}: ${String(thrown)}`;
    } finally {
      error.mockRestore();
    }
  }
  return null;
}

/** Runs `run` with zod's fallback off, then puts back whatever was configured. */
function withoutFallback<T>(run: () => T): T {
  const previous = z.config().customError;
  z.config({ customError: undefined });
  try {
    return run();
  } finally {
    z.config({ customError: previous });
  }
}

describe("every zod schema's messages are catalog keys", () => {
  let actions: Named[];
  let forms: Named[];
  let unresolved: string[];
  let exported: Named[];

  beforeAll(async () => {
    actions = await actionArgSchemas();
    ({ found: forms, unresolved } = await resolverSchemas());
    exported = await validationExports();
  });

  it("finds the schemas of the actions, the forms and lib/validation", () => {
    expect(unresolved).toEqual([]);
    expect(actions.length).toBeGreaterThanOrEqual(40);
    expect(forms.length).toBeGreaterThanOrEqual(15);
    expect(exported.length).toBeGreaterThanOrEqual(60);
    const names = [...actions, ...forms].map((entry) => entry.name).join("\n");
    expect(names).toMatch(/register-form\.tsx: useCatalogResolver\(accountSchema\)/);
    expect(names).toMatch(/business-wizard\.tsx: useCatalogResolver\(businessWizardSchema\)/);
    expect(names).toMatch(/lib\/actions\/register\.ts: registerCustomerAction arg 0/);
  });

  it("gives each field of a form its own message for what a person can type, in every language", () => {
    expect(withoutFallback(() => forms.flatMap((entry) => rawMessages(entry, true)))).toEqual([]);
  });

  it("turns what no schema names (actions, API payloads, parameters) into catalog keys", () => {
    expect([...actions, ...forms, ...exported].flatMap((entry) => rawMessages(entry, false))).toEqual([]);
  });

  // What a reader gets (the schema's own message, or the fallback's: the same key).
  it("walks the fields that started this: a 101-character first name, a 121-character business name", () => {
    const account = forms.find((entry) => entry.name.includes("useCatalogResolver(accountSchema)"))!.schema;
    const wizard = forms.find((entry) => entry.name.includes("useCatalogResolver(businessWizardSchema)"))!.schema;
    const firstName = account.safeParse({ firstName: "a".repeat(101) });
    const firstNameIssue = firstName.error!.issues.find((issue) => issue.path[0] === "firstName")!;
    expect(issueMessage(firstNameIssue)).toEqual(message("validation.tooLong", { max: 100 }));
    const businessName = wizard.safeParse({ businessName: "a".repeat(121) });
    const businessNameIssue = businessName.error!.issues.find((issue) => issue.path[0] === "businessName")!;
    expect(issueMessage(businessNameIssue)).toEqual(message("validation.tooLong", { max: 120 }));
    expect(translateMessage(translator("en"), issueMessage(firstNameIssue))).toBe("Use at most 100 characters");
    expect(translateMessage(translator("es"), issueMessage(firstNameIssue))).toBe("Usa 100 caracteres como máximo");
    expect(translateMessage(translator("ca"), issueMessage(businessNameIssue))).toBe(
      "Fes servir 120 caràcters com a màxim",
    );
  });
});
