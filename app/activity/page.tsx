// The brand's activity trail for people: who changed what, through which door, and how it ended.
// The page asks activity.list through the same run route as slash commands, so the pipeline decides
// who may see it (the brand's admins; anyone else is told so). A file an entry touched is shown with
// library.asset.get's record widget, whose catalogue entry is handed over here.
import { ActivityPage } from "@/components/activity/activity-page";
import { requireSessionUser } from "@/lib/auth/session";
import { DOORS, mcpToolName } from "@/lib/contract/catalogue";
import { capabilities, findCapability } from "@/lib/capabilities/registry";

export const dynamic = "force-dynamic";
export const metadata = { title: "Activity · Brand Operations" };

export default async function Activity() {
  const user = await requireSessionUser("/activity");
  const writes = capabilities
    .filter((capability) => capability.kind === "write")
    .map(({ id, title }) => ({ id, title }));
  const file = findCapability("library.asset.get")!;
  const entryOf = (capability: NonNullable<ReturnType<typeof findCapability>>) => ({
    id: capability.id,
    title: capability.title,
    widget: capability.widget ?? null,
    confirmation: capability.confirmation,
    toolName: mcpToolName(capability.id),
  });
  const fileEntry = entryOf(file);
  return (
    <ActivityPage
      user={{ name: user.name, email: user.email }}
      capabilities={writes}
      doors={[...DOORS]}
      fileEntry={fileEntry}
      undoEntry={entryOf(findCapability("activity.undo")!)}
      minRole={findCapability("activity.list")?.minRole ?? "admin"}
    />
  );
}
