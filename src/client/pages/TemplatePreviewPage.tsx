import type { TemplateId } from '../../shared/routes.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { BackArrow } from '../components/BackArrow.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import { useTemplate } from '../templates/useTemplate.js';

/** /template1 ... /template5: the template with its sample data and a way back to the picker. */
export function TemplatePreviewPage({ templateId }: { templateId: TemplateId }) {
  const template = useTemplate(templateId);
  return (
    <>
      {template.status === 'ready' ? (
        <template.Component data={SAMPLE_DATA[templateId]} />
      ) : (
        <TemplateLoading failed={template.status === 'failed'} />
      )}
      <BackArrow to="/choose" label="Back to templates" />
    </>
  );
}
