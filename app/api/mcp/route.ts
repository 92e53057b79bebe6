import { withMcpAuth } from "mcp-handler";
import { handleMcp, verifyKey } from "@/lib/doors/mcp-http";

export const dynamic = "force-dynamic";

const handler = withMcpAuth(handleMcp, verifyKey, { required: true });

export { handler as GET, handler as POST, handler as DELETE };
