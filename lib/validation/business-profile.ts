import { z } from "zod";
import { OWNER_SUMMARY_FREQUENCIES } from "@/lib/business/owner-summary";
import { isValidTimezone } from "@/lib/business/timezone";
import { isHexColor, PLACEHOLDER_ICONS } from "@/lib/business/theme";
import { localeSchema } from "@/lib/i18n/locales";
import { REQUIRED_MESSAGE } from "@/lib/validation/issue-messages";
import { phoneNumber } from "@/lib/validation/phone";
import {
  HTTP_URL_MESSAGE,
  httpUrl,
  idString,
  mailSafeName,
  multiLineText,
  optionalHttpUrl as optionalHttpUrlOf,
  optionalWebsiteUrl,
  singleLineText,
} from "@/lib/validation/text";

export { HTTP_URL_MESSAGE };

// The owner's edit of a business's public card, shared by the form
// (react-hook-form) and the server action. Input and output have the same
// shape (no transforms beyond trimming, and https:// before a website typed
// without one) so the form can use it as is; "" means "not set" for optional
// text, links and colours.

// Messages are catalog keys (dashboard.profile.validation.*): the editor and the
// action show them in the owner's language.
export const HEX_COLOR_MESSAGE = "dashboard.profile.validation.hexColor";
export const TAP_LIMIT_MESSAGE = "dashboard.profile.validation.tapLimit";
export const TIMEZONE_MESSAGE = "dashboard.profile.validation.timezone";
export const OWNER_SUMMARY_MESSAGE = "dashboard.profile.validation.ownerSummary";
export const MAX_KEYWORDS = 20;
export const MAX_SOCIAL_LINKS = 12;

/** The theme's colours, in the editor's order (their names: dashboard.profile.theme.colors.<key>). */
export const THEME_COLOR_FIELDS = [
  "primaryColor",
  "secondaryColor",
  "accentColor",
  "backgroundColor",
  "textColor",
  "descriptionColor",
] as const;

export { isValidTimezone };

// Only http(s): a `javascript:` or `data:` link is refused, never stored.
const requiredHttpUrl = httpUrl(HTTP_URL_MESSAGE);
const optionalHttpUrl = optionalHttpUrlOf(HTTP_URL_MESSAGE);
const optionalHexColor = singleLineText()
  .trim()
  .refine((value) => value === "" || isHexColor(value), HEX_COLOR_MESSAGE);

export const socialLinkSchema = z.object({
  network: singleLineText()
    .trim()
    .min(1, "dashboard.profile.validation.networkRequired")
    .max(40, "dashboard.profile.validation.networkTooLong"),
  url: requiredHttpUrl,
});

export const businessThemeSchema = z.object({
  primaryColor: optionalHexColor,
  secondaryColor: optionalHexColor,
  accentColor: optionalHexColor,
  backgroundColor: optionalHexColor,
  textColor: optionalHexColor,
  descriptionColor: optionalHexColor,
  placeholderIcon: z.enum(PLACEHOLDER_ICONS, { error: "dashboard.profile.validation.icon" }),
});

export const businessProfileUpdateSchema = z
  .object({
    name: mailSafeName()
      .trim()
      .min(1, "dashboard.profile.validation.nameRequired")
      .max(120, "dashboard.profile.validation.nameTooLong"),
    logoUrl: optionalHttpUrl,
    description: multiLineText().trim().max(2000, "dashboard.profile.validation.descriptionTooLong"),
    keywords: z
      .array(singleLineText().trim().min(1, REQUIRED_MESSAGE).max(60, "dashboard.profile.validation.keywordTooLong"))
      .min(1, "dashboard.profile.validation.keywordsRequired")
      .max(MAX_KEYWORDS, "dashboard.profile.validation.keywordsMax"),
    website: optionalWebsiteUrl(),
    // Stored in E.164 (lib/validation/phone.ts).
    phone: phoneNumber("dashboard.profile.validation.phoneRequired"),
    address: singleLineText()
      .trim()
      .min(1, "dashboard.profile.validation.addressRequired")
      .max(300, "dashboard.profile.validation.addressTooLong"),
    socialLinks: z.array(socialLinkSchema).max(MAX_SOCIAL_LINKS, "dashboard.profile.validation.socialLinksMax"),
    theme: businessThemeSchema,
    dailyTapLimit: z
      .number({ error: TAP_LIMIT_MESSAGE })
      .int(TAP_LIMIT_MESSAGE)
      .min(1, TAP_LIMIT_MESSAGE)
      .max(10, TAP_LIMIT_MESSAGE),
    timezone: singleLineText().trim().refine(isValidTimezone, TIMEZONE_MESSAGE),
    // The language of the business's tap page and card; left out, the stored one stays.
    language: localeSchema.optional(),
    // "Start my card" on the tag page (docs/authentication.md, "Guests"); left out, the stored choice stays.
    guestCards: z.boolean({ error: "dashboard.profile.validation.guestCards" }).optional(),
    // The owner's summary mail (off, daily or weekly); left out, the stored choice stays.
    ownerSummary: z.enum(OWNER_SUMMARY_FREQUENCIES, { error: OWNER_SUMMARY_MESSAGE }).optional(),
  })
  .superRefine((value, ctx) => {
    // The card maps network → link, so a network may appear once.
    const seen = new Set<string>();
    value.socialLinks.forEach((link, index) => {
      const key = link.network.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          message: "dashboard.profile.validation.networkListed",
          path: ["socialLinks", index, "network"],
        });
      seen.add(key);
    });
    const lowered = value.keywords.map((k) => k.toLowerCase());
    if (new Set(lowered).size !== lowered.length)
      ctx.addIssue({ code: "custom", message: "dashboard.profile.validation.keywordsDifferent", path: ["keywords"] });
  });

/** The business an owner edits, as the action receives it: its id or its slug. */
export const businessIdSchema = idString("dashboard.business.notFound");

export type BusinessProfileUpdateInput = z.infer<typeof businessProfileUpdateSchema>;
