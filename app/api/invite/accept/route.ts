// The signed-in person accepts an invitation (the accept page's Join): they join the brand with
// its role when they are signed in as the invited address; otherwise nothing changes and the
// outcome says why (another address, used, revoked, expired, unknown), for the page to put in words.
import { z } from "zod";
import { personRoute } from "@/lib/auth/person-route";
import { db } from "@/lib/db/client";
import { acceptInvitation } from "@/lib/invite/accept";
import { tokenField } from "@/lib/invite/invite-fields";

export const POST = personRoute(
  {
    origin: "page",
    signInTo: "accept this invitation",
    body: { limit: 4096, schema: z.object({ token: tokenField }).strict() },
  },
  async ({ userId, input, requestId }) => {
    const person = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true },
    });
    return acceptInvitation(input.token, person, { requestId });
  },
);
