// What the accept page's forms send, with the refusals in words (the page shows them as they are).
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../admin/people";

export const tokenField = z.string().min(1).max(200).describe("The invitation link's last part");
export const nameField = z
  .string()
  .trim()
  .min(1, "Type your name: it is how the team sees you")
  .max(100, "Your name can be at most 100 characters");
export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `Choose a password of at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `A password can be at most ${PASSWORD_MAX} characters`);
