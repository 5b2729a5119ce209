import { nfcFailureOf, stickerUrlOf, urlMessage, type ReadRecord } from "@/lib/nfc/web-nfc";

// Web NFC as the write page uses it (W3C Web NFC): the message it writes, the
// address it reads, and what a rejection tells the owner (docs/tags.md).

const bytes = (text: string) => new DataView(new TextEncoder().encode(text).buffer);

describe("the message written to a plain tag's sticker", () => {
  it("is one URL record with the URL exactly", () => {
    expect(urlMessage("https://loyaltap.example/tap?id=cafe-1")).toEqual({
      records: [{ recordType: "url", data: "https://loyaltap.example/tap?id=cafe-1" }],
    });
  });
});

describe("the address a read sticker carries", () => {
  it("is its first url or absolute-url record, or the url inside a smart poster", () => {
    expect(stickerUrlOf([{ recordType: "url", data: bytes("https://a.test/tap?id=1") }])).toBe(
      "https://a.test/tap?id=1",
    );
    expect(
      stickerUrlOf([
        { recordType: "text", data: bytes("hello") },
        { recordType: "absolute-url", data: bytes("https://b.test/") },
        { recordType: "url", data: bytes("https://c.test/") },
      ]),
    ).toBe("https://b.test/");
    const poster: ReadRecord = {
      recordType: "smart-poster",
      data: null,
      toRecords: () => [
        { recordType: "text", data: bytes("Café") },
        { recordType: "url", data: bytes("https://d.test/tap?id=é") },
      ],
    };
    expect(stickerUrlOf([poster])).toBe("https://d.test/tap?id=é");
  });

  it("is none for a blank sticker, an empty record or a text-only one", () => {
    expect(stickerUrlOf([])).toBeNull();
    expect(stickerUrlOf([{ recordType: "empty", data: null }])).toBeNull();
    expect(stickerUrlOf([{ recordType: "text", data: bytes("https://e.test/") }])).toBeNull();
    expect(stickerUrlOf([{ recordType: "smart-poster", data: null, toRecords: () => null }])).toBeNull();
  });
});

describe("what a failed NFC operation tells the owner", () => {
  const named = (name: string) => new DOMException("x", name);

  it("maps each Web NFC error name to its own message", () => {
    expect(nfcFailureOf(named("NotAllowedError"), null)).toBe("permission");
    expect(nfcFailureOf(named("NotSupportedError"), null)).toBe("unsupported");
    expect(nfcFailureOf(named("NotReadableError"), null)).toBe("nfcOff");
    expect(nfcFailureOf(named("NetworkError"), null)).toBe("transfer");
    expect(nfcFailureOf(named("InvalidStateError"), null)).toBe("notTopLevel");
    expect(nfcFailureOf(named("SyntaxError"), null)).toBe("unknown");
    expect(nfcFailureOf(new TypeError("bad"), null)).toBe("unknown");
    expect(nfcFailureOf("nope", null)).toBe("unknown");
    expect(nfcFailureOf({ name: "NetworkError" }, null)).toBe("transfer");
  });

  it("an abort is the page's own timeout or the page leaving the screen, whatever the error's name", () => {
    expect(nfcFailureOf(named("AbortError"), "timeout")).toBe("timeout");
    expect(nfcFailureOf(named("TimeoutError"), "timeout")).toBe("timeout");
    expect(nfcFailureOf(named("AbortError"), "hidden")).toBe("hidden");
    // The browser aborts a pending write by itself only when the page is hidden (NFC suspended).
    expect(nfcFailureOf(named("AbortError"), null)).toBe("hidden");
  });
});
