// "Waiting for you": every write the person's keys and apps parked for their Confirm, newest first,
// each as the confirm card with who asked and when; the header's badge links here from every page.
import { WaitingPage } from "@/components/pending/waiting-page";
import { requireSessionUser } from "@/lib/auth/session";
import { findCapability } from "@/lib/capabilities/registry";
import { pageCatalogue } from "@/lib/pending/page-catalogue";
import { waitingFor } from "@/lib/pending/waiting";

export const dynamic = "force-dynamic";
export const metadata = { title: "Waiting for you · Brand Operations" };

export default async function Waiting() {
  const user = await requireSessionUser("/waiting");
  return (
    <WaitingPage
      user={{ name: user.name, email: user.email }}
      catalogue={pageCatalogue()}
      waiting={await waitingFor(user.id)}
      activityMinRole={findCapability("activity.list")?.minRole ?? "admin"}
    />
  );
}
