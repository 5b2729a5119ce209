// What the app must know when its database is the embedded PGlite, which is a
// single session underneath: a pool of one connection, and no named
// statements (lib/db/sql.ts), which would outlive the connection that
// prepared them. Used by `npm start` and by jest's global setup.
export const EMBEDDED_DATABASE_ENV = Object.freeze({
  DATABASE_POOL_MAX: "1",
  LOYALTAP_EMBEDDED_DATABASE: "1",
});
