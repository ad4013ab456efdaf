import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProductionEnvironment, loadConfig } from '../config.js';
import { ContactTokens } from '../contact/contact-token.js';
import { mediaBaseFor } from '../uploads/create-storage.js';
import { PageRenderer } from '../public-pages/page-renderer.js';
import { runCommand, UsageError, withServerDatabase } from './command.js';
import { seedPortfolios } from './seed-portfolios.js';

const USAGE = `Usage: npm run seed -- --portfolios <N>

Creates N published portfolios (seed-1, seed-2, ... continuing after any already there) with the
rows a paid publish leaves, rendered pages included, for trying the product and measuring it at
scale. Development only: refuses NODE_ENV=production. Uses the same DATABASE_URL / DATA_DIR and
PUBLIC_URL as the server (pages link to PUBLIC_URL, so give the one the server will run with).`;

function parseCount(argv: string[]): number {
  const index = argv.indexOf('--portfolios');
  const value = index === -1 ? undefined : argv[index + 1];
  if (!value || !/^\d{1,7}$/.test(value) || Number(value) < 1) {
    throw new UsageError('--portfolios must be a whole number from 1 to 9999999');
  }
  return Number(value);
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const count = parseCount(argv);
  if (isProductionEnvironment()) {
    throw new UsageError(
      'the seed command creates made-up portfolios and never runs with NODE_ENV=production',
    );
  }
  const config = loadConfig();
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const contactTokens = new ContactTokens(config.sessionSecret);
  const renderer = new PageRenderer({
    clientDir,
    publicUrl: () => config.publicUrl,
    mediaBase: mediaBaseFor(config),
    // The same key as the server's, so a seeded page's form is accepted without JavaScript too.
    contactToken: () => contactTokens.issue(),
  });
  try {
    return await withServerDatabase(config, async (db) => {
      const started = Date.now();
      let reported = 0;
      const { first, last } = await seedPortfolios(db, renderer, {
        count,
        publicUrl: config.publicUrl,
        onProgress: (done) => {
          if (done - reported >= 5000 || done === count) {
            reported = done;
            process.stdout.write(`${done} / ${count}\n`);
          }
        },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`Published seed-${first} to seed-${last} in ${seconds} s.\n`);
      return 0;
    });
  } finally {
    // The render threads would keep the command from ending.
    await renderer.close();
  }
}

runCommand(main(process.argv.slice(2)), USAGE);
