import type { CSSProperties } from "react";
import type { PublicBusiness } from "@/lib/business/public-business";
import { displayHostname, keywordIconFor, safeHttpUrl, socialLinks, telHref } from "@/lib/business/display";
import { readableTextOn } from "@/lib/business/theme";
import { formatPhone } from "@/lib/validation/phone";
import { ContactIconSvg, PlaceholderIconSvg, SocialIconSvg } from "@/components/business/icons";

type CardBusiness = Pick<
  PublicBusiness,
  "name" | "logoUrl" | "description" | "keywords" | "website" | "phone" | "address" | "socialMedia" | "theme"
>;

/** The card's own words in one language (businessCardText builds them from the catalog). */
export type BusinessCardText = {
  keywords: string;
  socialLinks: string;
  logoAlt: string;
  /** A keyword that is a category label → its name in the card's language; other keywords show as typed. */
  keywordLabels: Readonly<Record<string, string>>;
};

/**
 * The public business card, themed with the business's colours.
 * Server-renderable; also used by the owner's live preview. Links are
 * re-checked here so a non-http(s) value can never reach an href.
 */
export function BusinessCard({
  business,
  headingLevel = 2,
  text,
}: {
  business: CardBusiness;
  headingLevel?: 1 | 2;
  /** Left out by the owner's live preview, which is in English like the rest of the dashboard. */
  text?: BusinessCardText;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { theme } = business;
  const onPrimary = readableTextOn(theme.primaryColor);
  const onAccent = readableTextOn(theme.accentColor);
  const logoUrl = safeHttpUrl(business.logoUrl);
  const website = safeHttpUrl(business.website);
  const hostname = displayHostname(website);
  const tel = business.phone ? telHref(business.phone) : null;
  const socials = socialLinks(business.socialMedia);
  const words = text ?? {
    keywords: "Keywords",
    socialLinks: "Social links",
    logoAlt: `${business.name} logo`,
    keywordLabels: {},
  };
  const cardStyle: CSSProperties = { backgroundColor: theme.backgroundColor, color: theme.textColor };

  return (
    <article
      aria-label={business.name}
      data-testid="business-card"
      style={cardStyle}
      className="overflow-hidden rounded-2xl border border-black/10 shadow-sm"
    >
      <div
        aria-hidden="true"
        className="h-3"
        style={{ backgroundImage: `linear-gradient(90deg, ${theme.primaryColor}, ${theme.secondaryColor})` }}
      />
      <div className="space-y-5 p-6">
        <div className="flex items-center gap-4">
          {logoUrl ? (
            // A plain img: the logo may live on any host, which next/image would need allow-listed.
            // eslint-disable-next-line @next/next/no-img-element -- see the line above
            <img
              src={logoUrl}
              alt={words.logoAlt}
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              className="h-16 w-16 shrink-0 rounded-xl object-cover"
            />
          ) : (
            <span
              data-testid="placeholder-icon"
              data-icon={theme.placeholderIcon}
              className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl"
              style={{ backgroundColor: theme.primaryColor, color: onPrimary }}
            >
              <PlaceholderIconSvg icon={theme.placeholderIcon} size={32} />
            </span>
          )}
          <Heading className="text-2xl font-bold break-words">{business.name}</Heading>
        </div>

        {business.description ? (
          <p className="whitespace-pre-line" style={{ color: theme.descriptionColor }}>
            {business.description}
          </p>
        ) : null}

        {business.keywords.length > 0 ? (
          <ul aria-label={words.keywords} className="flex flex-wrap gap-2">
            {business.keywords.map((keyword) => {
              const icon = keywordIconFor(keyword);
              return (
                <li
                  key={keyword}
                  className="inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-medium"
                  style={{ backgroundColor: theme.accentColor, color: onAccent }}
                >
                  {icon ? <SocialIconSvg icon={icon} size={14} /> : null}
                  {words.keywordLabels[keyword] ?? keyword}
                </li>
              );
            })}
          </ul>
        ) : null}

        {website || business.phone || business.address ? (
          <ul className="space-y-2 text-sm">
            {website ? (
              <li className="flex items-center gap-2">
                <ContactIconSvg icon="globe" />
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium underline underline-offset-2"
                >
                  {hostname}
                </a>
              </li>
            ) : null}
            {business.phone ? (
              <li className="flex items-center gap-2">
                <ContactIconSvg icon="phone" />
                {tel ? (
                  <a href={tel} className="font-medium underline underline-offset-2">
                    {formatPhone(business.phone)}
                  </a>
                ) : (
                  <span>{formatPhone(business.phone)}</span>
                )}
              </li>
            ) : null}
            {business.address ? (
              <li className="flex items-center gap-2">
                <ContactIconSvg icon="pin" />
                <address className="not-italic">{business.address}</address>
              </li>
            ) : null}
          </ul>
        ) : null}

        {socials.length > 0 ? (
          <ul aria-label={words.socialLinks} className="flex flex-wrap gap-2">
            {socials.map((social) => (
              <li key={social.network}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  title={social.label}
                  data-network={social.icon}
                  className="flex h-10 w-10 items-center justify-center rounded-full transition hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-2"
                  style={{ backgroundColor: theme.primaryColor, color: onPrimary }}
                >
                  <SocialIconSvg icon={social.icon} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
