// A person without an account signs up on their invitation's page and joins the brand at once
// (lib/invite/invited-sign-up.ts). No session yet, so no personRoute: the same-site check, the
// bounded body and the error shape are its parts. The page signs them in with the new password next.
import { z } from "zod";
import { checkOrigin, errorResponse, jsonResponse, readInput } from "@/lib/auth/person-route";
import { requestIdOf } from "@/lib/http/request";
import { signUpInvited } from "@/lib/invite/invited-sign-up";
import { nameField, passwordField, tokenField } from "@/lib/invite/invite-fields";

const schema = z.object({ token: tokenField, name: nameField, password: passwordField }).strict();

export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request, "page");
    const input = await readInput(request, { limit: 4096, schema });
    return jsonResponse(await signUpInvited(input.token, input, requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
