import { secureTagUrlTemplates } from "./verify-tap";

// The encoder's sheet of a batch (docs/secure-tags.md, "Batches"): one line per
// tag with the URL to write and the three SDM offsets to configure with
// ChangeFileSettings. No key is ever in it.
//
// NTAG 424 DNA counts SDM offsets in bytes from the start of the NDEF file
// (file 02): NLEN (2 bytes), then the NDEF URI record — header 0xD1, type
// length 0x01, payload length (1 byte), type "U" — and its payload: the URI
// identifier code (1 byte, standing for "https://" etc.) and the rest of the
// URI. So the character at index i of the URI without its abbreviated prefix
// sits at byte 7 + i (10 + i in the rare long record, payload over 255 bytes,
// whose payload length takes 4 bytes). Offsets are computed with the
// placeholders already expanded: {PICCData} is 32 hex characters, {CMAC} 16.
// The MAC covers no file data (SDMMACInputOffset = SDMMACOffset), the layout
// lib/nfc/verify-tap.ts verifies.

export const PICC_DATA_PLACEHOLDER = "{PICCData}";
export const CMAC_PLACEHOLDER = "{CMAC}";
const PICC_DATA_CHARS = 32;
const CMAC_CHARS = 16;

// NFC Forum URI Record Type Definition, abbreviations of the URI identifier code (longest first).
const URI_PREFIXES: readonly [string, number][] = [
  ["https://www.", 0x02],
  ["http://www.", 0x01],
  ["https://", 0x04],
  ["http://", 0x03],
];

export type SdmOffsets = { piccDataOffset: number; sdmMacInputOffset: number; sdmMacOffset: number };

/** The URI identifier code of a URL and the rest of it the record stores. */
export function uriRecordParts(url: string): { code: number; rest: string } {
  for (const [prefix, code] of URI_PREFIXES)
    if (url.startsWith(prefix)) return { code, rest: url.slice(prefix.length) };
  return { code: 0x00, rest: url };
}

/** The SDM offsets (bytes from the start of the NDEF file) of a URL template with {PICCData} and {CMAC}. */
export function sdmOffsets(template: string): SdmOffsets {
  const { rest } = uriRecordParts(template);
  const picc = rest.indexOf(PICC_DATA_PLACEHOLDER);
  const cmac = rest.indexOf(CMAC_PLACEHOLDER);
  if (picc < 0 || cmac < picc) throw new Error("The URL template needs {PICCData} before {CMAC}");
  // Payload: the identifier code and the rest; NLEN, then a short (4-byte) or long (7-byte) header, then the code.
  const payloadLength = 1 + expandedBytes(rest);
  const base = 2 + (payloadLength > 255 ? 7 : 4) + 1;
  const piccDataOffset = base + Buffer.byteLength(rest.slice(0, picc), "utf8");
  const macOffset =
    base + Buffer.byteLength(rest.slice(0, cmac), "utf8") - PICC_DATA_PLACEHOLDER.length + PICC_DATA_CHARS;
  return { piccDataOffset, sdmMacInputOffset: macOffset, sdmMacOffset: macOffset };
}

function expandedBytes(rest: string): number {
  return (
    Buffer.byteLength(rest, "utf8") -
    PICC_DATA_PLACEHOLDER.length +
    PICC_DATA_CHARS -
    CMAC_PLACEHOLDER.length +
    CMAC_CHARS
  );
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const BATCH_CSV_COLUMNS = [
  "tag_id",
  "uid",
  "url_template",
  "picc_data_offset",
  "sdm_mac_input_offset",
  "sdm_mac_offset",
] as const;

/**
 * The batch's CSV: a header, then per tag its id, an empty UID for the encoder
 * to fill in with the chip it wrote, the URL template and its SDM offsets.
 */
export function batchCsv(origin: string, tagIds: readonly string[]): string {
  const lines = [BATCH_CSV_COLUMNS.join(",")];
  for (const tagId of tagIds) {
    const template = secureTagUrlTemplates(origin, tagId).encrypted;
    const offsets = sdmOffsets(template);
    lines.push(
      [tagId, "", template, offsets.piccDataOffset, offsets.sdmMacInputOffset, offsets.sdmMacOffset]
        .map(csvField)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
