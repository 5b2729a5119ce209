import { localizeApiBody, localizeApiResponse } from "@/lib/http/api-locale";
import { tooManyMessage, waitValues } from "@/lib/http/api-messages";
import { message } from "@/lib/i18n/message";

// The JSON API's one translation step: messages (descriptors and plain keys) in
// every locale, anything else as it is.

describe("localizeApiBody", () => {
  it("answers a key in English by default and in the asked language", async () => {
    const body = { status: "error", code: "x", message: "api.malformedJson" };
    expect(await localizeApiBody(body, "en")).toEqual({ ...body, message: "Malformed JSON body." });
    expect(await localizeApiBody(body, "es")).toEqual({ ...body, message: "El cuerpo JSON no es válido." });
    expect(await localizeApiBody(body, "ca")).toEqual({ ...body, message: "El cos JSON no és vàlid." });
  });

  it("translates every field error that is a key, of any namespace, with its values", async () => {
    const body = {
      status: "error",
      message: "errors.checkForm",
      errors: { email: "api.invalidRequest", "rules.0.name": "errors.checkForm", other: "Expected string" },
    };
    const en = (await localizeApiBody(body, "en")) as typeof body;
    expect(en.errors.other).toBe("Expected string");
    expect(en.errors.email).toBe("Invalid request.");
    const es = (await localizeApiBody(body, "es")) as typeof body;
    expect(es.errors.email).toBe("Petición no válida.");
    expect(es.message).not.toBe("errors.checkForm");
    expect(es.errors["rules.0.name"]).toBe(es.message);
  });

  it("translates a message descriptor and its values, in the message and in field errors", async () => {
    const body = {
      status: "error",
      message: message("api.tap.tagNotVerified"),
      errors: { name: message("validation.tooLong", { max: 100 }) },
    };
    expect(await localizeApiBody(body, "en")).toEqual({
      status: "error",
      message: "This tag could not be verified.",
      errors: { name: "Use at most 100 characters" },
    });
    const ca = (await localizeApiBody(body, "ca")) as { message: string; errors: { name: string } };
    expect(ca.message).toBe("No s'ha pogut verificar aquesta etiqueta.");
    expect(ca.errors.name).toContain("100");
    expect(ca.errors.name).not.toBe("Use at most 100 characters");
  });

  it("no longer reads an English sentence back as a message: it stays as written", async () => {
    const body = { status: "error", message: "This tag could not be verified." };
    expect(await localizeApiBody(body, "ca")).toEqual(body);
  });

  it("leaves sentences that are no message of ours, names and non-string fields alone", async () => {
    const body = { status: "success", message: "Café Roma", code: "api.malformedJson", count: 3, list: [1] };
    expect(await localizeApiBody(body, "es")).toEqual(body);
    expect(await localizeApiBody([1, 2], "es")).toEqual([1, 2]);
  });

  it("fills a key's values: a waiting time", async () => {
    const wait = tooManyMessage("api.auth.tooManySignInAttempts", 60);
    expect(await localizeApiBody({ message: wait }, "en")).toEqual({
      message: "Too many failed sign-in attempts. Please try again in 1 minute.",
    });
    expect(await localizeApiBody({ message: tooManyMessage("api.auth.tooManySignUps", 7200) }, "ca")).toEqual({
      message: "Massa intents de registre. Torna-ho a provar d'aquí a 2 hores.",
    });
  });
});

describe("waitValues", () => {
  it.each([
    [1, { unit: "minutes", count: 1 }],
    [61, { unit: "minutes", count: 2 }],
    [5399, { unit: "minutes", count: 90 }],
    [5400, { unit: "hours", count: 2 }],
    [3 * 3600 + 1, { unit: "hours", count: 4 }],
  ])("%i seconds", (seconds, expected) => {
    expect(waitValues(seconds)).toEqual(expected);
  });
});

describe("localizeApiResponse", () => {
  it("keeps the status and every header, cookies included, and names the language", async () => {
    const headers = new Headers({ "content-type": "application/json", "retry-after": "60" });
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    const response = new Response(JSON.stringify({ status: "error", message: "api.notAuthenticated" }), {
      status: 401,
      headers,
    });
    const localized = await localizeApiResponse(response, "es");
    expect(localized.status).toBe(401);
    expect(localized.headers.get("retry-after")).toBe("60");
    expect(localized.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(localized.headers.get("content-language")).toBe("es");
    expect(await localized.json()).toEqual({ status: "error", message: "No has iniciado sesión" });
  });

  it("passes a body that is not JSON through untouched", async () => {
    const response = new Response("plain", { headers: { "content-type": "text/plain" } });
    expect(await (await localizeApiResponse(response, "ca")).text()).toBe("plain");
  });
});
