import { CHOOSE_PATH } from '../../shared/routes.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { PreviewBar } from '../components/PreviewBar.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import { useTemplateWithSample } from '../templates/useTemplate.js';

/** /template1 ... /template5: the template with its sample data and a way back to the picker. */
export function TemplatePreviewPage({ templateId }: { templateId: TemplateId }) {
  const template = useTemplateWithSample(templateId);
  return (
    <>
      <PreviewBar backTo={CHOOSE_PATH} backLabel="Back to templates" />
      {template.status === 'ready' ? (
        <template.Component data={template.sample} />
      ) : (
        <TemplateLoading failed={template.status === 'failed'} />
      )}
    </>
  );
}
