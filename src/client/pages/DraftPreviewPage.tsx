import type { TemplateId } from '../../shared/routes.js';
import { templateName } from '../../shared/routes.js';
import { NotAvailableYet } from '../components/NotAvailableYet.js';

export function DraftPreviewPage({ templateId }: { templateId: TemplateId }) {
  return <NotAvailableYet what={`${templateName(templateId)} draft preview`} />;
}
