/** A stored file never changes under its name (the name is its content's hash). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
