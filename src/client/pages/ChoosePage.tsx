import { NotAvailableYet } from '../components/NotAvailableYet.js';

export function ChoosePage() {
  return <NotAvailableYet what="Pick a Template & Make It Yours" />;
}
