import { z } from "zod";
import { catalogKeyTranslator } from "@/lib/i18n/key-translator";
import { message, translateAnswer, translateMessage } from "@/lib/i18n/message";
import { fieldErrorsOf, issueMessage } from "@/lib/validation/errors";
import { TOO_LONG_MESSAGE, wholeNumberIn } from "@/lib/validation/issue-messages";

// A message is one form, `{ key, values }`, translated where it is shown
// (docs/i18n.md, "Messages").

const messages = {
  errors: { signedOut: "Vuelve a iniciar sesión." },
  api: { tap: { rewardsEarned: "¡Has conseguido {rewards}!" } },
  validation: {
    emailInvalid: "Introduce un email válido",
    tooLong: "Máximo {max, plural, one {# carácter} other {# caracteres}} en {field}",
    between: "Entre {min} y {max}",
    previous: "Más de {previous}",
  },
};
const t = catalogKeyTranslator("es", messages);

describe("message: the one form", () => {
  it("is the key, with values only when there are some", () => {
    expect(message("errors.signedOut")).toEqual({ key: "errors.signedOut" });
    expect(message("errors.signedOut", {})).toEqual({ key: "errors.signedOut" });
    expect(message("validation.tooLong", { max: 3 })).toEqual({ key: "validation.tooLong", values: { max: 3 } });
  });
});

describe("translateMessage: a message in the reader's language", () => {
  it("fills the values, numbers as numbers (each language pluralises them)", () => {
    expect(translateMessage(t, message("validation.tooLong", { max: 1000, field: "nombre & apellidos" }))).toBe(
      "Máximo 1000 caracteres en nombre & apellidos",
    );
    expect(translateMessage(t, message("validation.tooLong", { max: 1, field: "x" }))).toBe("Máximo 1 carácter en x");
  });

  it("keeps a string value exactly as written, even one that looks like a number", () => {
    expect(translateMessage(t, message("api.tap.rewardsEarned", { rewards: "007, 1.50" }))).toBe(
      "¡Has conseguido 007, 1.50!",
    );
  });

  it("shows a key the catalog does not have as the key", () => {
    expect(translateMessage(t, message("errors.missing"))).toBe("errors.missing");
    expect(translateMessage(t, message("errors.missing", { max: 2 }))).toBe("errors.missing");
  });

  it("still reads a plain key, and shows any other text as it is", () => {
    expect(translateMessage(t, "errors.signedOut")).toBe("Vuelve a iniciar sesión.");
    expect(translateMessage(t, "Please log in again.")).toBe("Please log in again.");
    expect(translateMessage(t, "errors.missing")).toBe("errors.missing");
    expect(translateMessage(t, "")).toBe("");
  });
});

describe("translateAnswer: an action's or handler's messages, all of them", () => {
  it("translates error, message and every field error of a failure, descriptors and plain keys", () => {
    expect(
      translateAnswer(t, {
        ok: false,
        error: message("errors.signedOut"),
        message: "errors.signedOut",
        fieldErrors: { email: message("validation.emailInvalid"), name: "Too long" },
        code: "x",
      }),
    ).toEqual({
      ok: false,
      error: "Vuelve a iniciar sesión.",
      message: "Vuelve a iniciar sesión.",
      fieldErrors: { email: "Introduce un email válido", name: "Too long" },
      code: "x",
    });
  });

  it("translates a success's descriptor, and leaves its plain strings alone", () => {
    expect(translateAnswer(t, { ok: true, message: message("errors.signedOut") })).toEqual({
      ok: true,
      message: "Vuelve a iniciar sesión.",
    });
    const success = { ok: true, error: "errors.signedOut" };
    expect(translateAnswer(t, success)).toBe(success);
  });
});

describe("a zod issue as a message: the key from the schema, the values from the issue", () => {
  const first = (schema: z.ZodType, input: unknown) => issueMessage(schema.safeParse(input).error!.issues[0]!);

  it("a bound check's own bound is {max} or {min}", () => {
    expect(first(z.string().max(3, TOO_LONG_MESSAGE), "abcd")).toEqual(message("validation.tooLong", { max: 3 }));
    expect(first(z.string().min(8, "validation.passwordTooShort"), "abc")).toEqual(
      message("validation.passwordTooShort", { min: 8 }),
    );
    // An exclusive bound on a whole number reads as the inclusive one.
    expect(first(z.number().int().lt(10, "validation.numberAtMost"), 10)).toEqual(
      message("validation.numberAtMost", { max: 9 }),
    );
  });

  it("a check that names no message falls back to a catalog key with the issue's values", () => {
    expect(first(z.string().max(5), "abcdef")).toEqual(message("validation.tooLong", { max: 5 }));
    expect(first(z.array(z.string()).min(2), ["a"])).toEqual(message("validation.tooFew", { min: 2 }));
  });

  it("a refinement's params are its values", () => {
    const schema = z.number().superRefine((value, ctx) => {
      if (value < 4) ctx.addIssue({ code: "custom", message: "validation.previous", params: { previous: 4 } });
    });
    expect(first(schema, 1)).toEqual(message("validation.previous", { previous: 4 }));
    expect(translateMessage(t, first(schema, 1))).toBe("Más de 4");
  });

  it("a whole number in a range says its one message with {min} and {max} for every refusal", () => {
    const days = wholeNumberIn(0, 180, "validation.between");
    for (const input of [-1, 181, 1.5, "7", null]) {
      expect(first(days, input)).toEqual(message("validation.between", { min: 0, max: 180 }));
    }
    expect(days.parse(180)).toBe(180);
  });

  it("fieldErrorsOf keeps the first message of each field", () => {
    const schema = z.object({ name: z.string().max(2, TOO_LONG_MESSAGE).max(1, "validation.emailInvalid") });
    expect(fieldErrorsOf(schema.safeParse({ name: "abc" }).error!)).toEqual({
      name: message("validation.tooLong", { max: 2 }),
    });
  });
});
