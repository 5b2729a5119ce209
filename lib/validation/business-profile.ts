import { z } from "zod";
import { isHexColor, PLACEHOLDER_ICONS } from "@/lib/business/theme";
import { localeSchema } from "@/lib/i18n/locales";
import {
  HTTP_URL_MESSAGE,
  httpUrl,
  idString,
  multiLineText,
  optionalHttpUrl as optionalHttpUrlOf,
  singleLineText,
} from "@/lib/validation/text";

export { HTTP_URL_MESSAGE };

// The owner's edit of a business's public card, shared by the form
// (react-hook-form) and the server action. Input and output have the same
// shape (no transforms beyond trimming) so the form can use it as is;
// "" means "not set" for optional text, links and colours.

export const HEX_COLOR_MESSAGE = "Use a hex colour like #4F46E5";
export const TAP_LIMIT_MESSAGE = "Daily tap limit must be between 1 and 10";
export const TIMEZONE_MESSAGE = "Choose a valid time zone";
export const MAX_KEYWORDS = 20;
export const MAX_SOCIAL_LINKS = 12;

export const THEME_COLOR_FIELDS = [
  { key: "primaryColor", label: "Primary" },
  { key: "secondaryColor", label: "Secondary" },
  { key: "accentColor", label: "Accent" },
  { key: "backgroundColor", label: "Background" },
  { key: "textColor", label: "Text" },
  { key: "descriptionColor", label: "Description" },
] as const;

/** True for a time zone name the runtime knows (e.g. "Europe/Madrid"). */
export function isValidTimezone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Only http(s): a `javascript:` or `data:` link is refused, never stored.
const requiredHttpUrl = httpUrl(HTTP_URL_MESSAGE);
const optionalHttpUrl = optionalHttpUrlOf(HTTP_URL_MESSAGE);
const optionalHexColor = singleLineText()
  .trim()
  .refine((value) => value === "" || isHexColor(value), HEX_COLOR_MESSAGE);

export const socialLinkSchema = z.object({
  network: singleLineText().trim().min(1, "Network is required").max(40, "Network names are at most 40 characters"),
  url: requiredHttpUrl,
});

export const businessThemeSchema = z.object({
  primaryColor: optionalHexColor,
  secondaryColor: optionalHexColor,
  accentColor: optionalHexColor,
  backgroundColor: optionalHexColor,
  textColor: optionalHexColor,
  descriptionColor: optionalHexColor,
  placeholderIcon: z.enum(PLACEHOLDER_ICONS, { error: "Choose one of the icons" }),
});

export const businessProfileUpdateSchema = z
  .object({
    name: singleLineText()
      .trim()
      .min(1, "Business name is required")
      .max(120, "Business names are at most 120 characters"),
    logoUrl: optionalHttpUrl,
    description: multiLineText().trim().max(2000, "Descriptions are at most 2000 characters"),
    keywords: z
      .array(singleLineText().trim().min(1).max(60, "Keywords are at most 60 characters"))
      .min(1, "At least one keyword is required")
      .max(MAX_KEYWORDS, `At most ${MAX_KEYWORDS} keywords`),
    website: optionalHttpUrl,
    phone: singleLineText()
      .trim()
      .min(1, "Phone number is required")
      .max(40, "Phone numbers are at most 40 characters"),
    address: singleLineText()
      .trim()
      .min(1, "Business address is required")
      .max(300, "Addresses are at most 300 characters"),
    socialLinks: z.array(socialLinkSchema).max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links`),
    theme: businessThemeSchema,
    dailyTapLimit: z
      .number({ error: TAP_LIMIT_MESSAGE })
      .int(TAP_LIMIT_MESSAGE)
      .min(1, TAP_LIMIT_MESSAGE)
      .max(10, TAP_LIMIT_MESSAGE),
    timezone: singleLineText().trim().refine(isValidTimezone, TIMEZONE_MESSAGE),
    // The language of the business's tap page and card; left out, the stored one stays.
    language: localeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    // The card maps network → link, so a network may appear once.
    const seen = new Set<string>();
    value.socialLinks.forEach((link, index) => {
      const key = link.network.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          message: "This network is already listed",
          path: ["socialLinks", index, "network"],
        });
      seen.add(key);
    });
    const lowered = value.keywords.map((k) => k.toLowerCase());
    if (new Set(lowered).size !== lowered.length)
      ctx.addIssue({ code: "custom", message: "Keywords must be different", path: ["keywords"] });
  });

/** The business an owner edits, as the action receives it: its id or its slug. */
export const businessIdSchema = idString("Business not found");

export type BusinessProfileUpdateInput = z.infer<typeof businessProfileUpdateSchema>;
