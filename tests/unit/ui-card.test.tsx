import { renderToStaticMarkup } from "react-dom/server";
import { Card } from "@/components/ui/card";
import { TapCard } from "@/components/tap/tap-card";
import { cn } from "@/lib/utils";

const classesOf = (html: string) => (/class="([^"]*)"/.exec(html)?.[1] ?? "").split(" ");

describe("cn", () => {
  it("drops falsy parts and lets a later class replace an earlier one of the same kind", () => {
    expect(cn("rounded-2xl p-4", false && "hidden", null, "rounded-xl")).toBe("p-4 rounded-xl");
  });

  it("keeps classes of different kinds that share a prefix (text size and text colour)", () => {
    expect(cn("text-sm", "text-slate-500")).toBe("text-sm text-slate-500");
  });
});

describe("Card", () => {
  it("is the bordered light/dark box, on the element asked for, with the caller's layout", () => {
    const html = renderToStaticMarkup(
      <Card as="li" className="space-y-3 p-4" data-testid="card">
        x
      </Card>,
    );
    expect(html.startsWith("<li")).toBe(true);
    expect(html).toContain('data-testid="card"');
    expect(classesOf(html)).toEqual(
      expect.arrayContaining([
        "border",
        "border-slate-200",
        "bg-white",
        "dark:border-slate-800",
        "dark:bg-slate-900",
        "rounded-2xl",
        "space-y-3",
        "p-4",
      ]),
    );
  });

  it("takes the caller's rounding instead of its own", () => {
    const classes = classesOf(renderToStaticMarkup(<Card className="rounded-xl">x</Card>));
    expect(classes).toContain("rounded-xl");
    expect(classes).not.toContain("rounded-2xl");
  });

  it("shows a warning tap card in amber only, not amber on top of the neutral colours", () => {
    const classes = classesOf(
      renderToStaticMarkup(
        <TapCard title="Notice" tone="warning">
          x
        </TapCard>,
      ),
    );
    expect(classes).toEqual(
      expect.arrayContaining(["border-amber-300", "bg-amber-50", "dark:border-amber-700", "dark:bg-amber-950"]),
    );
    expect(classes).not.toEqual(expect.arrayContaining(["bg-white"]));
    expect(classes.filter((c) => c.startsWith("dark:bg-"))).toEqual(["dark:bg-amber-950"]);
  });
});
