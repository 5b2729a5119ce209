import { apiJson, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { hitRateLimit } from "@/lib/rate-limit";
import { clientIp } from "@/lib/auth/client-ip";
import { resetPasswordRequestSchema } from "@/lib/validation/auth";

const SAME_ANSWER = {
  status: "success",
  message: "api.auth.resetMailSent",
};

// POST /api/auth/reset-password {email} — always the same 200: no account enumeration.
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, resetPasswordRequestSchema);
  if (!body.ok) return body.response;
  // At most 5 mails per address per hour, quietly: the answer must not differ.
  const count = await hitRateLimit(`reset:email:${body.data.email}`, 60 * 60 * 1000);
  const ip = clientIp(request.headers);
  const ipCount = ip ? await hitRateLimit(`reset:ip:${ip}`, 60 * 60 * 1000) : 0;
  if (count <= 5 && ipCount <= 50) await requestPasswordReset(body.data.email);
  return apiJson(SAME_ANSWER);
});
