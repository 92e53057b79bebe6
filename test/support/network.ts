// Reaching this machine by an address other than loopback, to tell which interfaces a server
// listens on (lib/config.ts, HOST).
import { connect } from "node:net";
import { networkInterfaces } from "node:os";

/** One IPv4 address of this machine on a network interface, or undefined when it has none. */
export function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;
}

/** "connected", or the error code of a TCP connection to address:port (ECONNREFUSED: nothing listens there). */
export function tryConnect(address: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, address);
    socket.setTimeout(5000, () => (socket.destroy(), resolve("timeout")));
    socket.once("connect", () => (socket.destroy(), resolve("connected")));
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
