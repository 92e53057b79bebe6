// Configuration is validated when the server starts, so a wrong setting stops the service with a
// sentence naming it instead of failing the first call that reads it. Next only logs a failing
// instrumentation hook and keeps serving, hence the explicit exit.
import { config } from "./config";
import { providerCatalog } from "./connections/catalog";

export function validateAtStart(): void {
  try {
    config();
    providerCatalog();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
