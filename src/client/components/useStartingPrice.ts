import { useEffect, useState } from 'react';
import type { TemplateListResponse } from '../../shared/templates-api.js';
import { api } from '../api/http.js';

/**
 * The lowest yearly price a buyer pays today, in paise, from the server's price list; undefined
 * while loading, and null when nothing is for sale or the list could not be read (the page then
 * says nothing about price rather than something wrong).
 */
export function useStartingPrice(): number | null | undefined {
  const [paise, setPaise] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api<TemplateListResponse>('/api/templates').then(
      ({ templates }) => {
        const prices = templates.flatMap((t) =>
          t.finalPricePaise === null ? [] : [t.finalPricePaise],
        );
        if (live) setPaise(prices.length > 0 ? Math.min(...prices) : null);
      },
      () => live && setPaise(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return paise;
}
