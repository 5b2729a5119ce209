import { expect, test } from "@playwright/test";
import { runSql } from "./server";
import { SHOTS_DIR, signUpOwner, uniqueTag } from "./support";

// Tag health on the owner's tag list (docs/tag-health.md), on a phone: each tag
// says when it was last tapped, its taps today against its usual day (or "new
// tag"), and for a secure tag its chip's counter and the week's replayed links.
// Four weeks of visits are written into the server's database: the app's own
// forms cannot make history in the past.
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

test("the owner's tag list shows the last tap, today against the usual day, and a secure chip's counter", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tagId = uniqueTag("health");
  const freshTag = uniqueTag("health-new");
  const { businessId } = await signUpOwner(page, { tagId });

  // 28 days of 30 taps (at 10:00 local), then 12 today in the last seconds; claimed 40 days ago, secure, with a chip.
  await runSql(
    `UPDATE "Tag" SET "claimedAt" = now() - interval '40 days', "label" = 'Counter', "secure" = true WHERE "id" = $1`,
    [tagId],
  );
  await runSql(
    `INSERT INTO "Tap" ("id", "businessId", "tagId", "source", "day", "createdAt", "sunCounter")
     SELECT gen_random_uuid()::text, b."id", $2, 'TAG',
            (now() AT TIME ZONE b."timezone")::date - d,
            ((((now() AT TIME ZONE b."timezone")::date - d) + time '10:00' + make_interval(mins => i)) AT TIME ZONE b."timezone") AT TIME ZONE 'UTC',
            NULL
     FROM "Business" b, generate_series(1, 28) d, generate_series(1, 30) i
     WHERE b."id" = $1`,
    [businessId, tagId],
  );
  await runSql(
    `INSERT INTO "Tap" ("id", "businessId", "tagId", "source", "day", "createdAt", "sunCounter")
     SELECT gen_random_uuid()::text, b."id", $2, 'TAG', (now() AT TIME ZONE b."timezone")::date,
            (now() AT TIME ZONE 'UTC') - make_interval(secs => 13 - i), CASE WHEN i = 11 THEN 100 WHEN i = 12 THEN 140 END
     FROM "Business" b, generate_series(1, 12) i WHERE b."id" = $1`,
    [businessId, tagId],
  );
  await runSql(
    `INSERT INTO "SecureTagChip" ("tagId", "uid", "lastCounter", "lastVerifiedAt") VALUES ($1, '04A1B2C3D4E5F6', 140, now() AT TIME ZONE 'UTC')`,
    [tagId],
  );
  await runSql(
    `INSERT INTO "TagRejection" ("tagId", "day", "reason", "count", "lastAt")
     SELECT $1, (now() AT TIME ZONE b."timezone")::date, 'REPLAY', 2, now() AT TIME ZONE 'UTC' FROM "Business" b WHERE b."id" = $2`,
    [tagId, businessId],
  );
  // A tag claimed today: no history yet.
  await runSql(
    `INSERT INTO "Tag" ("id", "businessId", "claimedAt", "createdAt", "updatedAt") VALUES ($1, $2, now(), now(), now())`,
    [freshTag, businessId],
  );

  await page.goto(`/dashboard/business/${businessId}?tab=tags`);
  const row = page.getByTestId(`tag-${tagId}`);
  await expect(row.getByTestId("tag-last-tap")).toHaveText(/^Last tap (this minute|1 minute ago)$/);
  await expect(row.getByTestId("tag-today")).toHaveText("12 today · usually 30");
  await expect(row.getByTestId("tag-chip")).toHaveText("Chip counter 140");
  await expect(row.getByTestId("tag-chip-jump")).toContainText("39 reads nobody recorded");
  await expect(row.getByTestId("tag-replays")).toHaveText("2 replayed links this week");
  const fresh = page.getByTestId(`tag-${freshTag}`);
  await expect(fresh.getByTestId("tag-last-tap")).toHaveText("No taps yet");
  await expect(fresh.getByTestId("tag-today")).toHaveText("0 today · new tag");
  await expect(fresh.getByTestId("tag-chip")).toHaveCount(0);

  // The phone's viewport with the tag's row at the top (the app's bottom bar stays fixed over a full-page shot).
  await row.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${SHOTS_DIR}/tag-health-list.png` });
});
