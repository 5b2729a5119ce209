import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import auth from "@/messages/en/auth.json";
import programEditor from "@/messages/en/programEditor.json";
import rewards from "@/messages/en/rewards.json";
import tags from "@/messages/en/tags.json";
import { GoogleButton } from "@/components/auth/google-button";
import { FirstStepButton } from "@/components/business/first-step-button";
import { ProgramStatusActions } from "@/components/programs/program-status-actions";
import { ConfirmRedemptionButton, UndoRedemptionButton } from "@/components/rewards/reward-owner-actions";
import { TagRowActions } from "@/components/tags/tag-row-actions";
import { ClaimTagButton } from "@/components/tap/claim-tag-button";

// The buttons call server actions from a click handler, which does not exist
// until React hydrates: the server HTML must show them disabled, not clickable
// and silent. (The actions themselves never run here.)
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
jest.mock("@/lib/actions/login", () => ({ googleSignInAction: jest.fn() }));
jest.mock("@/lib/actions/programs", () => ({
  endProgramAction: jest.fn(),
  setProgramActiveAction: jest.fn(),
}));
jest.mock("@/lib/actions/redeem-reward", () => ({
  redeemRewardAction: jest.fn(),
  undoRedemptionAction: jest.fn(),
}));
jest.mock("@/lib/actions/tags", () => ({
  releaseTagAction: jest.fn(),
  renameTagAction: jest.fn(),
  markTagPreparedAction: jest.fn(),
}));
jest.mock("@/lib/actions/dashboard", () => ({ dismissFirstStepsAction: jest.fn() }));

const serverHtml = (node: ReactNode) =>
  renderToString(
    <NextIntlClientProvider locale="en" timeZone="Europe/Madrid" messages={{ auth, programEditor, rewards, tags }}>
      {node}
    </NextIntlClientProvider>,
  );

/** Each <button>'s text and whether it carries `disabled`. */
function buttons(html: string): { text: string; disabled: boolean }[] {
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, inner]) => ({
    text: inner!.replace(/<[^>]+>/g, "").trim(),
    disabled: /\sdisabled=""/.test(attributes!),
  }));
}

describe("action buttons before hydration", () => {
  it("renders a program's Pause and End disabled", () => {
    const found = buttons(serverHtml(<ProgramStatusActions programId="p1" programName="Coffee" active />));
    expect(found.map((b) => b.text)).toEqual(["Pause", "End program"]);
    expect(found.every((b) => b.disabled)).toBe(true);
  });

  it("renders a paused program's Resume disabled", () => {
    const found = buttons(serverHtml(<ProgramStatusActions programId="p1" programName="Coffee" active={false} />));
    expect(found[0]).toEqual({ text: "Resume", disabled: true });
  });

  it("renders a tag's Rename and Release disabled", () => {
    const found = buttons(serverHtml(<TagRowActions tagId="TAG1" label="Door" />));
    expect(found).toEqual([
      { text: "Rename", disabled: true },
      { text: "Release", disabled: true },
    ]);
  });

  it("renders the owner's Confirm and Undo of a reward disabled", () => {
    const found = buttons(
      serverHtml(
        <>
          <ConfirmRedemptionButton rewardId="r1" businessId="b1" />
          <UndoRedemptionButton rewardId="r1" />
        </>,
      ),
    );
    expect(found).toHaveLength(2);
    expect(found.every((b) => b.disabled)).toBe(true);
  });

  it("renders the first steps' 'Hide this list' and 'printed or written' disabled", () => {
    const found = buttons(
      serverHtml(
        <>
          <FirstStepButton kind="dismiss" id="b1" label="Hide this list" />
          <FirstStepButton kind="prepared" id="TAG1" label="I've printed or written this tag" />
        </>,
      ),
    );
    expect(found).toEqual([
      { text: "Hide this list", disabled: true },
      { text: "I&#x27;ve printed or written this tag", disabled: true },
    ]);
  });

  it("renders 'Continue with Google' disabled", () => {
    const found = buttons(serverHtml(<GoogleButton redirect={null} label="Continue with Google" />));
    expect(found).toEqual([{ text: expect.stringContaining("Continue with Google"), disabled: true }]);
  });

  // A navigation, not an action: it works before hydration as a plain GET form
  // to the same address the click leads to once the page is interactive.
  it.each([
    [false, 'action="/claim/register"', 'name="tap_id" value="cafe-1"'],
    [true, 'action="/dashboard/tag/claim/cafe-1"', 'name="tagId" value="cafe-1"'],
  ])("renders 'Claim Tag' (signed in: %s) as an enabled submit of a GET form", (signedIn, action, field) => {
    const html = serverHtml(<ClaimTagButton tagId="cafe-1" signedIn={signedIn} />);
    expect(buttons(html)).toEqual([{ text: "Claim Tag", disabled: false }]);
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toContain(action);
    expect(html).toContain(field);
  });
});
