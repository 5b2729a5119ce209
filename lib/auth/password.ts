import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's baseline).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
