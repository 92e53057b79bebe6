// Settings › People: each brand's team. Everyone in a brand sees who is in it; its
// admins also invite, change roles and end dates, remove, and withdraw invitations. Every change is
// a team.* capability run as the signed-in person (the pipeline checks the role again).
import { requireSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { findCapability } from "@/lib/capabilities/registry";
import type { Role } from "@/lib/contract/roles";
import { liveMembership } from "@/lib/team/live-membership";
import { mailConfigured } from "@/lib/team/mail";
import { SettingsHeader } from "../settings-header";
import { PeoplePanel, type PeopleBrand } from "./people-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "People · Brand Operations" };

export default async function PeoplePage() {
  const user = await requireSessionUser("/settings/people");
  const staff = (await db().user.findUnique({ where: { id: user.id }, select: { staff: true } }))?.staff ?? false;
  const brands: PeopleBrand[] = staff
    ? (await db().brand.findMany({ select: { shortId: true, name: true }, orderBy: { shortIdKey: "asc" } })).map(
        (brand) => ({ ...brand, role: "admin" as Role }),
      )
    : (
        await db().membership.findMany({
          // an access that ended shows no brand here, as everywhere membership is read
          where: { userId: user.id, ...liveMembership(new Date()) },
          select: { role: true, brand: { select: { shortId: true, name: true, shortIdKey: true } } },
        })
      )
        .sort((a, b) => a.brand.shortIdKey.localeCompare(b.brand.shortIdKey))
        .map(({ role, brand }) => ({ shortId: brand.shortId, name: brand.name, role: role as Role }));
  // who may change the team: the catalogue's own minimum role, so the page and the pipeline agree
  const changeRole = findCapability("team.invite")?.minRole ?? "admin";
  return (
    <>
      <SettingsHeader
        page="people"
        user={{ name: user.name, email: user.email }}
        activityMinRole={findCapability("activity.list")?.minRole ?? "admin"}
      />
      <main style={{ maxWidth: 880, margin: "24px auto 32px", padding: "0 20px", lineHeight: 1.5 }}>
        <h1 style={{ fontSize: 26, marginBottom: 4 }}>People</h1>
        <p style={{ color: "var(--muted)", marginTop: 0 }}>
          Who is in each of your brands, with what role, and until when. A brand's admins invite people, change their
          role or end date, and remove them.
        </p>
        {brands.length === 0 ? (
          <p data-testid="people-no-brand">You are not a member of any brand yet.</p>
        ) : (
          <PeoplePanel brands={brands} changeRole={changeRole} mailConfigured={mailConfigured()} me={user.id} />
        )}
      </main>
    </>
  );
}
