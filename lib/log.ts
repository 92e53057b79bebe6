// The one logger: every line is one JSON object on stdout (level, time, msg, and the fields of the
// event), so a log collector can index requestId, door, capability, status and ms without parsing
// text. pino writes each line to stdout as it is logged (its default, synchronous: in order, none
// lost if the process dies); a line costs a call ~30 µs of CPU, mostly the write itself, and pino's
// asynchronous destination measured no clearer than the noise (npm run bench:profile). One instance
// per process: Next bundles this module into several server chunks (instrumentation, each route),
// and two streams on one file descriptor would interleave their lines out of order.
import pino from "pino";

const globalForLog = globalThis as unknown as { brandOpsLog?: pino.Logger };
// LOG_LEVEL is validated with the rest of the configuration (lib/config.ts), which logs through
// this module: an unknown level here falls back to info so that the start can say what is wrong
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const wanted = process.env.LOG_LEVEL;

export const log: pino.Logger = (globalForLog.brandOpsLog ??= pino({
  level: LOG_LEVELS.includes(wanted as never) ? wanted : "info",
  base: undefined, // no pid/hostname on every line: the collector knows where it came from
  messageKey: "msg",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
}));

// log.error({ err }, msg): pino's standard serializer writes err as { type, message, stack }
