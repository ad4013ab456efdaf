/** Field limits (the spec shows none; DESIGN.md fixes these). Shared by the editor and the API. */
export const LIMITS = {
  name: 100,
  line: 200,
  paragraph: 2000,
  url: 2048,
  minTiles: 1,
  maxTiles: 24,
  maxSocialLinks: 12,
  /** The whole portfolio document, as UTF-8 JSON. */
  documentBytes: 256 * 1024,
} as const;
