// Hostile input for the bad-input sweep: strings, objects that put a string
// into every field name the app reads, and raw bodies that are not what any
// handler expects.

export const HOSTILE_STRINGS: Record<string, string> = {
  nul: "a\u0000b",
  control: "\u0001\u0002\u0007\b\u001b[31m\u007f\u0085\u2028",
  emoji: "🍕☕️👩‍👩‍👧‍👦🏳️‍🌈",
  sql: `' OR 1=1; DROP TABLE "User"; --`,
  script: `<script>window.__xss=1</script>"><img src=x onerror=window.__xss=1>`,
  percent: "%zz%E0%A4%A%",
  lone_surrogate: "\ud800x",
  long: "y".repeat(5000),
  dollar: "$Q1", // a React reference marker in a server-action reply
};

/** A password-shaped value that is never a valid password (too short), so no request legitimately sets one. */
const short = (s: string) => [...s].slice(0, 3).join("");

/** One object with the hostile string in every field any handler or action reads. */
export function hostileObject(s: string): Record<string, unknown> {
  return {
    id: s,
    email: s,
    phone: s,
    password: short(s),
    confirmPassword: short(s),
    token: s,
    refresh_token: s,
    code: s,
    name: s,
    label: s,
    tagId: s,
    tag_id: s,
    tap_id: s,
    userId: s,
    customerId: s,
    referrerId: s,
    businessId: s,
    programId: s,
    rewardId: s,
    firstName: s,
    lastName: s,
    birthday: s,
    confirm: s,
    enabled: s,
    disabled: s,
    type: s,
    picc_data: s,
    cmac: s,
    metaReadKey: s,
    fileReadKey: s,
    metadata: { first_name: s, last_name: s, full_name: s },
    business: { name: s },
    business_profile: { keywords: [s], description: s, phone: s, address: s, social_media: { [s]: s }, theme: s },
  };
}

export type RawBody = { name: string; body: string | Uint8Array<ArrayBuffer> };

const deepArray = "[".repeat(1000) + "]".repeat(1000);
const deepObject = '{"a":'.repeat(1000) + "1" + "}".repeat(1000);

/** Raw bodies for JSON handlers and server actions alike. */
export function rawBodies(): RawBody[] {
  const bodies: RawBody[] = [
    { name: "malformed-json", body: '{"email": "a@b.c", "password":' },
    { name: "not-json", body: "hello=world&x=1" },
    { name: "array", body: "[1,2,3]" },
    { name: "scalar", body: '"just a string"' },
    { name: "null", body: "null" },
    { name: "deep-array-1000", body: deepArray },
    { name: "deep-object-1000", body: deepObject },
    {
      name: "proto",
      body: '{"__proto__":{"role":"ADMIN","isAdmin":true},"constructor":{"prototype":{"role":"ADMIN"}}}',
    },
    {
      name: "invalid-utf8",
      body: new Uint8Array([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    },
    { name: "2mb", body: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024), id: "x" }) },
  ];
  for (const [name, s] of Object.entries(HOSTILE_STRINGS))
    bodies.push({ name: `fields-${name}`, body: JSON.stringify(hostileObject(s)) });
  return bodies;
}

/** Raw bodies for server actions: the argument array, malformed or hostile. */
export function actionBodies(): RawBody[] {
  const bodies: RawBody[] = [
    { name: "malformed-json", body: '["a", {"b":' },
    { name: "not-an-array", body: '{"0":"x"}' },
    { name: "empty", body: "" },
    { name: "deep-array-1000", body: "[" + deepArray + "]" },
    { name: "deep-object-1000", body: "[" + deepObject + "]" },
    { name: "proto", body: '[{"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{"role":"ADMIN"}}}]' },
    { name: "invalid-utf8", body: new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x5d]) },
    { name: "2mb", body: JSON.stringify(["x".repeat(2 * 1024 * 1024)]) },
    { name: "react-refs", body: '["$Q1","$K2","$@3","$T","$B1",{"then":"$1:then"}]' },
  ];
  for (const [name, s] of Object.entries(HOSTILE_STRINGS)) {
    bodies.push({ name: `string-${name}`, body: JSON.stringify([s, s]) });
    bodies.push({ name: `fields-${name}`, body: JSON.stringify([hostileObject(s), hostileObject(s)]) });
  }
  return bodies;
}

/** Bad values for a dynamic path segment (already URL-encoded as sent). */
export const BAD_SEGMENTS: Record<string, string> = {
  "percent-zz": "%zz",
  "percent-truncated": "abc%E0%A4%A",
  nul: "%00",
  "nul-inside": "a%00b",
  control: "%01%1B%7F",
  emoji: encodeURIComponent("🍕☕"),
  sql: encodeURIComponent(`' OR 1=1--`),
  script: encodeURIComponent("<script>window.__xss=1</script>"),
  long: "z".repeat(3000),
  "non-uuid": "not-a-uuid",
  "lone-surrogate": "%ED%A0%80",
};

/** Bad query strings (raw, after the `?`). */
export const BAD_QUERIES: Record<string, string> = {
  "percent-zz": "id=%zz&q=%zz&redirect=%zz&page=%zz",
  nul: "id=%00&q=%00&redirect=%00&page=%00&token=%00",
  array: "id=a&id=b&q=a&q=b&redirect=/a&redirect=/b&page=1&page=2",
  script:
    "id=" +
    encodeURIComponent("<script>x</script>") +
    "&q=" +
    encodeURIComponent('"><img src=x onerror=alert(1)>') +
    "&redirect=javascript:alert(1)",
  sql: "id=" + encodeURIComponent("' OR 1=1--") + "&q=" + encodeURIComponent("%' OR '1'='1") + "&page=-1",
  long: "q=" + "q".repeat(6000) + "&page=99999999999999999999",
  proto: "__proto__[role]=ADMIN&constructor[prototype][x]=1&id[]=x",
};

export const CONTENT_TYPES = [
  "application/json",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zz",
];
