// Rows of the models a write can be undone on (activity.undo), read and written by model name: what a
// write changed is kept as its rows before and after, exactly as stored (a sealed secret stays
// sealed, nothing is opened), and an undo writes the earlier row back. The per-model facts are
// data here; adding a model is one entry in ROW_MODELS.
import type { Tx } from "./client";

type Model = {
  /** the columns that name one row (its primary key) */
  key: readonly string[];
  /** columns the service itself changes in the background, or a clock: never compared, never restored */
  volatile?: readonly string[];
  /** the column counting changes: a restore moves it forward (never back) */
  revision?: string;
  /** a created row an undo takes back is changed thus instead of deleted (a question is dismissed) */
  retire?: Record<string, unknown>;
};

export const ROW_MODELS = {
  kitColor: { key: ["id"] },
  kitTypography: { key: ["id"] },
  kitLogo: { key: ["id"] },
  kitInstruction: { key: ["brandId", "section"], volatile: ["updatedAt"] },
  genome: { key: ["brandId"], volatile: ["updatedAt"], revision: "revision" },
  contact: { key: ["id"] },
  asset: { key: ["id"] },
  question: { key: ["id"], volatile: ["updatedAt"], revision: "revision", retire: { status: "dismissed" } },
  memoryDeclaration: { key: ["id"] },
  // the sweeper marks an ended access in the background: never compared, never restored
  membership: { key: ["brandId", "userId"], volatile: ["accessEndedAt"] },
  teamInvitation: { key: ["id"] },
  genomeEntry: { key: ["id"], volatile: ["updatedAt"] },
  webhookEndpoint: {
    key: ["id"],
    volatile: ["updatedAt", "claimToken", "claimedUntil", "failingSince", "retryAt", "fannedSeq"],
    revision: "revision",
  },
  // the brand's own settings (brand.policy.update); nothing changes this row in the background
  brand: { key: ["id"] },
} as const satisfies Record<string, Model>;

export type RowModel = keyof typeof ROW_MODELS;

export const isRowModel = (name: string): name is RowModel => Object.hasOwn(ROW_MODELS, name);

/** One row of one model, named by its key columns' values. */
export type RecordRef = { model: RowModel; key: Readonly<Record<string, string>> };

/** A row as read, its values as stored (dates, big integers and JSON columns included). */
export type Row = Record<string, unknown>;

type Delegate = {
  findUnique(args: { where: Row }): Promise<Row | null>;
  create(args: { data: Row }): Promise<Row>;
  update(args: { where: Row; data: Row }): Promise<Row>;
  delete(args: { where: Row }): Promise<Row>;
};

const modelOf = (model: RowModel): Model => ROW_MODELS[model];

// the one place rows are reached by model name: each name above is a delegate of the client
const delegate = (tx: Tx, model: RowModel): Delegate => (tx as unknown as Record<RowModel, Delegate>)[model];

/** The columns that name one row of the model, in their declared order. */
export const keyColumns = (model: RowModel): readonly string[] => modelOf(model).key;

/** The model's table: Prisma's default, the model's name with a capital (the schemas map no names). */
export const tableOf = (model: RowModel): string => model.charAt(0).toUpperCase() + model.slice(1);

/** Prisma's unique selector: the column itself, or the compound `a_b: { a, b }`. */
function whereOf(ref: RecordRef): Row {
  const { key } = modelOf(ref.model);
  if (key.length === 1) return { [key[0]!]: ref.key[key[0]!] };
  return { [key.join("_")]: Object.fromEntries(key.map((column) => [column, ref.key[column]])) };
}

/** The ref's key as one string (canonical: the key columns in their declared order). */
export const keyText = (ref: RecordRef): string =>
  JSON.stringify(modelOf(ref.model).key.map((column) => ref.key[column] ?? null));

export const sameRef = (a: RecordRef, b: RecordRef) => a.model === b.model && keyText(a) === keyText(b);

export const refOf = (model: RowModel, key: string): RecordRef => {
  const values = JSON.parse(key) as string[];
  return { model, key: Object.fromEntries(modelOf(model).key.map((column, i) => [column, values[i]!])) };
};

export const readRow = (tx: Tx, ref: RecordRef): Promise<Row | null> =>
  delegate(tx, ref.model).findUnique({ where: whereOf(ref) });

/** A row as text: dates and big integers tagged, so it reads back as it was stored. */
export function encodeRow(row: Row | null): string | null {
  if (!row) return null;
  const tagged = Object.entries(row).map(([column, value]) => [column, tag(value)]);
  return JSON.stringify(Object.fromEntries(tagged));
}

export function decodeRow(text: string | null): Row | null {
  if (text === null) return null;
  const parsed = JSON.parse(text) as Row;
  return Object.fromEntries(Object.entries(parsed).map(([column, value]) => [column, untag(value)]));
}

function tag(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (typeof value === "bigint") return { $bigint: value.toString() };
  return value;
}

function untag(value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (typeof object.$date === "string") return new Date(object.$date);
    if (typeof object.$bigint === "string") return BigInt(object.$bigint);
  }
  return value;
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep the order a row was written in. */
function canonical(value: unknown): string {
  const tagged = tag(value);
  if (Array.isArray(tagged)) return `[${tagged.map(canonical).join(",")}]`;
  if (tagged && typeof tagged === "object") {
    const entries = Object.entries(tagged as Row).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(tagged ?? null);
}

/** The columns a write owns: all but the volatile ones. */
function owned(model: RowModel, row: Row): [string, unknown][] {
  const volatile: readonly string[] = modelOf(model).volatile ?? [];
  return Object.entries(row).filter(([column]) => !volatile.includes(column));
}

/** A row's owned columns as one canonical text (a missing row: null): equal texts, the same row to whoever reads it. */
export const rowText = (model: RowModel, row: Row | null): string =>
  row ? canonical(Object.fromEntries(owned(model, row))) : "null";

/** The owned columns whose values differ (a row and nothing: every column). */
export function changedColumns(model: RowModel, a: Row | null, b: Row | null): string[] {
  if (!a || !b) return a === b ? [] : owned(model, (a ?? b)!).map(([column]) => column);
  return owned(model, a)
    .filter(([column, value]) => canonical(value) !== canonical(b[column]))
    .map(([column]) => column);
}

/**
 * Writes `before` back over what is there now: created again with the same key, deleted (or retired)
 * when it did not exist, or its owned columns set. A revision moves on from the highest it has had.
 */
export async function restoreRow(tx: Tx, ref: RecordRef, before: Row | null, current: Row | null): Promise<void> {
  const model = modelOf(ref.model);
  const rows = delegate(tx, ref.model);
  const where = whereOf(ref);
  const revision = model.revision ? nextRevision(model.revision, before, current) : {};
  if (!before) {
    if (!current) return;
    if (model.retire) await rows.update({ where, data: { ...model.retire, ...revision } });
    else await rows.delete({ where });
    return;
  }
  const data = Object.fromEntries(owned(ref.model, before).filter(([column]) => !model.key.includes(column)));
  if (current) await rows.update({ where, data: { ...data, ...revision } });
  else await rows.create({ data: { ...before, ...revision } });
}

function nextRevision(column: string, ...rows: (Row | null)[]): Row {
  const seen = rows.map((row) => Number(row?.[column] ?? 0));
  return { [column]: Math.max(...seen) + 1 };
}

/** A row named by its id (every model above but the two keyed by brand). */
export const rowRef = (model: RowModel, id: string): RecordRef => ({ model, key: { id } });
