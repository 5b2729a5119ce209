import { createTranslator } from "use-intl/core";
import { messageKey, translateAnswer, translateMessage, type KeyTranslator } from "@/lib/i18n/message";

const messages = {
  errors: { signedOut: "Vuelve a iniciar sesión." },
  validation: {
    emailInvalid: "Introduce un email válido",
    tooLong: "Máximo {max, plural, one {# carácter} other {# caracteres}} en {field}",
  },
};
const t = createTranslator({ locale: "es", messages }) as unknown as KeyTranslator;

describe("translateMessage: a message that is a catalog key is shown in the reader's language", () => {
  it("translates a key", () => {
    expect(translateMessage(t, "errors.signedOut")).toBe("Vuelve a iniciar sesión.");
  });

  it("fills the values a key carries, numbers as numbers", () => {
    const message = messageKey("validation.tooLong", { max: 1000, field: "nombre & apellidos" });
    expect(message).toBe("validation.tooLong?max=1000&field=nombre+%26+apellidos");
    expect(translateMessage(t, message)).toBe("Máximo 1000 caracteres en nombre & apellidos");
    expect(translateMessage(t, messageKey("validation.tooLong", { max: 1, field: "x" }))).toBe(
      "Máximo 1 carácter en x",
    );
    expect(messageKey("errors.signedOut")).toBe("errors.signedOut");
  });

  it("shows anything else as it is: a sentence, an unknown key, an empty message", () => {
    expect(translateMessage(t, "Please log in again.")).toBe("Please log in again.");
    expect(translateMessage(t, "errors.missing")).toBe("errors.missing");
    expect(translateMessage(t, "errors")).toBe("errors");
    expect(translateMessage(t, "")).toBe("");
  });
});

describe("translateAnswer: a failed action's messages, all of them", () => {
  it("translates error, message and every field error", () => {
    expect(
      translateAnswer(t, {
        ok: false,
        error: "errors.signedOut",
        message: "errors.signedOut",
        fieldErrors: { email: "validation.emailInvalid", name: "Too long" },
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

  it("leaves a success alone", () => {
    const success = { ok: true, error: "errors.signedOut" };
    expect(translateAnswer(t, success)).toBe(success);
  });
});
