import { ImageResponse } from "next/og";
import { contrastRatio, readableTextOn } from "@/lib/business/theme";
import { getPublicBusinessBySlug } from "@/lib/db/businesses";
import { siteName } from "@/lib/site";
import { slugSchema } from "@/lib/validation/params";

// The preview image shown when the card's link is shared: the business name
// in its own colours. ImageResponse's built-in font: nothing fetched.
// Drawn per request (crawlers fetch it rarely), so it follows every edit.
// It has no words of ours, so one image serves every language; the card's
// metadata names it with an `alt` in the page's language. It sits outside the
// (card) route group so its URL stays /b/<slug>/opengraph-image (Next.js adds a
// suffix to metadata images inside a route group).
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const business = slugSchema.safeParse(slug).success ? await getPublicBusinessBySlug(slug) : null;
  const name = business?.name ?? siteName;
  const theme = business?.theme;
  const background = theme?.backgroundColor ?? "#ffffff";
  const primary = theme?.primaryColor ?? "#4F46E5";
  const secondary = theme?.secondaryColor ?? "#7C3AED";
  const text = theme?.textColor ?? readableTextOn(background);
  // The brand colour for the footer only where it can be read.
  const footer = contrastRatio(primary, background) >= 3 ? primary : text;
  const description = business?.description ? business.description.slice(0, 140) : null;
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", background }}>
      <div
        style={{ height: 36, display: "flex", backgroundImage: `linear-gradient(90deg, ${primary}, ${secondary})` }}
      />
      <div
        style={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          padding: "0 80px",
          color: text,
        }}
      >
        <div style={{ fontSize: 88, fontWeight: 700, lineHeight: 1.1, display: "flex" }}>{name}</div>
        {description ? (
          <div
            style={{
              marginTop: 28,
              fontSize: 36,
              lineHeight: 1.3,
              display: "flex",
              color: theme?.descriptionColor ?? text,
            }}
          >
            {description}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", justifyContent: "flex-end", padding: "0 80px 48px", fontSize: 32, color: footer }}>
        {siteName}
      </div>
    </div>,
    size,
  );
}
