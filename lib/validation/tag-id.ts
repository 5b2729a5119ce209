/** Tag ids as written in tap URLs: 1–64 letters, digits, '-' or '_' (also a CHECK constraint on Tag.id). */
export const TAG_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
