import { mcpDoor } from "@/lib/doors/mcp";

export const dynamic = "force-dynamic";

export { mcpDoor as GET, mcpDoor as POST, mcpDoor as DELETE, mcpDoor as OPTIONS };
