// Every row of the spec's capability summary table, verbatim, against the registry.
import { describe, expect, it } from "vitest";
import { capabilities, findCapability } from "../../lib/capabilities/registry";
import { mcpToolName, WIDGETS } from "../../lib/contract/catalogue";

const SUMMARY_TABLE = `
| questions.list | Read | questions.read | Viewer | No | Assistant, Voice, MCP, API | Planned | choice |
| questions.ask | Write | questions.write | Member | No | Assistant, MCP, API | Available | choice |
| questions.answer | Write | questions.write | Member | No | Assistant, MCP, API | Planned | choice |
| brand.overview | Read | brand.read | Viewer | No | Assistant, Voice, MCP, API | Planned | record |
| brand.soul.read | Read | brand.read | Viewer | No | Assistant, Voice, MCP, API | Planned | none listed |
| brand.profile.update | Write | brand.write | Admin | Yes | Assistant, Voice, MCP, API | Planned | confirm |
| brand.contacts.list | Read | brand.read | Admin | No | Assistant, Voice, MCP, API | Planned | list |
| brand.contacts.save | Write | brand.write | Admin | Yes | Assistant, Voice, MCP, API | Planned | confirm |
| library.search | Read | library.read | Viewer | No | Assistant, Voice, MCP, API | Available | carousel |
| library.asset.get | Read | library.read | Viewer | No | Assistant, Voice, MCP, API | Planned | record |
| library.asset.review | Write | library.write | Admin | Yes | Assistant, MCP, API | Planned | review |
| library.upload.create | Write | library.write | Admin | No | API, Assistant | Planned | file_request |
| connections.list | Read | connections.read | Admin | No | Assistant, Voice, MCP, API | Planned | list |
| connections.connect | Write | connections.write | Admin | No | Assistant, MCP, API | Planned | action_link |
| connections.disconnect | Write | connections.write | Admin | Yes | Assistant, MCP, API | Planned | confirm |
| kit.read | Read | kit.read | Viewer | No | Assistant, Voice, MCP, API | Available | palette |
| kit.colors.add | Write | kit.write | Admin | Yes | Assistant, Voice, MCP, API | Planned | palette |
| kit.instructions.update | Write | kit.write | Admin | Yes | Assistant, Voice, MCP, API | Planned | confirm |
`;

/** capabilities added after the specification's table, each in the README */
const ADDITIONS = [
  "activity.list",
  "activity.undo",
  "events.list",
  "webhooks.list",
  "webhooks.create",
  "webhooks.update",
  "webhooks.delete",
  "webhooks.secret.rotate",
  "webhooks.deliveries.list",
  "webhooks.deliveries.resend",
  "webhooks.test",
  "budget.usage",
];

/**
 * capabilities that edit the kit the spec's kit.write already covers: a kit.write key
 * was given to change the kit, so these serve it without a new scope
 */
const KIT_EDITS = [
  "kit.colors.update",
  "kit.colors.remove",
  "kit.typography.save",
  "kit.typography.remove",
  "kit.logos.save",
  "kit.logos.remove",
];

/**
 * brand.check: a read of the spec's brand.read, for viewers, on every door: a brand.read key
 * was given to read the voice, and the check only reads it (a file also needs kit.read and library.read)
 */
const BRAND_CHECK = ["brand.check"];

/** the brand's memory: its own scopes, added after the others, so no key made before grants them */
const MEMORY = {
  "memory.list": { kind: "read", scope: "memory.read", minRole: "viewer", confirm: false, voice: true },
  "memory.propose": { kind: "write", scope: "memory.write", minRole: "member", confirm: false, voice: true },
  "memory.review": { kind: "write", scope: "memory.write", minRole: "admin", confirm: true, voice: false },
};

/** the genome: its own scopes, added after the others; voice reads and proposes, never reviews */
const GENOME = {
  "genome.read": { kind: "read", scope: "genome.read", minRole: "viewer", confirm: false, voice: true },
  "genome.entries.propose": { kind: "write", scope: "genome.write", minRole: "member", confirm: false, voice: true },
  "genome.entries.review": { kind: "write", scope: "genome.write", minRole: "admin", confirm: true, voice: false },
};

/** the team: its own scopes, added after the others; voice only reads it */
const TEAM = {
  "team.list": { kind: "read", scope: "team.read", minRole: "viewer", confirm: false, voice: true },
  "team.invite": { kind: "write", scope: "team.write", minRole: "admin", confirm: true, voice: false },
  "team.invitations.revoke": { kind: "write", scope: "team.write", minRole: "admin", confirm: false, voice: false },
  "team.role.update": { kind: "write", scope: "team.write", minRole: "admin", confirm: true, voice: false },
  "team.remove": { kind: "write", scope: "team.write", minRole: "admin", confirm: true, voice: false },
};

/**
 * the brand's own policies: brand.write, which a key able to change the profile already has, for
 * admins, confirmed; not by voice (who confirms agents' writes is chosen at a screen)
 */
const BRAND_POLICY = {
  "brand.policy.update": { kind: "write", scope: "brand.write", minRole: "admin", confirm: true, voice: false },
};

/**
 * what became of a write waiting for its person: like brands.list, no scope (a caller's own calls,
 * whatever its key may do) and any role; not by voice (the person is at the screen there)
 */
const CONFIRMATIONS = {
  "confirmations.get": { kind: "read", scope: null, minRole: "viewer", confirm: false, voice: false },
};

const rows = SUMMARY_TABLE.trim()
  .split("\n")
  .map((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )
  .map(([id, kind, scope, minRole, confirmation, doors, status, widget]) => ({
    id: id!,
    kind: kind!,
    scope: scope!,
    minRole: minRole!,
    confirmation: confirmation!,
    doors: doors!,
    status: status!,
    widget: widget!,
  }));

describe("the registry against the spec's summary table", () => {
  it("has the 18 rows of the table plus brands.list and the additions (versioning rule 2), and nothing else", () => {
    expect(rows).toHaveLength(18);
    expect(capabilities.map((capability) => capability.id).sort()).toEqual(
      [
        ...rows.map((row) => row.id),
        "brands.list",
        ...ADDITIONS,
        ...KIT_EDITS,
        ...BRAND_CHECK,
        ...Object.keys(MEMORY),
        ...Object.keys(TEAM),
        ...Object.keys(GENOME),
        ...Object.keys(BRAND_POLICY),
        ...Object.keys(CONFIRMATIONS),
      ].sort(),
    );
  });

  it("brand.check is a viewer's read of brand.read on every door, shown by its own widget", () => {
    const capability = findCapability("brand.check")!;
    expect({
      kind: capability.kind,
      scope: capability.scope,
      minRole: capability.minRole,
      confirm: capability.confirmation,
      widget: capability.widget,
    }).toEqual({ kind: "read", scope: "brand.read", minRole: "viewer", confirm: false, widget: "check" });
    expect([...capability.doors].sort()).toEqual(["api", "assistant", "mcp", "voice"]);
  });

  it("the kit edits are confirmed admin writes of kit.write on kit.colors.add's doors", () => {
    const add = findCapability("kit.colors.add")!;
    for (const id of KIT_EDITS) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
        },
        id,
      ).toEqual({ kind: "write", scope: "kit.write", minRole: "admin", confirm: true });
      expect([...capability.doors].sort(), id).toEqual([...add.doors].sort());
    }
  });

  it("the additions change nothing existing (rule 2): each needs a scope added after the spec's ten, so no key made before grants it", () => {
    const specScopes = new Set(rows.map((row) => row.scope));
    expect(specScopes.size).toBe(10);
    for (const id of ADDITIONS) expect(specScopes.has(findCapability(id)!.scope!), id).toBe(false);
    // the reads among them ask nobody to confirm; the writes (webhooks) are for admins only
    for (const id of ADDITIONS) {
      const capability = findCapability(id)!;
      if (capability.kind === "read") expect(capability.confirmation, id).toBe(false);
      else expect(capability.minRole, id).toBe("admin");
    }
  });

  it("the genome capabilities have their own facts and scopes no older key holds", () => {
    const specScopes = new Set(rows.map((row) => row.scope));
    for (const [id, facts] of Object.entries(GENOME)) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
          voice: capability.doors.includes("voice"),
        },
        id,
      ).toEqual(facts);
      expect(specScopes.has(capability.scope!), id).toBe(false);
      expect([...capability.doors].filter((door) => door !== "voice").sort(), id).toEqual(["api", "assistant", "mcp"]);
    }
  });

  it("the memory capabilities have their own facts and scopes no older key holds", () => {
    const specScopes = new Set(rows.map((row) => row.scope));
    for (const [id, facts] of Object.entries(MEMORY)) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
          voice: capability.doors.includes("voice"),
        },
        id,
      ).toEqual(facts);
      expect(specScopes.has(capability.scope!), id).toBe(false);
      expect([...capability.doors].filter((door) => door !== "voice").sort(), id).toEqual(["api", "assistant", "mcp"]);
      expect(capability.widget, id).toBe("memory");
    }
  });

  it("the team capabilities have their own facts and scopes no older key holds", () => {
    const specScopes = new Set(rows.map((row) => row.scope));
    for (const [id, facts] of Object.entries(TEAM)) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
          voice: capability.doors.includes("voice"),
        },
        id,
      ).toEqual(facts);
      expect(specScopes.has(capability.scope!), id).toBe(false);
      expect([...capability.doors].filter((door) => door !== "voice").sort(), id).toEqual(["api", "assistant", "mcp"]);
    }
  });

  it("the brand's policies are confirmed admin writes of brand.write on every door but voice", () => {
    for (const [id, facts] of Object.entries(BRAND_POLICY)) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
          voice: capability.doors.includes("voice"),
        },
        id,
      ).toEqual(facts);
      expect([...capability.doors].filter((door) => door !== "voice").sort(), id).toEqual(["api", "assistant", "mcp"]);
      expect(capability.widget, id).toBe("confirm");
    }
  });

  it("confirmations.get is a read with no scope, for any role, on every door but voice", () => {
    for (const [id, facts] of Object.entries(CONFIRMATIONS)) {
      const capability = findCapability(id)!;
      expect(
        {
          kind: capability.kind,
          scope: capability.scope,
          minRole: capability.minRole,
          confirm: capability.confirmation,
          voice: capability.doors.includes("voice"),
        },
        id,
      ).toEqual(facts);
      expect([...capability.doors].sort(), id).toEqual(["api", "assistant", "mcp"]);
    }
  });

  it.each(rows)("$id matches its row", (row) => {
    const capability = findCapability(row.id)!;
    expect(capability).toBeDefined();
    expect(capability.kind).toBe(row.kind.toLowerCase());
    expect(capability.scope).toBe(row.scope);
    expect(capability.minRole).toBe(row.minRole.toLowerCase());
    expect(capability.confirmation).toBe(row.confirmation === "Yes");
    expect([...capability.doors].sort()).toEqual(
      row.doors
        .split(", ")
        .map((door) => door.toLowerCase())
        .sort(),
    );
    expect(capability.phase).toBe(row.status.toLowerCase());
    expect(capability.widget).toBe(row.widget === "none listed" ? null : row.widget);
  });

  it("spells MCP tool names as the id with dots replaced by underscores", () => {
    expect(mcpToolName("kit.colors.add")).toBe("kit_colors_add");
    expect(mcpToolName("brand.soul.read")).toBe("brand_soul_read");
  });

  it("brands.list is served on every door, needs no scope and any role", () => {
    const brandsList = findCapability("brands.list")!;
    expect(brandsList.scope).toBeNull();
    expect(brandsList.minRole).toBe("viewer");
    expect([...brandsList.doors].sort()).toEqual(["api", "assistant", "mcp", "voice"]);
  });

  it.each(capabilities.map((capability) => [capability.id, capability] as const))(
    "%s is complete",
    (_id, capability) => {
      expect(capability.title.length).toBeGreaterThan(3);
      expect(capability.description.length).toBeGreaterThan(20);
      if (capability.widget) expect(WIDGETS).toContain(capability.widget);
      // a confirmation-requiring write must be able to say what it will change
      if (capability.confirmation) expect(capability.summarize).toBeTypeOf("function");
      // reads never write; only writes are audited and confirmed
      if (capability.kind === "read") expect(capability.confirmation).toBe(false);
    },
  );

  it("describes every input field, for the model, MCP clients and the OpenAPI document", () => {
    const undescribed: string[] = [];
    for (const capability of capabilities) {
      const schema = capability.input.toJSONSchema({ unrepresentable: "any" }) as {
        properties?: Record<string, { description?: string }>;
        oneOf?: { properties?: Record<string, { description?: string }> }[];
        anyOf?: { properties?: Record<string, { description?: string }> }[];
      };
      const branches = schema.properties ? [schema] : [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
      for (const branch of branches) {
        for (const [name, property] of Object.entries(branch.properties ?? {})) {
          if (!property.description && !["op", "step"].includes(name)) undescribed.push(`${capability.id}.${name}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it("every write names the record it touched, so the chat's cards read again (components/widgets/truth.tsx)", () => {
    // connections.connect names the pending connection its link completes: the callback, in another
    // tab, touches that same record
    const silent = capabilities
      .filter((capability) => capability.kind === "write" && !capability.touched)
      .map(({ id }) => id);
    expect(silent).toEqual([]);
  });
});

describe("undo is declared by every write", () => {
  it("each write says how it is undone (the rows it changes) or, in words, why it cannot be", () => {
    const writes = capabilities.filter((capability) => capability.kind === "write");
    expect(writes.length).toBeGreaterThanOrEqual(31);
    const notUndoable: Record<string, string> = {};
    for (const capability of writes) {
      expect(capability.undo, capability.id).toBeDefined();
      if (capability.undo && "not" in capability.undo) notUndoable[capability.id] = capability.undo.not;
    }
    expect(Object.keys(notUndoable).sort()).toEqual([
      "connections.connect",
      "connections.disconnect",
      "library.upload.create",
      "webhooks.delete",
      "webhooks.deliveries.resend",
      "webhooks.secret.rotate",
      "webhooks.test",
    ]);
    for (const reason of Object.values(notUndoable)) expect(reason).toMatch(/^[A-Z].{20,}\.$/);
  });
});
