// Webhook endpoints as the webhook tests make them: each on a receiver of its own (stopped after the
// file), created through webhooks.create with the admin's confirmation, in the brand the test says.
import { afterAll } from "vitest";
import { startReceiver, type Receiver } from "./webhook-receiver";
import { confirmAndCall, expectOk, type makeWorld } from "./world";

type World = Awaited<ReturnType<typeof makeWorld>>;

/** Call at a test file's top level: its receivers are stopped after the file. */
export function webhookEndpoints() {
  const receivers: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.stop()));
  });
  const receiver = async (): Promise<Receiver> => {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  };
  /** An endpoint of `world`'s brand subscribed to `eventTypes`, with its receiver, id and secret. */
  const endpoint = async (world: World, eventTypes: string[]) => {
    const listening = await receiver();
    const created = expectOk(
      await confirmAndCall("webhooks.create", world.admin.key, {
        brand: world.brand.shortId,
        url: listening.url,
        eventTypes,
      }),
    );
    return { receiver: listening, id: created.id as string, secret: created.secret as string };
  };
  return { receiver, endpoint };
}
