// better-auth's endpoints (sign-in/email, sign-out, get-session, …) under /api/auth; only those
// the service uses are served (lib/auth/auth.ts).
import { handleAuthRequest } from "@/lib/auth/auth";

export const dynamic = "force-dynamic";

export { handleAuthRequest as GET, handleAuthRequest as POST };
