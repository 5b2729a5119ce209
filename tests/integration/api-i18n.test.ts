import fs from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as updatePassword } from "@/app/api/auth/update-password/route";
import { GET as tapCheck, POST as tap } from "@/app/api/tap/route";
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from "@/lib/auth/change-password";
import { INVALID_CREDENTIALS } from "@/lib/auth/login";
import { db } from "@/lib/db";
import { tooManyMessage } from "@/lib/http/api-messages";
import { localizeApiBody } from "@/lib/http/api-locale";
import { message } from "@/lib/i18n/message";
import { TAG_NOT_VERIFIED_MESSAGE, TAP_REPLAYED_MESSAGE } from "@/lib/nfc/verify-tap";
import { waitDescription } from "@/lib/rate-limit";
import { IDEMPOTENCY_KEY_MESSAGE } from "@/lib/tap/idempotency";
import { EMAIL_NOT_VERIFIED_MESSAGE, LIMIT_REACHED_MESSAGE } from "@/lib/tap/messages";
import { TAG_ALREADY_CLAIMED_MESSAGE } from "@/lib/validation/tags";
import { isLocalizedHandler } from "@/lib/http/api-locale";
import { OutboxMailer, setMailer, type Mail } from "@/lib/mail";
import { call, uniqueEmail } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// The JSON API answers in English unless Accept-Language asks for es or ca
// (docs/i18n.md); codes never change, and only that header counts.

const PASSWORD = "correct horse battery";

afterAll(async () => {
  await db.$disconnect();
});

async function registerCustomer(email = uniqueEmail("i18n")) {
  const res = await call(register, "POST", "/api/auth/register", {
    body: { email, password: PASSWORD, metadata: { first_name: "Ana", last_name: "Ruiz" }, tap_id: null },
  });
  expect(res.status).toBe(201);
  return { email, session: res.json.session as Record<string, unknown> };
}

const LANGUAGES = [
  ["no header", undefined, "en"],
  ["es-ES", "es-ES,es;q=0.9,en;q=0.8", "es"],
  ["ca", "ca", "ca"],
] as const;

describe("the same bad request in English, Spanish and Catalan", () => {
  const malformed = {
    en: "Malformed JSON body.",
    es: "El cuerpo JSON no es válido.",
    ca: "El cos JSON no és vàlid.",
  };
  it.each(LANGUAGES)("malformed JSON, %s", async (_label, header, locale) => {
    const res = await call(login, "POST", "/api/auth/login", {
      rawBody: "{not json",
      headers: header ? { "accept-language": header } : {},
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: "error", message: malformed[locale] });
    expect(res.headers.get("content-language")).toBe(locale);
  });

  const unsupported = {
    en: "Send the request body as JSON (Content-Type: application/json).",
    es: "Envía el cuerpo de la petición en JSON (Content-Type: application/json).",
    ca: "Envia el cos de la petició en JSON (Content-Type: application/json).",
  };
  it.each(LANGUAGES)("a form-encoded body keeps its code, %s", async (_label, header, locale) => {
    const res = await call(login, "POST", "/api/auth/login", {
      rawBody: "email=a@b.c",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(header ? { "accept-language": header } : {}),
      },
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ status: "error", code: "unsupported_media_type", message: unsupported[locale] });
  });

  // Messages from shared code that still answers in English are translated too.
  const wrongPassword = {
    en: "Invalid email or password",
    es: "Correo electrónico o contraseña incorrectos",
    ca: "Correu electrònic o contrasenya incorrectes",
  };
  it.each(LANGUAGES)("a wrong password, %s", async (_label, header, locale) => {
    const { email } = await registerCustomer();
    const res = await call(login, "POST", "/api/auth/login", {
      body: { email, password: "not the password" },
      headers: header ? { "accept-language": header } : {},
    });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(wrongPassword[locale]);
  });

  it.each(LANGUAGES)("no session on GET /api/auth/me, %s", async (_label, header, locale) => {
    const res = await call(me, "GET", "/api/auth/me", { headers: header ? { "accept-language": header } : {} });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(
      { en: "Not authenticated", es: "No has iniciado sesión", ca: "No has iniciat la sessió" }[locale],
    );
  });

  it("an Idempotency-Key that is malformed keeps its code in Catalan", async () => {
    const res = await call(tap, "POST", "/api/tap", {
      body: { id: "any-tag" },
      headers: { "idempotency-key": "short", "accept-language": "ca-ES" },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_idempotency_key");
    expect(res.json.message).toMatch(/^Idempotency-Key ha de tenir de 8 a 128 caràcters/);
  });
});

describe("a visit's messages", () => {
  beforeAll(() => {
    process.env.LOYALTAP_TEST_CLOCK = "1";
  });

  it("a visit, a reward and the daily limit, in Spanish; the reward's name as the owner wrote it", async () => {
    const { tag } = await createBusiness({ programs: [stampsProgram(2, { rewardName: "1000 puntos extra" })] });
    const customer = await createUser();
    const visit = (day: number) =>
      call(tap, "POST", "/api/tap", {
        body: { id: tag.id },
        bearer: customer.bearer,
        headers: { "accept-language": "es-ES", "x-loyaltap-now": `2026-05-0${day}T10:00:00Z` },
      });
    expect((await visit(1)).json.message).toBe("Hemos registrado tu visita.");
    const second = await visit(2);
    expect(second.json.rewards_earned).toHaveLength(1);
    const name = (second.json.rewards_earned as { name: string }[])[0]!.name;
    expect(name).toBe("1000 puntos extra");
    expect(second.json.message).toBe("¡Has conseguido 1000 puntos extra!");
  });

  it("the tap's refusals read word for word as the spec has them in English, and in Spanish when asked", async () => {
    const { owner, tag } = await createBusiness({ dailyTapLimit: 1 });
    const customer = await createUser();
    const unclaimed = await db.tag.create({ data: { id: `unclaimed-${customer.user.id}` } });
    const refusals = (header?: string) => {
      const post = (id: string, bearer?: string) =>
        call(tap, "POST", "/api/tap", {
          body: { id },
          ...(bearer ? { bearer } : {}),
          headers: { "x-loyaltap-now": "2026-05-09T10:00:00Z", ...(header ? { "accept-language": header } : {}) },
        });
      return Promise.all([post(tag.id), post(tag.id, owner.bearer), post(unclaimed.id, customer.bearer)]).then(
        (answers) => answers.map((res) => [res.json.code, res.json.message]),
      );
    };
    // The day's one visit first, then the limit in both languages.
    const limited = async (header?: string) => {
      const res = await call(tap, "POST", "/api/tap", {
        body: { id: tag.id },
        bearer: customer.bearer,
        headers: { "x-loyaltap-now": "2026-05-09T10:00:00Z", ...(header ? { "accept-language": header } : {}) },
      });
      return [res.status, res.json.message];
    };
    expect((await limited())[0]).toBe(200);
    expect(await limited()).toEqual([429, "You have reached the maximum number of taps allowed for today."]);
    expect(await limited("es")).toEqual([429, "Has llegado al máximo de visitas permitidas por hoy."]);
    expect(await refusals()).toEqual([
      ["not_authenticated", "Please log in to record your visit."],
      ["own_business", "This is your own business's tag: your customers' taps are recorded here."],
      ["tag_not_claimed", "This tag is not linked to a business yet."],
    ]);
    expect(await refusals("es-ES,es;q=0.9")).toEqual([
      ["not_authenticated", "Inicia sesión para registrar tu visita."],
      ["own_business", "Esta es la etiqueta de tu propio negocio: aquí se registran las visitas de tus clientes."],
      ["tag_not_claimed", "Esta etiqueta todavía no está vinculada a ningún negocio."],
    ]);
  });

  it("an owner checking their own tag reads it in Catalan", async () => {
    const { owner, tag } = await createBusiness();
    const res = await call(tapCheck, "GET", "/api/tap", {
      query: { id: tag.id },
      bearer: owner.bearer,
      headers: { "accept-language": "ca" },
    });
    expect(res.json).toMatchObject({ redirect_to_dashboard: true, message: "Aquesta etiqueta és del teu negoci." });
  });
});

describe("what decides the API's language", () => {
  it("the language cookie does not: an API call without Accept-Language is English", async () => {
    const res = await call(me, "GET", "/api/auth/me", { cookie: "loyaltap-locale=es" });
    expect(res.json.message).toBe("Not authenticated");
    expect(res.headers.get("content-language")).toBe("en");
  });

  it("a language we do not speak, or one refused with q=0, falls back to English", async () => {
    for (const header of ["fr-FR,de;q=0.8", "es;q=0, fr"]) {
      const res = await call(me, "GET", "/api/auth/me", { headers: { "accept-language": header } });
      expect(res.json.message).toBe("Not authenticated");
    }
  });

  it("a success message is translated too, and the session still comes with it", async () => {
    const res = await call(register, "POST", "/api/auth/register", {
      body: { email: uniqueEmail("i18n"), password: PASSWORD, metadata: { first_name: "Pau" }, tap_id: null },
      headers: { "accept-language": "ca" },
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("Compte creat");
    expect(res.json.session).toEqual(expect.objectContaining({ access_token: expect.any(String) }));
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it("a waiting time is worded in the client's language", async () => {
    const { email } = await registerCustomer();
    const ip = "10.250.1.1";
    let last = await call(login, "POST", "/api/auth/login", { body: { email, password: "wrong" } });
    for (let i = 0; i < 12 && last.status !== 429; i++) {
      last = await call(login, "POST", "/api/auth/login", {
        body: { email, password: "wrong" },
        headers: { "x-loyaltap-client-ip": ip, "accept-language": "es" },
      });
    }
    expect(last.status).toBe(429);
    expect(last.json.code).toBe("too_many_attempts");
    expect(last.json.message).toMatch(
      /^Demasiados intentos fallidos de iniciar sesión\. Vuelve a intentarlo en \d+ (minuto|minutos|horas)\.$/,
    );
    const english = await call(login, "POST", "/api/auth/login", {
      body: { email, password: "wrong" },
      headers: { "x-loyaltap-client-ip": ip },
    });
    expect(english.json.message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ (minute|minutes|hours)\.$/,
    );
  });
});

describe("the messages shared code answers with, as an API client reads them", () => {
  // English word for word as the API has always answered, and each one translated.
  it.each([
    [message("api.crossSite"), "Cross-site requests are not allowed. Send this request from the Loyaltap site itself."],
    [INVALID_CREDENTIALS, "Invalid email or password"],
    [CURRENT_PASSWORD_REQUIRED, "Enter your current password."],
    [CURRENT_PASSWORD_WRONG, "Your current password is not correct."],
    [TAG_NOT_VERIFIED_MESSAGE, "This tag could not be verified."],
    [TAP_REPLAYED_MESSAGE, "This tap link was already used. Tap the tag again."],
    [IDEMPOTENCY_KEY_MESSAGE, "Idempotency-Key must be 8 to 128 characters: letters, digits, '-', '_', '.' or ':'."],
    [LIMIT_REACHED_MESSAGE, "You have reached the maximum number of taps allowed for today."],
    [EMAIL_NOT_VERIFIED_MESSAGE, "Confirm your email address to start earning rewards: open the link we sent you."],
    [TAG_ALREADY_CLAIMED_MESSAGE, "This tag has already been claimed by another business."],
  ])("%j", async (shown, english) => {
    expect(await localizeApiBody({ message: shown }, "en")).toEqual({ message: english });
    const spanish = (await localizeApiBody({ message: shown }, "es")) as { message: string };
    expect(spanish.message).not.toBe(english);
    expect(spanish.message).not.toMatch(/^api\./);
  });

  it("a waiting time reads in English exactly as waitDescription words it", async () => {
    for (const seconds of [1, 59, 60, 61, 119, 3600, 5399, 5400, 7201, 86400]) {
      expect(await localizeApiBody({ message: tooManyMessage("api.auth.tooManySignUps", seconds) }, "en")).toEqual({
        message: `Too many sign-up attempts. Please try again in ${waitDescription(seconds)}.`,
      });
    }
  });
});

describe("every route handler under app/api answers in the client's language", () => {
  // Health is for monitors (no text for people); Auth.js answers with its own pages and redirects.
  const EXEMPT = new Set(["health/route.ts", "auth/[...nextauth]/route.ts"]);
  const root = path.join(process.cwd(), "app", "api");
  const routes = (fs.readdirSync(root, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith("route.ts") && !EXEMPT.has(file));

  it.each(routes)("%s", async (file) => {
    const handlers = Object.entries((await import(path.join(root, file))) as Record<string, unknown>).filter(([name]) =>
      /^(GET|POST|PUT|PATCH|DELETE)$/.test(name),
    );
    expect(handlers.length).toBeGreaterThan(0);
    for (const [name, handler] of handlers) expect([name, isLocalizedHandler(handler)]).toEqual([name, true]);
  });
});

describe("mail in the recipient's language", () => {
  const outbox: Mail[] = [];
  beforeAll(() => setMailer({ send: async (mail) => void outbox.push(mail) }));
  afterAll(() => setMailer(null));

  async function resetMailOf(email: string, header?: string) {
    await call(resetPassword, "POST", "/api/auth/reset-password", {
      body: { email },
      headers: header ? { "accept-language": header } : {},
    });
    return outbox.filter((mail) => mail.to === email).at(-1)!;
  }

  it("a user whose language is ca gets the reset mail in Catalan, whatever the request's language", async () => {
    const { email } = await registerCustomer();
    await db.user.update({ where: { email }, data: { language: "ca" } });
    const mail = await resetMailOf(email, "en-US");
    expect(mail.subject).toBe("Restableix la teva contrasenya de Loyaltap");
    expect(mail.text).toMatch(/^Algú ha demanat restablir la contrasenya del teu compte de Loyaltap\.\n\n/);
    expect(mail.text).toContain("l'enllaç funciona una sola vegada, durant 1 hora");
    // The link still works: the mail's language changes nothing else.
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    const done = await call(updatePassword, "POST", "/api/auth/update-password", {
      body: { token, password: "a brand new password" },
      headers: { "accept-language": "ca" },
    });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe("Contrasenya actualitzada. Ja pots iniciar la sessió amb la nova contrasenya.");
  });

  it("an English user's mail is exactly today's, even when the request asks for Spanish", async () => {
    const { email } = await registerCustomer();
    const mail = await resetMailOf(email, "es");
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(mail.subject).toBe("Reset your Loyaltap password");
    expect(mail.text).toBe(
      `Someone asked to reset the password of your Loyaltap account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    );
  });

  it("an old free-text language reads as English", async () => {
    const { email } = await registerCustomer();
    await db.user.update({ where: { email }, data: { language: "en-US" } });
    expect((await resetMailOf(email)).subject).toBe("Reset your Loyaltap password");
  });

  it("a user whose language is es gets it in Spanish", async () => {
    const { email } = await registerCustomer();
    await db.user.update({ where: { email }, data: { language: "es" } });
    const mail = await resetMailOf(email);
    expect(mail.subject).toBe("Restablece tu contraseña de Loyaltap");
    expect(mail.text).toMatch(/^Alguien ha pedido restablecer la contraseña de tu cuenta de Loyaltap\./);
  });

  it("the outbox file of a Catalan user holds the Catalan mail", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "loyaltap-outbox-"));
    jest.spyOn(console, "info").mockImplementation(() => {});
    setMailer(new OutboxMailer(dir));
    try {
      const { email } = await registerCustomer();
      await db.user.update({ where: { email }, data: { language: "ca" } });
      await call(resetPassword, "POST", "/api/auth/reset-password", { body: { email } });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const content = await readFile(path.join(dir, files[0]!), "utf8");
      expect(content).toContain(`To: ${email}\nSubject: Restableix la teva contrasenya de Loyaltap\n`);
      expect(content).toContain("Si no has estat tu, ignora aquest correu: la teva contrasenya no canvia.");
    } finally {
      setMailer({ send: async (mail) => void outbox.push(mail) });
      jest.restoreAllMocks();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
