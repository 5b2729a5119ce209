// Binary encoding of Next.js cache entries for a byte store (Redis).
//
// An entry's value holds more than JSON can: an app page keeps its RSC payload
// (`rscData`) as a Buffer and its per-segment prefetch data as a Map of
// Buffers; a route handler's body is a Buffer. JSON.stringify would turn a
// Buffer into an array of numbers and a Map into `{}`, so the entry is written
// as one frame:
//
//   "LTC1" | uint32 length of the JSON head | JSON head | buffer bytes …
//
// In the head every Buffer (and Uint8Array) becomes {"$buf":[offset,length]}
// into the bytes that follow, and every Map becomes {"$map":[[key,value],…]}.
// A plain object that happens to have a "$buf" or "$map" key is escaped as
// {"$obj":{…}}, so no value decodes into something it was not.
const MAGIC = Buffer.from("LTC1");

function isBytes(value) {
  return Buffer.isBuffer(value) || value instanceof Uint8Array;
}

export function encodeEntry(entry) {
  const chunks = [];
  let offset = 0;
  const walk = (value) => {
    if (value === null || typeof value !== "object") return value;
    if (isBytes(value)) {
      const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      chunks.push(bytes);
      const ref = { $buf: [offset, bytes.length] };
      offset += bytes.length;
      return ref;
    }
    if (value instanceof Map) return { $map: [...value].map(([k, v]) => [walk(k), walk(v)]) };
    if (Array.isArray(value)) return value.map(walk);
    if (value instanceof Date) return value.toISOString();
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = walk(v);
    }
    return "$buf" in out || "$map" in out || "$obj" in out ? { $obj: out } : out;
  };
  const head = Buffer.from(JSON.stringify(walk(entry)), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([MAGIC, length, head, ...chunks]);
}

/** The entry encoded by encodeEntry, or null for bytes that are not such a frame. */
export function decodeEntry(frame) {
  if (!Buffer.isBuffer(frame) || frame.length < 8 || !frame.subarray(0, 4).equals(MAGIC)) return null;
  const headLength = frame.readUInt32BE(4);
  const bodyStart = 8 + headLength;
  if (bodyStart > frame.length) return null;
  const head = JSON.parse(frame.toString("utf8", 8, bodyStart));
  const walk = (value) => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(walk);
    if ("$buf" in value) {
      const [start, length] = value.$buf;
      // A copy, not a view: the frame can be large and a cached page keeps
      // its buffers for as long as it is served.
      return Buffer.from(frame.subarray(bodyStart + start, bodyStart + start + length));
    }
    if ("$map" in value) return new Map(value.$map.map(([k, v]) => [walk(k), walk(v)]));
    const source = "$obj" in value ? value.$obj : value;
    const out = {};
    for (const [k, v] of Object.entries(source)) out[k] = walk(v);
    return out;
  };
  return walk(head);
}
