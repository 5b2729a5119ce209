// The product name shown in titles; NEXT_PUBLIC_SITE_NAME overrides it. Its
// own module because client components show it too (the site header on the
// error screens), and lib/env.ts is server-only: Next.js writes this public
// variable into the bundle at build time, so it is read spelled out here,
// with lib/env.ts's default.
export const siteName = process.env.NEXT_PUBLIC_SITE_NAME || "Loyaltap";
