"use client";
// The browser's better-auth client: same origin, so no base URL.
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
export const { signIn, signOut, useSession } = authClient;
