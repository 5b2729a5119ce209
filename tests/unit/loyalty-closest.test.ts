// The dashboard's "closest to a reward": the programs where a customer has the fewest steps left.
import { closestToReward, describeProgress, stepsToReward } from "@/lib/loyalty";

const stamps = (name: string, count: number, stampsRequired: number) => ({
  name,
  progress: describeProgress("stamps", { stampsRequired }, { count, total: count }),
});

describe("closest to a reward", () => {
  it("puts the card one stamp from its reward before a longer way off", () => {
    const entries = [stamps("far", 1, 10), stamps("near", 4, 5), stamps("middle", 2, 5)];
    expect(closestToReward(entries, 3).map((e) => e.name)).toEqual(["near", "middle", "far"]);
  });

  it("breaks a tie of steps left by the share already done, and keeps to the limit", () => {
    const entries = [stamps("half", 2, 4), stamps("most", 8, 10), stamps("other", 0, 20)];
    expect(closestToReward(entries, 2).map((e) => e.name)).toEqual(["most", "half"]);
  });

  it("leaves out programs that count towards nothing", () => {
    const birthday = { name: "birthday", progress: describeProgress("birthday", {}, null) };
    expect(stepsToReward(birthday.progress)).toBeNull();
    expect(closestToReward([birthday, stamps("card", 0, 3)], 3).map((e) => e.name)).toEqual(["card"]);
  });
});
