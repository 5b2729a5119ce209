import { getUserFromHeaders } from "@/lib/auth/current-user";
import { exportBatches, getExportBusiness, isBusinessLocation, logExport } from "@/lib/db/export";
import { csvRow, UTF8_BOM } from "@/lib/export/csv";
import { exportCells, exportFileName, exportHeaderKeys } from "@/lib/export/columns";
import { periodBounds } from "@/lib/export/period";
import { apiError } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { storedLocale } from "@/lib/i18n/locales";
import { message } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { fieldErrorsOf, firstIssue } from "@/lib/validation/errors";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { exportParamsSchema } from "@/lib/validation/customers";
import { displayZone } from "@/lib/time/display-zone";

// GET /api/business/[id]/export?kind=customers|visits|rewards&from=&to=&location= → a
// CSV download for the business's owner (docs/owner-tools.md, "Export"; a location:
// docs/locations.md, "What owners and customers see"). Staff
// and everyone else get the 404 of a business that does not exist. The file is
// streamed: each batch of rows is read from the database when the client is
// ready for more, so memory stays flat whatever the file's length.
type Context = { params: Promise<{ id: string }> };

export const GET = localized(async (request: Request, context: Context) => {
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const { id } = await context.params;
  const business = businessIdSchema.safeParse(id).success ? await getExportBusiness(user.id, id) : null;
  if (!business) return apiError(404, "api.export.notFound");

  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = exportParamsSchema.safeParse(query);
  if (!parsed.success) {
    return apiError(400, firstIssue(parsed.error, "api.invalidRequest"), { errors: fieldErrorsOf(parsed.error) });
  }
  const { kind, from, to, location } = parsed.data;
  // A location of another business (or none at all) is refused as a malformed one, before anything is logged.
  if (location && !(await isBusinessLocation(business.id, location))) {
    return apiError(400, "api.export.badLocation", { errors: { location: message("api.export.badLocation") } });
  }
  const period = from && to ? periodBounds(from, to, business.timezone) : null;
  await logExport(user.id, user.name, business.id, {
    kind,
    from: from ?? null,
    to: to ?? null,
    ...(location ? { location } : {}),
  });

  const t = await getKeyTranslator(storedLocale(user.language));
  const header = csvRow(exportHeaderKeys(kind).map((key) => t(`customers.export.columns.${key}`)));
  const now = new Date();
  const encoder = new TextEncoder();
  const batches = exportBatches(kind, user.id, business.id, period, location ?? null);
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + header));
      },
      // One batch per pull: the stream asks for more only when the client has read what it has.
      async pull(controller) {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        let text = "";
        for (const row of next.value) text += csvRow(exportCells(kind, row, displayZone(business.timezone), now));
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(business.slug, kind, from, to)}"`,
      "Cache-Control": "no-store",
    },
  });
});
