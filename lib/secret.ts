import { readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files";

const SECRET_FILE = path.resolve("data/secret");

/**
 * APP_SECRET defaults to a value generated once into data/secret, so signatures and encrypted
 * tokens survive restarts. 'wx' makes concurrent first starts (server and CLI) agree on one value.
 */
export function loadOrCreateSecret(): string {
  try {
    return readFileSync(SECRET_FILE, "utf8").trim();
  } catch {
    makePrivateDir(path.dirname(SECRET_FILE));
    try {
      writeFileSync(SECRET_FILE, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: PRIVATE_FILE_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return readFileSync(SECRET_FILE, "utf8").trim();
  }
}
