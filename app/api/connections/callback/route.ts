import { handleOAuthCallback } from "@/lib/doors/oauth-callback";
import { recordCompletion } from "@/lib/ops/connection-completed";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => handleOAuthCallback(request, recordCompletion);
