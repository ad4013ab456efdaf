import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { prepareDatabase } from '../prepare-database.js';
import { applyPriceChange, parsePriceChange, priceTable, UsageError } from './prices.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list-prices                                           show every template's price
  set-price <templateId> --amount <paise> [--discount <percent>]
                                                        set a price in paise (49900 = 499 INR)
  clear-price <templateId>                              remove the price (shown as NA, not for sale)

Uses the same DATABASE_URL / DATA_DIR as the server.`;

/** Operators' command line. Prints to stdout; errors to stderr with exit code 2. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command !== 'list-prices' && command !== 'set-price' && command !== 'clear-price') {
    throw new UsageError(`unknown command "${command}"`);
  }
  const change = command === 'list-prices' ? undefined : parsePriceChange(command, args);
  const config = loadConfig();
  const { db } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'portfolio.db'),
  });
  try {
    await prepareDatabase(db);
    if (change) {
      await applyPriceChange(db, change);
      process.stdout.write(`Updated ${change.templateId}.\n\n`);
    }
    process.stdout.write(`${await priceTable(db)}\n`);
  } finally {
    await db.destroy();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(
        `Error: ${error.message}\n\n${error instanceof UsageError ? USAGE : ''}\n`,
      );
      process.exit(2);
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
