// Each instance's webhook delivery worker (lib/webhooks/worker.ts), every WEBHOOKS_POLL_MS: apart
// from the minute-long background loop because a delivery's lag is what integrators feel. A poll
// never overlaps the previous one (the lanes it starts run on by themselves), a failing poll is
// logged and the next one tries again, and the timer never keeps the process up. Stopped with the background work on SIGTERM.
import { config } from "../config";
import { log } from "../log";
import { drainWebhooks, stopDelivering } from "../webhooks/worker";

const state = globalThis as unknown as { brandOpsWebhooks?: NodeJS.Timeout };

export function startWebhookLoop(): void {
  if (state.brandOpsWebhooks) return;
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await drainWebhooks();
    } catch (error) {
      log.error({ component: "webhooks", err: error }, "webhook delivery round failed; tried again next round");
    } finally {
      running = false;
    }
  };
  state.brandOpsWebhooks = setInterval(() => void round(), config().WEBHOOKS_POLL_MS);
  state.brandOpsWebhooks.unref();
}

export function stopWebhookLoop(): void {
  if (state.brandOpsWebhooks) clearInterval(state.brandOpsWebhooks);
  state.brandOpsWebhooks = undefined;
  stopDelivering();
}
