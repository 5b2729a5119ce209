// A sentence that ends on a value ("Redeemed: {reward} for {customer}.") gets
// its own period. When the value already ends with one (a display name's
// initial, "Marc S."; a company, "Forn S.L."; a reward, "Free coffee!"), that
// period would be doubled: "…for Marc S.. Redeemed on …". Pure: the client
// components and the server show the same words.

/** `text` with the period dropped where it follows a value's own "." (not an ellipsis), "!" or "?". */
export function tidySentence(text: string): string {
  return text.replace(/(?<=(?:^|[^.])\.|[!?])\.(?!\.)/g, "");
}
