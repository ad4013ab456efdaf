import { NotAvailableYet } from '../components/NotAvailableYet.js';

export function EditorPage() {
  return <NotAvailableYet what="Editor" />;
}
