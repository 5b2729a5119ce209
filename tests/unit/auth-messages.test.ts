// The sign-in, sign-up and wizard messages travel as catalog keys; these check
// that English reads exactly as before and Spanish and Catalan as the catalogs say.
import { filterCategories } from "@/lib/business/categories";
import { loginFailureKey, registrationFailureKey, waitValues } from "@/lib/auth/failure-messages";
import { tooManyAttemptsMessage } from "@/lib/auth/login";
import type { Message } from "@/lib/i18n/message";
import { issueMessage } from "@/lib/validation/errors";
import { waitDescription } from "@/lib/rate-limit";
import { filterCategoryLabels } from "@/components/business-registration/keyword-names";
import { accountSchema, loginSchema } from "@/lib/validation/auth";
import { businessWizardSchema, emptyWizardValues, WIZARD_STEPS } from "@/lib/validation/business-registration";
import { shownAs, translator } from "@/tests/support/catalog";

const en = shownAs("en");
const es = shownAs("es");
const ca = shownAs("ca");

function stepMessages(fields: readonly string[]) {
  const result = businessWizardSchema.safeParse(emptyWizardValues);
  const first = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if (fields.includes(field) && !first.has(field)) first.set(field, issue.message);
  }
  return [...first.values()];
}

describe("the wizard's step 1 messages", () => {
  const keys = stepMessages(WIZARD_STEPS[0].fields);

  it("are keys", () => {
    expect(keys).toEqual([
      "validation.businessNameRequired",
      "validation.keywordsRequired",
      "validation.phoneRequired",
      "validation.addressRequired",
    ]);
  });

  it("read in English, Spanish and Catalan", () => {
    expect(keys.map(en)).toEqual([
      "Business name is required",
      "At least one keyword is required",
      "Phone number is required",
      "Business address is required",
    ]);
    expect(keys.map(es)).toEqual([
      "El nombre del negocio es obligatorio",
      "Se necesita al menos una palabra clave",
      "El número de teléfono es obligatorio",
      "La dirección del negocio es obligatoria",
    ]);
    expect(keys.map(ca)).toEqual([
      "El nom del negoci és obligatori",
      "Cal com a mínim una paraula clau",
      "El número de telèfon és obligatori",
      "L'adreça del negoci és obligatòria",
    ]);
  });

  it("counts in the keyword and description limits", () => {
    const many = businessWizardSchema.safeParse({
      ...emptyWizardValues,
      keywords: Array.from({ length: 21 }, () => "Bakery"),
      description: "x".repeat(2001),
    });
    const messages = many.error?.issues.map(issueMessage) ?? [];
    expect(messages.map(en)).toEqual(
      expect.arrayContaining(["Choose at most 20 keywords", "Keep the description under 2000 characters"]),
    );
    expect(messages.map(es)).toEqual(
      expect.arrayContaining([
        "Elige como máximo 20 palabras clave",
        "La descripción debe tener menos de 2000 caracteres",
      ]),
    );
  });
});

describe("account and log-in messages", () => {
  it("keep their English and have Spanish", () => {
    const short = accountSchema.safeParse({
      firstName: "A",
      lastName: "B",
      email: "a@example.test",
      password: "short",
      confirmPassword: "short",
    });
    const message = issueMessage(short.error!.issues[0]!);
    expect(en(message)).toBe("Password must be at least 8 characters");
    expect(es(message)).toBe("La contraseña debe tener al menos 8 caracteres");
    expect(ca(message)).toBe("La contrasenya ha de tenir com a mínim 8 caràcters");
    const login = loginSchema.safeParse({ email: "nope", password: "" });
    expect(login.error?.issues.map((issue) => en(issue.message))).toEqual([
      "Enter a valid email address",
      "Password is required",
    ]);
  });

  it("the password hint counts the same way", () => {
    const t = translator("es");
    expect(t("auth.fields.passwordHint", { min: 8 })).toBe("Al menos 8 caracteres.");
    expect(translator("en")("auth.fields.passwordHint", { min: 8 })).toBe("At least 8 characters.");
  });
});

describe("sign-in and sign-up failures", () => {
  it.each([30, 60, 61, 900, 5399, 5400, 7200, 86_400])("waits %i s like waitDescription", (seconds) => {
    expect(en(messageWithWait(seconds))).toBe(tooManyAttemptsMessage(seconds));
    expect(waitDescription(seconds)).toMatch(String(waitValues(seconds).count));
  });

  it("log-in failures keep their English", () => {
    expect(en(loginFailureKey({ status: 401 }))).toBe("Invalid email or password");
    expect(en(loginFailureKey({ status: 403 }))).toBe("This account has been disabled.");
    expect(es(loginFailureKey({ status: 429, retryAfter: 900 }))).toBe(
      "Demasiados intentos fallidos de iniciar sesión. Inténtalo de nuevo dentro de 15 minutos.",
    );
    expect(ca(loginFailureKey({ status: 429, retryAfter: 7200 }))).toBe(
      "Massa intents fallits d'iniciar la sessió. Torna-ho a provar d'aquí a 2 hores.",
    );
  });

  it("sign-up failures keep their English", () => {
    expect(en(registrationFailureKey({ code: "email_taken" }))).toBe("An account with this email already exists.");
    expect(en(registrationFailureKey({ code: "too_many_requests", reason: "network", retryAfter: 3600 }))).toBe(
      "Too many accounts were created from your network. Please try again in 60 minutes.",
    );
    expect(es(registrationFailureKey({ code: "too_many_requests", reason: "attempts", retryAfter: 60 }))).toBe(
      "Demasiados intentos de registro. Inténtalo de nuevo dentro de 1 minuto.",
    );
    expect(en(registrationFailureKey({ code: "tap_already_claimed" }))).toBe(
      "This tag has already been claimed by another business.",
    );
    expect(es(registrationFailureKey({ code: "tap_already_claimed" }))).toBe(
      "Otro negocio ya ha dado de alta esta etiqueta.",
    );
  });
});

function messageWithWait(seconds: number): Message {
  return loginFailureKey({ status: 429, retryAfter: seconds });
}

describe("keyword search in the visitor's language", () => {
  it("is filterCategories with English names", () => {
    for (const query of ["", "bake", "caf", "BAR", "é", "zzz"]) {
      expect(filterCategoryLabels(query, ["Cafe"], (label) => label)).toEqual(filterCategories(query, ["Cafe"]));
    }
  });

  it("finds a category by its Spanish name and keeps the stored label", () => {
    const t = translator("es");
    const nameOf = (label: string) => {
      const value = label.toLowerCase().replace(/ /g, "_");
      return t.has(`categories.${value}`) ? t(`categories.${value}`) : label;
    };
    expect(filterCategoryLabels("panad", [], nameOf)).toContain("Bakery");
  });
});
