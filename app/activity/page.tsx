// The brand's activity trail for people: who changed what, through which door, and how it ended.
// The page asks activity.list through the same run route as slash commands, so the pipeline decides
// what each person may see (admins everything, others the changes made).
import { ActivityPage } from "@/components/activity/activity-page";
import { requireSessionUser } from "@/lib/auth/session";
import { DOORS } from "@/lib/capabilities/define";
import { capabilities } from "@/lib/capabilities/registry";

export const dynamic = "force-dynamic";
export const metadata = { title: "Activity · Brand Operations" };

export default async function Activity() {
  const user = await requireSessionUser("/activity");
  const writes = capabilities.filter((capability) => capability.kind === "write").map(({ id, title }) => ({ id, title }));
  return <ActivityPage user={{ name: user.name, email: user.email }} capabilities={writes} doors={[...DOORS]} />;
}
