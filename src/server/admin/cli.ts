import { loadConfig } from '../config.js';
import { formatRupees } from '../../shared/domain/price.js';
import { createGateway } from '../payments/create-gateway.js';
import { GatewayError } from '../payments/gateway.js';
import { RefundRefused, refundOrder } from '../orders/refunds.service.js';
import { runCommand, UsageError, withServerDatabase } from './command.js';
import { applyPriceChange, parsePriceChange, priceTable } from './prices.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list-prices                                           show every template's price
  set-price <templateId> --amount <paise> [--discount <percent>]
                                                        set a price in paise (49900 = 499 INR)
  clear-price <templateId>                              remove the price (shown as NA, not for sale)
  refund <orderId | receiptNumber>                      refund a paid order in full through its gateway,
                                                        end the year it paid for, and email the buyer

Uses the same DATABASE_URL / DATA_DIR as the server.`;

/** Operators' command line. Prints to stdout; errors to stderr with exit code 2. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === 'refund') return refund(args);
  if (command !== 'list-prices' && command !== 'set-price' && command !== 'clear-price') {
    throw new UsageError(`unknown command "${command}"`);
  }
  const change = command === 'list-prices' ? undefined : parsePriceChange(command, args);
  return withServerDatabase(loadConfig(), async (db) => {
    if (change) {
      await applyPriceChange(db, change);
      process.stdout.write(`Updated ${change.templateId}.\n\n`);
    }
    process.stdout.write(`${await priceTable(db)}\n`);
    return 0;
  });
}

async function refund(args: string[]): Promise<number> {
  const [key, ...rest] = args;
  if (!key || rest.length > 0) throw new UsageError('refund takes one order id or receipt number');
  const config = loadConfig();
  return withServerDatabase(config, async (db) => {
    const gateway = createGateway(config, db);
    try {
      const done = await refundOrder({ db, gateway, publicUrl: () => config.publicUrl }, key);
      process.stdout.write(
        [
          `Refunded order ${done.orderId}${done.receipt ? ` (receipt ${done.receipt})` : ''}: ${formatRupees(done.amountPaise)} INR, refund ${done.refundId}.`,
          done.paidUntil ? `The portfolio is now paid until ${done.paidUntil}.` : '',
          'The buyer is emailed.',
        ]
          .filter(Boolean)
          .join('\n') + '\n',
      );
      return 0;
    } catch (error) {
      if (error instanceof RefundRefused || error instanceof GatewayError) {
        const detail = error instanceof GatewayError ? ` (${error.detail})` : '';
        process.stderr.write(`Not refunded: ${error.message}${detail}\n`);
        return 2;
      }
      throw error;
    }
  });
}

runCommand(main(process.argv.slice(2)), USAGE);
