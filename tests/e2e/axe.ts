import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page looks as it will stay: React has hydrated its forms (a
 * ClientForm's fieldset is disabled in the server HTML, components/ui/client-form.tsx)
 * and no transition or animation with an end is running (a spinner's never ends).
 * A scan made earlier measures a button halfway through its fade from disabled
 * (60% opacity) to enabled, a contrast nobody reads for longer than 150 ms.
 */
export async function expectSettled(page: Page) {
  await expect(page.locator("fieldset:disabled")).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe-core's serious and critical WCAG 2.1 A/AA findings on the settled page (none expected), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expectSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
