// better-auth's endpoints (sign-in/email, sign-out, get-session, …) under /api/auth.
import { auth } from "@/lib/auth/auth";

export const dynamic = "force-dynamic";

const handle = (request: Request) => auth().handler(request);
export { handle as GET, handle as POST };
