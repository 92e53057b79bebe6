// What a thrown error is to a caller, on every door and route: an AppError as it is; a database that
// cannot serve right now (locked, unreachable, restarting) is `unavailable`, 503 with Retry-After, so
// a client tries again; anything else is `internal`, its cause only in the log.
import { AppError } from "../contract/errors";
import { isUnavailable } from "../db/errors";

/** The error a caller gets for what was thrown (the pipeline logs an internal one's cause: logCall). */
export function asAppError(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  if (isUnavailable(thrown)) {
    return new AppError("unavailable", "The service cannot reach its database right now; retry shortly", {
      retryAfterSeconds: 1,
    });
  }
  return new AppError("internal", "Unexpected error");
}
