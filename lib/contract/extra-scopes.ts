// Scopes a call can need beyond its capability's own `scope`, which only its input or a record it
// names decides: checking a file reads the kit and the library too; an undo needs the undone write's
// own scope. The pipeline checks `scope` before the input is read (docs/design.md, order of checks);
// these are checked by the capability's bound call (define.ts) right before its `check` and its
// `execute`, from the capability's declaration, so no capability compares scopes itself and the
// catalogue, the OpenAPI document and the authorization matrix read the same declaration.
import type { Scope } from "./catalogue";
import type { Actor } from "./context";
import { AppError } from "./errors";

/** What the catalogue and the authorization matrix read of a declaration. */
export type ExtraScopesFacts = {
  /** every scope a call can need beyond `scope`, in the order they are checked */
  among: readonly Scope[];
  /** which calls need them, in words ("checking a file"; "undoing a write: its own scope"): the catalogue and the refusal say it */
  when: string;
};

export type ExtraScopes<Ctx, In> = ExtraScopesFacts & {
  /** this call's: some of `among`, none when this input needs none */
  of: (ctx: Ctx, input: In) => readonly Scope[] | Promise<readonly Scope[]>;
};

/**
 * insufficient_scope naming the first scope of `among` this call needs and the caller's key lacks.
 * Sessions carry no scopes (the Assistant, Voice): there only the role applies (docs/design.md, keys
 * and roles). A scope `of` answers outside `among` is a declaration that lies: an internal error.
 */
export function requireExtraScopes(
  capabilityId: string,
  actor: Actor,
  declared: ExtraScopesFacts,
  needed: readonly Scope[],
): void {
  const undeclared = needed.filter((scope) => !declared.among.includes(scope));
  if (undeclared.length > 0)
    throw new Error(`${capabilityId} needs ${undeclared.join(", ")}, which its extraScopes do not declare`);
  const granted = actor.scopes;
  if (granted === null) return;
  const missing = declared.among.find((scope) => needed.includes(scope) && !granted.includes(scope));
  if (missing === undefined) return;
  throw new AppError(
    "insufficient_scope",
    `This call also needs the scope ${missing} (${declared.when}), which this key lacks`,
    {
      scope: missing,
    },
  );
}
