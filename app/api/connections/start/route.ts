import { handleConnectionStart } from "@/lib/doors/oauth-callback";

export const dynamic = "force-dynamic";

export const GET = handleConnectionStart;
