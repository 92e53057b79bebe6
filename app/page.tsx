import { capabilities } from "@/lib/capabilities/registry";
import { isServed } from "@/lib/core/rollout";

export const dynamic = "force-dynamic";

export default function Home() {
  const served = capabilities.filter((capability) => isServed(capability, "api"));
  return (
    <main style={{ maxWidth: 760, margin: "48px auto", padding: "0 24px", lineHeight: 1.5 }}>
      <h1>Brand Operations</h1>
      <p>
        Every capability is called with <code>POST /api/v1/&lt;capability id&gt;</code>, a JSON body carrying{" "}
        <code>brand</code>, and <code>Authorization: Bearer bop_…</code>.
      </p>
      <h2>Served through the API ({served.length})</h2>
      <ul>
        {served.map((capability) => (
          <li key={capability.id}>
            <code>{capability.id}</code> ({capability.kind}
            {capability.confirmation ? ", needs confirmation" : ""}): {capability.title}
          </li>
        ))}
      </ul>
    </main>
  );
}
