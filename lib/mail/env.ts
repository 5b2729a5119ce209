import "server-only";
import { defineSettings, settingsReader, text, url, withDefault } from "@/lib/env";

// Where mail goes and who sends it (docs/operations.md#mail).
export const mailSettings = defineSettings({
  schema: {
    // Mail (docs/operations.md#mail).
    SMTP_URL: url(["smtp:", "smtps:"], "smtp://user:pass@smtp.example:587"),
    MAIL_FROM: withDefault(text(), "Loyaltap <no-reply@loyaltap.local>"),
    MAIL_OUTBOX_DIR: text(),
  },
});

/** This process's values of the settings above. */
export const mailEnv = settingsReader(mailSettings);
