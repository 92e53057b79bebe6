// What the service keeps on disk is readable by its own user only: the SQLite database (e-mails,
// password hashes, conversations) and its -wal, -shm and -journal files, the secret, the demo's
// credentials, and every stored or arriving file. Files are 0600 and the folders this service
// creates 0700, whatever the umask it was started with.
//
// Modes are given where each thing is created, not by a process-wide umask: every entry point
// (`npm start`, `next start` or another Next host, the admin CLI, the tests' set-up) creates these
// files through the same few functions, whereas a umask would have to be set first thing in each
// entry point, and would also change what Next and the libraries write for themselves (.next's
// caches, temporary files) in a process where it is one global setting for every thread of work.
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** mkdir -p, every folder it creates 0700; a folder that exists keeps its mode (an operator's choice). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Before SQLite opens the file: SQLite creates a database 0644 less the umask, but gives its -wal,
 * -shm and -journal files the database file's own mode (os_unix.c, findCreateFileMode and
 * robust_open). So the database is created 0600 here, and an existing one, with journals left by
 * an earlier version, is brought to 0600: the journals then follow it, whatever the umask.
 * `create`: the migrations create the database; the server's connections do not, so a database
 * that is not there yet stays unavailable (503) until it is migrated, rather than empty.
 */
export function preparePrivateDatabase(file: string, options: { create: boolean }): void {
  makePrivateDir(path.dirname(file));
  if (options.create) closeSync(openSync(file, "a", PRIVATE_FILE_MODE)); // empty when absent, else as it is
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    try {
      chmodSync(file + suffix, PRIVATE_FILE_MODE);
    } catch (error) {
      // absent, or owned by another user (a shared file is its owner's to restrict)
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM") throw error;
    }
  }
}
