/**
 * Every namespace the client components of components/auth show: their own
 * texts, the schemas' validation keys and the action builder's failures
 * (errors.*; settings.* for the dashboard's actions they call). A provider
 * around them lists all of these, since nested providers do not merge.
 */
export const AUTH_CLIENT_NAMESPACES = ["auth", "validation", "errors", "settings"] as const;
