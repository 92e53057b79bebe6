// Password guessing, limited three ways on top of better-auth's per-address limit
// (SIGN_IN_PER_MINUTE, on the address this server resolved: lib/http/client-address.ts):
// - per account and address: a few attempts a minute for one account from one address;
// - per account from every address: SIGN_IN_ACCOUNT_PER_MINUTE attempts a minute, which a
//   botnet spread over many addresses cannot pass;
// - and so that this cannot be turned into a lock-out of the real person, a browser that already
//   signed in to the account carries a signed device cookie (OWASP's "device cookies") and is not
//   counted against the account's shared budget.
import { config } from "../config";
import { hmac, safeEqual, sha256 } from "../crypto";
import { rateLimitStore } from "../core/rate-limit";
import { clientAddressOf } from "../http/client-address";

const PER_ACCOUNT_AND_ADDRESS = 5;
export const DEVICE_COOKIE = "bo_device";
const DEVICE_DAYS = 365;

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

const accountOf = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);
const deviceTag = (account: string) => hmac(config().APP_SECRET, "sign-in-device", account);

export async function checkSignIn(request: Request, email: string): Promise<SignInVerdict> {
  const store = rateLimitStore();
  const now = Date.now();
  const account = accountOf(email);
  const pair = await store.hit(
    `signin:pair:${account}:${clientAddressOf(request.headers)}`,
    PER_ACCOUNT_AND_ADDRESS,
    now,
  );
  if (!pair.allowed) return refused(pair.retryAfterSeconds);
  if (knownDevice(request, account)) return { allowed: true };
  const shared = await store.hit(`signin:account:${account}`, config().SIGN_IN_ACCOUNT_PER_MINUTE, now);
  return shared.allowed ? { allowed: true } : refused(shared.retryAfterSeconds);
}

function refused(retryAfterSeconds: number): SignInVerdict {
  return {
    allowed: false,
    retryAfterSeconds,
    message: `Too many sign-in attempts for this account; try again in ${retryAfterSeconds} seconds`,
  };
}

function knownDevice(request: Request, account: string): boolean {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`));
  const [cookieAccount, tag] = (cookie?.slice(DEVICE_COOKIE.length + 1) ?? "").split(".");
  return cookieAccount === account && typeof tag === "string" && safeEqual(tag, deviceTag(account));
}

/** The Set-Cookie that marks this browser as one the person signed in from. */
export function deviceCookie(email: string): string {
  const account = accountOf(email);
  const secure = config().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${account}.${deviceTag(account)}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_DAYS * 86_400}${secure}`;
}
