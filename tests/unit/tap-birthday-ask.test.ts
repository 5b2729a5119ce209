// When the birthday question is worth asking: only where a birthday program runs and none is on file.
import { asksBirthday } from "@/lib/tap/programs";

describe("the birthday question", () => {
  const birthday = { type: "birthday" };
  const stamps = { type: "stamps" };

  it("is asked of a customer with no birthday where a birthday program runs", () => {
    expect(asksBirthday({ birthday: null }, [stamps, birthday])).toBe(true);
  });

  it("is not asked once the birthday is known, nor where no birthday program runs", () => {
    expect(asksBirthday({ birthday: new Date("1990-05-17T00:00:00Z") }, [birthday])).toBe(false);
    expect(asksBirthday({ birthday: null }, [stamps])).toBe(false);
    expect(asksBirthday({ birthday: null }, [])).toBe(false);
  });
});
