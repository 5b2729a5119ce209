// How long a QR presence token lives and how often the open overlay renews it
// (docs/authentication.md, "QR presence tokens"). No crypto here: the
// overlay's client code reads these too.

/** How long a token is valid after it is made. */
export const QR_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How often the open overlay fetches a fresh one: a scanned QR has at least TTL − REFRESH (3 minutes) left. */
export const QR_TOKEN_REFRESH_MS = 2 * 60 * 1000;
/** The query parameter of /qr/{userId} that carries it. */
export const QR_TOKEN_PARAM = "t";
