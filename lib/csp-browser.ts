// Browser settings the Content-Security-Policy needs, run inline in <head>
// before any app code. zod 4 probes whether it may compile validators with
// `new Function`; under a CSP without 'unsafe-eval' the probe is refused and
// the browser reports a violation even though zod catches it. Its global
// config (kept on globalThis) turns the probe off: validators run
// uncompiled, as they would after a refused probe.
export const cspBrowserScript = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});`;
