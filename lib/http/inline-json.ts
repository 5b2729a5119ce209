/**
 * JSON for an inline <script> data block (type="application/json" or
 * "application/ld+json"): every `<` is escaped so text like "</script>" cannot end
 * the script. (U+2028/2029 too, for older JavaScript parsers reading it.)
 */
export function inlineScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
