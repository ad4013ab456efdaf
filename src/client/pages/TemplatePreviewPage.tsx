import { CHOOSE_PATH } from '../../shared/routes.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { Alert } from '../components/Alert.js';
import { PreviewBar } from '../components/PreviewBar.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import { useSelectTemplate } from '../templates/useSelectTemplate.js';
import { useTemplateWithSample } from '../templates/useTemplate.js';
import { templatePrice, useTemplateList } from '../templates/useTemplateList.js';

/** /template1 ... /template5: the template with its sample data and a way back to the picker. */
export function TemplatePreviewPage({ templateId }: { templateId: TemplateId }) {
  const template = useTemplateWithSample(templateId);
  const { select, busyTemplate, published, problem, dismissProblem } = useSelectTemplate();
  const price = templatePrice(useTemplateList().loaded, templateId);
  // Offered once the list says the template is for sale, as /choose offers it.
  const forSale = price.status === 'ready' && price.answer?.finalPricePaise != null;
  return (
    <>
      <PreviewBar backTo={CHOOSE_PATH} backLabel="Back to templates">
        {forSale && (
          <button
            type="button"
            className="button preview-bar__action"
            disabled={busyTemplate !== undefined}
            onClick={() => void select(templateId)}
          >
            {busyTemplate ? 'Opening…' : published.has(templateId) ? 'Update' : 'Use this template'}
          </button>
        )}
        {problem && (
          <Alert compact className="preview-bar__problem" reveal={false} onDismiss={dismissProblem}>
            {problem}
          </Alert>
        )}
      </PreviewBar>
      {template.status === 'ready' ? (
        <template.Component data={template.sample} />
      ) : (
        <TemplateLoading failed={template.status === 'failed'} />
      )}
    </>
  );
}
