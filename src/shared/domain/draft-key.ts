/**
 * The browser's local-storage key for the work in progress (spec: templateData). On its own so
 * that pages which only write a fresh draft (/choose) do not load the draft reader and zod.
 */
export const DRAFT_STORAGE_KEY = 'templateData';
