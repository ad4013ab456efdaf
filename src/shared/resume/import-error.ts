/**
 * Why a file could not be imported, in words for the person who chose it. Every reader in this
 * folder throws only this; the dialog shows its message and changes nothing.
 */
export class ImportError extends Error {
  override readonly name = 'ImportError';
}

/** The reading limits: what a résumé or a LinkedIn export needs, with room to spare. */
export const IMPORT_LIMITS = {
  /** A JSON Resume file; real ones are a few kilobytes. */
  jsonBytes: 2 * 1024 * 1024,
  /** How deeply a JSON Resume may nest; the schema itself is four levels deep. */
  jsonDepth: 32,
  /** A LinkedIn export as it is mailed; the full archive with years of messages stays under it. */
  zipBytes: 64 * 1024 * 1024,
  /** Files in the ZIP (the full archive has a few hundred). */
  zipEntries: 5_000,
  /** One CSV we read, unpacked. */
  entryBytes: 8 * 1024 * 1024,
  /** Every CSV we read, unpacked, together. */
  unpackedBytes: 16 * 1024 * 1024,
  /** Rows of one CSV. */
  csvRows: 20_000,
  /** LinkedIn's files have a dozen columns; a row of thousands is made to keep the tab busy. */
  csvCells: 256,
  /** One CSV field. */
  csvFieldChars: 100_000,
} as const;

/** "2 MB": a limit as a person reads it. */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
