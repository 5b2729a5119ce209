// next-intl reads the request's locale from this header where no page named one
// (server actions, route segments rendered on their own); the proxy sets it to the
// reader's language, and the global not-found page reads it back.
export const NEXT_INTL_LOCALE_HEADER = "X-NEXT-INTL-LOCALE";
