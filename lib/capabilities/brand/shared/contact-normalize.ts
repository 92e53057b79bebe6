// One canonical form per contact type (docs/design.md, contact channels and the kit), so duplicates
// are found by equality and every door shows the same value. Returns undefined when the value is
// not valid for its type.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { z } from "zod";
import type { CONTACT_TYPES } from "./contacts";

type ContactType = (typeof CONTACT_TYPES)[number];
type Social = "instagram" | "facebook" | "linkedin" | "tiktok" | "x" | "youtube" | "pinterest";

const HANDLE = /^[a-z0-9._-]{1,100}$/;

/** Hosts each network's profile URLs live on, and how its canonical URL is written. */
const NETWORKS: Record<
  Social,
  { hosts: string[]; canonical: (handle: string) => string; handleFromPath: (segments: string[]) => string | undefined }
> = {
  instagram: {
    hosts: ["instagram.com"],
    canonical: (h) => `https://www.instagram.com/${h}`,
    handleFromPath: ([first]) => first,
  },
  facebook: {
    hosts: ["facebook.com", "fb.com"],
    canonical: (h) => `https://www.facebook.com/${h}`,
    handleFromPath: ([first]) => first,
  },
  linkedin: {
    hosts: ["linkedin.com"],
    canonical: (h) => `https://www.linkedin.com/company/${h}`,
    handleFromPath: () => undefined,
  },
  tiktok: {
    hosts: ["tiktok.com"],
    canonical: (h) => `https://www.tiktok.com/@${h}`,
    handleFromPath: ([first]) => (first?.startsWith("@") ? first.slice(1) : undefined),
  },
  x: { hosts: ["x.com", "twitter.com"], canonical: (h) => `https://x.com/${h}`, handleFromPath: ([first]) => first },
  youtube: {
    hosts: ["youtube.com"],
    canonical: (h) => `https://www.youtube.com/@${h}`,
    handleFromPath: ([first]) => (first?.startsWith("@") ? first.slice(1) : undefined),
  },
  pinterest: {
    hosts: ["pinterest.com"],
    canonical: (h) => `https://www.pinterest.com/${h}`,
    handleFromPath: ([first]) => first,
  },
};

export function normalizeContact(type: ContactType, raw: string, countryCode: string | null): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  switch (type) {
    case "website":
      return normalizeWebsite(value);
    case "email":
      return z.email().safeParse(value.toLowerCase()).data;
    case "phone":
    case "whatsapp": {
      // a national number is read in the brand's country; +… numbers need no region
      const phone = parsePhoneNumberFromString(value, (countryCode ?? undefined) as CountryCode | undefined);
      return phone?.isValid() ? phone.number : undefined;
    }
    case "other":
      return value;
    default:
      return normalizeSocial(type, value);
  }
}

function normalizeWebsite(value: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!["http:", "https:"].includes(url.protocol) || !url.hostname.includes(".") || url.username || url.password)
      return undefined;
    return url.href; // URL lower-cases the host and drops default ports
  } catch {
    return undefined;
  }
}

function normalizeSocial(type: Social, value: string): string | undefined {
  const network = NETWORKS[type];
  const looksLikeUrl = /^(https?:\/\/)?([a-z0-9-]+\.)*[a-z0-9-]+\.[a-z]{2,}\//i.test(value);
  if (!looksLikeUrl) {
    const handle = value.replace(/^@/, "").toLowerCase();
    return HANDLE.test(handle) ? network.canonical(handle) : undefined;
  }
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, "");
  if (!network.hosts.includes(host)) return undefined;
  const segments = url.pathname.split("/").filter(Boolean);
  if (type === "linkedin") {
    // a person (/in/) or a company (/company/) page is kept as such
    const [kind, handle] = segments;
    if ((kind === "in" || kind === "company") && handle && HANDLE.test(handle.toLowerCase())) {
      return `https://www.linkedin.com/${kind}/${handle.toLowerCase()}`;
    }
    return undefined;
  }
  const handle = network.handleFromPath(segments)?.toLowerCase();
  return handle && HANDLE.test(handle) ? network.canonical(handle) : undefined;
}
