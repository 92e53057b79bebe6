// The genome's revision and the profile fields brand.profile.update changes, as brand.overview and
// genome.read both show them: one select, so the two reads cannot drift apart.
export const PROFILE_FIELDS = {
  revision: true,
  displayName: true,
  countryCode: true,
  city: true,
  organizationType: true,
  primaryLanguage: true,
} as const;
