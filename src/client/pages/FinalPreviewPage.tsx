import { NotAvailableYet } from '../components/NotAvailableYet.js';

export function FinalPreviewPage() {
  return <NotAvailableYet what="Final preview" />;
}
