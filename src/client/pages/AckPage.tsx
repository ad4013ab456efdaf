import { NotAvailableYet } from '../components/NotAvailableYet.js';

export function AckPage() {
  return <NotAvailableYet what="Thank you" />;
}
