"use client";

// The same notice as the signed-in /tap's: the browser's address is /tap?id= on both.
export { default } from "@/app/(site)/[locale]/tap/error";
