"use client";
// The browser's better-auth client: same origin, so no base URL. The OAuth provider's client plugin
// sends the sign-in page's signed query along (an MCP client's authorization in progress), so the
// authorization server can go on after sign-in.
import { createAuthClient } from "better-auth/react";
import { oauthProviderClient } from "@better-auth/oauth-provider/client";

export const authClient = createAuthClient({ plugins: [oauthProviderClient()] });
export const { signIn, signOut, useSession } = authClient;
