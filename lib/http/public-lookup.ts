// A resolver for outgoing requests to addresses chosen by strangers (OAuth client metadata
// documents, webhook receivers): dns.lookup, or another resolver of its shape for tests, that
// refuses non-public answers where the socket connects. The address checked is the address
// connected to, so a name that answers public to a first lookup and private to a second (DNS
// rebinding) gains nothing.
import type { lookup, LookupAddress, LookupAllOptions } from "node:dns";
import { isPublicAddress } from "./public-address";

type Options = {
  /** the error code the refusal carries, so each caller can tell it from a network failure */
  code: string;
  /** an address allowed although not public (loopback receivers in development and tests) */
  alsoAllowed?: (address: string) => boolean;
};

export const publicOnlyLookup = (resolve: typeof lookup, { code, alsoAllowed = () => false }: Options) =>
  ((
    hostname: string,
    options: LookupAllOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    resolve(hostname, options, (error, address: string | LookupAddress[], family?: number) => {
      if (error) return callback(error, address, family);
      const answers = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
      if (answers.some((answer) => !isPublicAddress(answer.address) && !alsoAllowed(answer.address))) {
        return callback(Object.assign(new Error("non-public address"), { code }), address, family);
      }
      callback(null, address, family);
    })) as unknown as typeof lookup;

/** 127.0.0.0/8 and ::1 (and ::ffff:127.x), the only non-public addresses a development setting may allow. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  return /^127\.\d+\.\d+\.\d+$/.test(bare) || bare === "::1" || /^::ffff:127\.\d+\.\d+\.\d+$/.test(bare);
}
