// The suite's environment with local file storage, whatever the profile: the distributed profile's
// suite stores in S3, where uploads and downloads never reach the service's own file routes. The
// S3 settings are emptied rather than left out: the server inherits this process's environment,
// and an empty setting counts as unset (lib/config.ts).
import { inject } from "vitest";

export function localStorageEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inject("testEnv")).map(([name, value]) => [name, name.startsWith("S3_") ? "" : value]),
  );
}
