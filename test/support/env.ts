// Each test file talks to the same database as the server, to set up its world.
import { inject } from "vitest";
import { resetConfigForTests } from "../../lib/config";

Object.assign(process.env, inject("testEnv"));
resetConfigForTests();
