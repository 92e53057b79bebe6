// Each channel's length and link rules, as the platforms publish them (docs/integrators.md lists
// them with their sources). A text past a hard limit cannot be posted whole: an error. A link where
// the platform does not make it clickable reaches nobody: a warning.
import type { CONTACT_TYPES } from "../../brand/shared/contacts";
import { excerptOf, type Finding } from "./shape";

type Channel = (typeof CONTACT_TYPES)[number];

type Rule = {
  /** the platform's own name, for the messages */
  name: string;
  /** the most characters one post, caption or message takes */
  maxLength?: number;
  /** what the limit applies to, in words */
  what?: string;
  /** X counts every link as 23 characters, whatever its length (t.co wrapping) */
  linkWeight?: number;
  /** links in the text are shown as plain text, not opened */
  linksNotClickable?: string;
  /** SMS: a message longer than one segment is sent as several */
  segment?: number;
};

export const CHANNEL_RULES: Record<Channel, Rule> = {
  x: { name: "X", maxLength: 280, what: "a post", linkWeight: 23 },
  instagram: {
    name: "Instagram",
    maxLength: 2200,
    what: "a caption",
    linksNotClickable: "put the link in the profile's bio or a link sticker",
  },
  facebook: { name: "Facebook", maxLength: 63_206, what: "a post" },
  linkedin: { name: "LinkedIn", maxLength: 3000, what: "a post" },
  tiktok: {
    name: "TikTok",
    maxLength: 4000,
    what: "a caption",
    linksNotClickable: "put the link in the profile's bio",
  },
  youtube: { name: "YouTube", maxLength: 5000, what: "a video description" },
  pinterest: {
    name: "Pinterest",
    maxLength: 500,
    what: "a pin description",
    linksNotClickable: "set it as the pin's destination link",
  },
  whatsapp: { name: "WhatsApp", maxLength: 65_536, what: "a message" },
  phone: { name: "SMS", segment: 160 },
  email: { name: "e-mail" },
  website: { name: "the website" },
  other: { name: "this channel" },
};

const LINK =
  /\b(?:https?:\/\/|www\.)[^\s<>()]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|co|app|dev|shop|store|info|me)(?:\/[^\s<>()]*)?/giu;

/** Characters as people and platforms count them: code points, not UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

export function channelFindings(text: string, channel: Channel): Finding[] {
  const rule = CHANNEL_RULES[channel];
  const links = Array.from(text.matchAll(LINK));
  const findings: Finding[] = [];
  let length = lengthOf(text);
  if (rule.linkWeight) {
    for (const link of links) length += rule.linkWeight - lengthOf(link[0]);
  }
  if (rule.maxLength && length > rule.maxLength) {
    findings.push({
      severity: "error",
      rule: { kind: "channel_length" },
      message:
        `${rule.name} takes at most ${rule.maxLength.toLocaleString("en")} characters in ${rule.what}; ` +
        `this text counts ${length.toLocaleString("en")}${rule.linkWeight ? ` (every link counts as ${rule.linkWeight})` : ""}.`,
      suggestion: `Shorten it by ${(length - rule.maxLength).toLocaleString("en")} characters.`,
    });
  }
  if (rule.segment && length > rule.segment) {
    findings.push({
      severity: "info",
      rule: { kind: "channel_length" },
      message: `A text message holds ${rule.segment} characters; this one (${length}) is sent as ${Math.ceil(length / 153)} messages.`,
    });
  }
  if (rule.linksNotClickable && links.length > 0) {
    const first = links[0]!;
    findings.push({
      severity: "warning",
      rule: { kind: "channel_links" },
      message: `${rule.name} does not open links written in ${rule.what}: readers cannot tap “${first[0]}”.`,
      excerpt: excerptOf(text, first.index, first.index + first[0].length),
      suggestion: `Remove the link from the text and ${rule.linksNotClickable}.`,
    });
  }
  return findings;
}
