import Link from "next/link";
import { requireSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { keyableBrands, listApiKeys } from "@/lib/keys/keys";
import { SCOPES } from "@/lib/contract/catalogue";
import { capabilities, findCapability } from "@/lib/capabilities/registry";
import { isRole, roleMeets, ROLES, type Role } from "@/lib/contract/roles";
import { KeysPanel } from "./keys-panel";
import { ConnectedApps } from "./connected-apps";
import { listConnectedApps } from "@/lib/keys/connected-apps";
import { eventCatalogue } from "@/lib/events/catalogue";
import { liveMembership } from "@/lib/team/live-membership";
import { WebhooksPanel } from "./webhooks/webhooks-panel";
import { SettingsHeader } from "./settings-header";
import { AgentsPolicyPanel } from "./agents-policy/policy-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "Security and access · Brand Operations" };

export default async function SettingsPage() {
  const user = await requireSessionUser("/settings");
  const [keys, brands, apps] = await Promise.all([
    listApiKeys(db(), user.id),
    keyableBrands(db(), user.id),
    listConnectedApps(user.id),
  ]);
  // webhooks and the apps' policy are for a brand's admins (the pipeline checks again on every call)
  const staff = (await db().user.findUnique({ where: { id: user.id }, select: { staff: true } }))?.staff ?? false;
  const adminBrands = await db().brand.findMany({
    where: staff ? {} : { memberships: { some: { userId: user.id, role: "admin", ...liveMembership(new Date()) } } },
    select: { shortId: true, name: true },
    orderBy: { shortIdKey: "asc" },
  });
  // a key never acts beyond the person's role: the form offers only the scopes of capabilities their
  // highest role in a brand may call (a viewer is not offered write scopes)
  const roles = await db().membership.findMany({
    where: { userId: user.id, ...liveMembership(new Date()) },
    select: { role: true },
  });
  const highest: Role = staff
    ? "admin"
    : roles.reduce<Role>(
        (top, { role }) => (isRole(role) && ROLES.indexOf(role) > ROLES.indexOf(top) ? role : top),
        "viewer",
      );
  const offered = SCOPES.filter((scope) => {
    const using = capabilities.filter((capability) => capability.scope === scope);
    return using.length === 0 || using.some((capability) => roleMeets(highest, capability.minRole));
  });
  // the types an endpoint can subscribe to, with what each means (lib/events/catalogue.ts)
  const eventTypes = eventCatalogue.map(({ type, description }) => ({ type, description }));
  return (
    <>
      <SettingsHeader
        user={{ name: user.name, email: user.email }}
        activityMinRole={findCapability("activity.list")?.minRole ?? "admin"}
      />
      <main style={{ maxWidth: 880, margin: "24px auto 32px", padding: "0 24px", lineHeight: 1.5 }}>
        <h1 style={{ fontSize: 26, marginBottom: 4 }}>Security and access</h1>
        <p style={{ color: "var(--muted)", marginTop: 0 }}>
          Personal API keys let an integration (a script, Zapier, an MCP client) act as you through the API and MCP
          doors: only with the scopes you give the key, only in the brands you choose, and never beyond your own role in
          a brand. A key is shown once, when it is created; the service keeps only a hash. How to call the API with a
          key: the <Link href="/docs">API reference</Link>.
        </p>
        <KeysPanel
          initialKeys={keys}
          brands={brands.map(({ shortId, name }) => ({ shortId, name }))}
          scopes={offered}
        />
        <ConnectedApps initialApps={apps} />
        {adminBrands.length > 0 && <AgentsPolicyPanel brands={adminBrands} />}
        {adminBrands.length > 0 && <WebhooksPanel brands={adminBrands} eventTypes={eventTypes} />}
      </main>
    </>
  );
}
