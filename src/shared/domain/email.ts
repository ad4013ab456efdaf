/**
 * An email address: something@domain.tld, the domain made of dot-separated labels, without
 * spaces or the characters `@<>()[],;:"`. Each part excludes the character that ends it, so
 * matching is linear-time: no input can make it try the same characters two ways (the old
 * `[^@]+\.[^@]+` took seconds on "a@" followed by many dots). Callers check the length first.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:".]+(?:\.[^\s@<>()[\],;:".]+)+$/;
