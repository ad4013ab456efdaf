import { discountedPaise, formatRupees } from '../../shared/domain/price.js';
import { isTemplateId, TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import type { Db } from '../db/database.js';
import { updateTemplatePrice } from '../templates/templates.repository.js';
import { templateSummaries } from '../templates/templates.service.js';
import { UsageError } from './command.js';

/** Razorpay refuses orders under 100 paise (one rupee). */
export const MIN_PRICE_PAISE = 100;
export const MAX_PRICE_PAISE = 100_000_000;

export interface PriceChange {
  templateId: string;
  amountPaise: number | null;
  discountPercent: number;
}

const wholeNumber = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;

/** Reads `set-price <templateId> --amount <paise> [--discount <percent>]` or `clear-price <templateId>`. */
export function parsePriceChange(
  command: 'set-price' | 'clear-price',
  args: string[],
): PriceChange {
  const [templateId, ...rest] = args;
  if (!templateId || templateId.startsWith('--')) {
    throw new UsageError(`${command} needs a template id (${TEMPLATE_IDS.join(', ')})`);
  }
  if (!isTemplateId(templateId)) {
    throw new UsageError(`unknown template "${templateId}"; use one of ${TEMPLATE_IDS.join(', ')}`);
  }
  if (command === 'clear-price') {
    if (rest.length)
      throw new UsageError(`clear-price takes only a template id (got "${rest.join(' ')}")`);
    return { templateId, amountPaise: null, discountPercent: 0 };
  }
  const options = new Map<string, string | undefined>();
  for (let index = 0; index < rest.length; index += 2) {
    const name = rest[index]!;
    if (name !== '--amount' && name !== '--discount')
      throw new UsageError(`unknown option "${name}"`);
    options.set(name, rest[index + 1]);
  }
  if (!options.has('--amount')) throw new UsageError('set-price needs --amount <paise>');
  const amount = wholeNumber(options.get('--amount'));
  if (!Number.isSafeInteger(amount) || amount < MIN_PRICE_PAISE || amount > MAX_PRICE_PAISE) {
    throw new UsageError(
      `--amount must be a whole number of paise from ${MIN_PRICE_PAISE} to ${MAX_PRICE_PAISE} (got "${options.get('--amount') ?? ''}"); 49900 paise is 499 rupees`,
    );
  }
  const discountText = options.has('--discount') ? options.get('--discount') : '0';
  const discount = wholeNumber(discountText);
  if (!Number.isInteger(discount) || discount < 0 || discount > 99) {
    throw new UsageError(
      `--discount must be a whole percentage from 0 to 99 (got "${discountText ?? ''}")`,
    );
  }
  if (discountedPaise(amount, discount) < MIN_PRICE_PAISE) {
    throw new UsageError(
      `the discounted price would be under ${MIN_PRICE_PAISE} paise, which cannot be charged`,
    );
  }
  return { templateId, amountPaise: amount, discountPercent: discount };
}

export async function applyPriceChange(
  db: Db,
  change: PriceChange,
  now = new Date(),
): Promise<void> {
  await updateTemplatePrice(db, change.templateId, {
    price_paise: change.amountPaise,
    discount_percent: change.discountPercent,
    updated_at: now.toISOString(),
  });
}

export async function priceTable(db: Db): Promise<string> {
  const rows = (await templateSummaries(db)).map((t) => [
    t.id,
    t.name,
    t.pricePaise === null ? 'NA' : `${t.pricePaise} paise (${formatRupees(t.pricePaise)} INR)`,
    `${t.discountPercent}%`,
    t.finalPricePaise === null ? 'not for sale' : `${formatRupees(t.finalPricePaise)} INR / year`,
  ]);
  const table = [['template', 'name', 'price', 'discount', 'buyers pay'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
