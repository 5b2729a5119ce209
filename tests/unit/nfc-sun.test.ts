import { decryptPiccData, sdmMac, sessionMacKey, verifyPlainSun, verifySun } from "@/lib/nfc/sun";

// Worked examples from NXP application note AN12196 Rev 1.8, "NTAG 424 DNA and
// NTAG 424 DNA TagTamper features and hints": §4.4.2.2 (PICCData decryption),
// §4.4.4.2.1 (SDMMAC over empty input) and §4.4.4.2.2 (SDMMAC over file data).
// Every key in those examples is the factory default of 16 zero bytes.
const zeroKey = Buffer.alloc(16);
const keys = { metaReadKey: zeroKey, fileReadKey: zeroKey };

/** Changes one hex digit at `index` into a different valid hex digit. */
function flipHexDigit(hex: string, index: number): string {
  const digit = Number.parseInt(hex[index]!, 16);
  return hex.slice(0, index) + ((digit + 1) % 16).toString(16).toUpperCase() + hex.slice(index + 1);
}

describe("AN12196 §4.4.2.2 / §4.4.4.2.1: encrypted PICCData, empty MAC input", () => {
  const piccData = "EF963FF7828658A599F3041510671E88";
  const cmac = "94EED9EE65337086";

  it("decrypts PICCData to tag C7, the UID and the LSB-first counter", () => {
    const result = decryptPiccData(piccData, zeroKey);
    expect(result).toEqual({
      ok: true,
      piccDataTag: 0xc7,
      uid: Buffer.from("04DE5F1EACC040", "hex"),
      counter: 61, // bytes 3D 00 00, least significant first
    });
  });

  it("derives the SDM MAC session key and the truncated SDMMAC", () => {
    const sessionKey = sessionMacKey(zeroKey, Buffer.from("04DE5F1EACC040", "hex"), 61);
    expect(sessionKey.toString("hex").toUpperCase()).toBe("3FB5F6E3A807A03D5E3570ACE393776F");
    expect(sdmMac(sessionKey, "").toString("hex").toUpperCase()).toBe(cmac);
  });

  it("verifies the SUN message", () => {
    expect(verifySun({ piccData, cmac }, keys)).toEqual({ ok: true, uid: "04DE5F1EACC040", counter: 61 });
  });

  it("accepts lowercase hex parameters", () => {
    expect(verifySun({ piccData: piccData.toLowerCase(), cmac: cmac.toLowerCase() }, keys)).toEqual({
      ok: true,
      uid: "04DE5F1EACC040",
      counter: 61,
    });
  });

  it("rejects a CMAC with one digit changed", () => {
    for (const index of [0, 7, 15]) {
      expect(verifySun({ piccData, cmac: flipHexDigit(cmac, index) }, keys)).toEqual({ ok: false, reason: "bad_mac" });
    }
  });

  it("rejects PICCData with one digit changed", () => {
    for (const index of [0, 13, 31]) {
      expect(verifySun({ piccData: flipHexDigit(piccData, index), cmac }, keys)).toMatchObject({ ok: false });
    }
  });

  it("rejects a MAC input that the tag did not cover", () => {
    expect(verifySun({ piccData, cmac, macInput: "x" }, keys)).toEqual({ ok: false, reason: "bad_mac" });
  });

  it("rejects the right message under the wrong keys", () => {
    const otherKey = Buffer.alloc(16, 1);
    expect(verifySun({ piccData, cmac }, { metaReadKey: zeroKey, fileReadKey: otherKey })).toEqual({
      ok: false,
      reason: "bad_mac",
    });
    expect(verifySun({ piccData, cmac }, { metaReadKey: otherKey, fileReadKey: zeroKey })).toMatchObject({ ok: false });
  });
});

describe("AN12196 §4.4.4.2.2: SDMMAC over mirrored file data", () => {
  const piccData = "FD91EC264309878BE6345CBE53BADF40";
  const enc = "CEE9A53E3E463EF1F459635736738962";
  const macInput = `${enc}&cmac=`;
  const cmac = "ECC1E7F6C6C73BF6";

  it("decrypts PICCData and derives the session key", () => {
    const picc = decryptPiccData(piccData, zeroKey);
    expect(picc).toEqual({ ok: true, piccDataTag: 0xc7, uid: Buffer.from("04958CAA5C5E80", "hex"), counter: 8 });
    if (!picc.ok) return;
    const sessionKey = sessionMacKey(zeroKey, picc.uid, picc.counter);
    expect(sessionKey.toString("hex").toUpperCase()).toBe("3ED0920E5E6A0320D823D5987FEAFBB1");
    expect(sdmMac(sessionKey, macInput).toString("hex").toUpperCase()).toBe(cmac);
  });

  it("verifies the SUN message", () => {
    expect(verifySun({ piccData, cmac, macInput }, keys)).toEqual({ ok: true, uid: "04958CAA5C5E80", counter: 8 });
  });

  it("treats the MAC input as case-sensitive ASCII", () => {
    expect(verifySun({ piccData, cmac, macInput: macInput.toLowerCase() }, keys)).toEqual({
      ok: false,
      reason: "bad_mac",
    });
  });

  it("rejects an empty MAC input when the tag covered file data", () => {
    expect(verifySun({ piccData, cmac }, keys)).toEqual({ ok: false, reason: "bad_mac" });
  });
});

describe("malformed input", () => {
  const piccData = "EF963FF7828658A599F3041510671E88";
  const cmac = "94EED9EE65337086";

  it.each([
    ["short PICCData", { piccData: piccData.slice(2), cmac }],
    ["long PICCData", { piccData: `${piccData}00`, cmac }],
    ["non-hex PICCData", { piccData: `${piccData.slice(0, 31)}G`, cmac }],
    ["empty PICCData", { piccData: "", cmac }],
    ["short CMAC", { piccData, cmac: cmac.slice(1) }],
    ["long CMAC", { piccData, cmac: `${cmac}00` }],
    ["non-hex CMAC", { piccData, cmac: `${cmac.slice(0, 15)}z` }],
    ["CMAC with whitespace", { piccData, cmac: ` ${cmac.slice(1)}` }],
  ])("reports %s as malformed", (_label, params) => {
    expect(verifySun(params, keys)).toEqual({ ok: false, reason: "malformed" });
  });

  it("decryptPiccData reports bad hex without throwing", () => {
    expect(decryptPiccData("not hex", zeroKey)).toMatchObject({ ok: false, error: expect.any(String) });
    expect(decryptPiccData(piccData.slice(0, 30), zeroKey)).toMatchObject({ ok: false });
  });

  it("decryptPiccData rejects implausible tag bytes from a wrong key", () => {
    // Under a wrong key the "plaintext" is noise, so most of these keys yield
    // an implausible tag byte; those must be reported, not thrown.
    const results = Array.from({ length: 32 }, (_, i) => decryptPiccData(piccData, Buffer.alloc(16, i + 1)));
    const failures = results.filter((r) => !r.ok);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatchObject({ error: expect.stringMatching(/PICCDataTag/) });
  });
});

describe("plain UID and counter mirror", () => {
  const uid = "04DE5F1EACC040";
  const macInput = "";

  function macFor(uidHex: string, counter: number, input: string): string {
    return sdmMac(sessionMacKey(zeroKey, Buffer.from(uidHex, "hex"), counter), input)
      .toString("hex")
      .toUpperCase();
  }

  it("reads ctr most-significant byte first: 00003D is 61", () => {
    // The same UID and counter as the encrypted AN12196 example, so the MAC is
    // the one NXP published there.
    expect(verifyPlainSun({ uid, ctr: "00003D", cmac: "94EED9EE65337086" }, zeroKey)).toEqual({
      ok: true,
      uid,
      counter: 61,
    });
    expect(verifyPlainSun({ uid, ctr: "3D0000", cmac: "94EED9EE65337086" }, zeroKey)).toEqual({
      ok: false,
      reason: "bad_mac",
    });
  });

  it("round-trips a MAC computed for a chosen UID and counter", () => {
    const chosenUid = "04a1b2c3d4e5f6";
    const counter = 0x012345;
    const input = "0102030405060708&cmac=";
    const cmac = macFor(chosenUid, counter, input);

    expect(verifyPlainSun({ uid: chosenUid, ctr: "012345", cmac, macInput: input }, zeroKey)).toEqual({
      ok: true,
      uid: chosenUid.toUpperCase(),
      counter,
    });
    for (const ctr of ["012344", "012346"]) {
      expect(verifyPlainSun({ uid: chosenUid, ctr, cmac, macInput: input }, zeroKey)).toEqual({
        ok: false,
        reason: "bad_mac",
      });
    }
    expect(verifyPlainSun({ uid: chosenUid, ctr: "012345", cmac, macInput: input.toUpperCase() }, zeroKey)).toEqual({
      ok: false,
      reason: "bad_mac",
    });
  });

  it.each([
    ["short uid", { uid: uid.slice(2), ctr: "00003D", cmac: "94EED9EE65337086" }],
    ["non-hex uid", { uid: `${uid.slice(0, 13)}X`, ctr: "00003D", cmac: "94EED9EE65337086" }],
    ["short ctr", { uid, ctr: "003D", cmac: "94EED9EE65337086" }],
    ["non-hex ctr", { uid, ctr: "00003G", cmac: "94EED9EE65337086" }],
    ["short cmac", { uid, ctr: "00003D", cmac: "94EED9EE653370" }],
  ])("reports %s as malformed", (_label, params) => {
    expect(verifyPlainSun({ ...params, macInput }, zeroKey)).toEqual({ ok: false, reason: "malformed" });
  });
});
