// The shared validation messages are catalog keys; their English must stay the
// text the product always showed, and Spanish and Catalan must exist for each.
import { translator } from "@/tests/support/catalog";
import { translateMessage } from "@/lib/i18n/message";
import {
  CONTROL_CHARACTER_MESSAGE,
  HTTP_URL_MESSAGE,
  ID_MESSAGE,
  MULTI_LINE_CONTROL_MESSAGE,
} from "@/lib/validation/text";

describe("lib/validation/text messages", () => {
  const en = translator("en");

  it.each([
    [CONTROL_CHARACTER_MESSAGE, "Remove control characters (such as NUL, tabs or line breaks) from this field"],
    [MULTI_LINE_CONTROL_MESSAGE, "Remove control characters (such as NUL) from this field"],
    [ID_MESSAGE, "Invalid id"],
    [HTTP_URL_MESSAGE, "Enter a full http:// or https:// address"],
  ])("%s reads in English as before", (key, english) => {
    expect(key).toMatch(/^validation\.[a-zA-Z]+$/);
    expect(translateMessage(en, key)).toBe(english);
  });

  it("has Spanish and Catalan", () => {
    expect(translateMessage(translator("es"), HTTP_URL_MESSAGE)).toBe(
      "Escribe una dirección completa con http:// o https://",
    );
    expect(translateMessage(translator("ca"), CONTROL_CHARACTER_MESSAGE)).toBe(
      "Treu els caràcters de control (com ara NUL, tabuladors o salts de línia) d'aquest camp",
    );
  });
});
