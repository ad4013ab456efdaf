import { useId, useRef, useState } from 'react';
import type { Draft } from '../../shared/draft.js';
import { carryOver } from '../../shared/templates/carry-over.js';
import {
  TEMPLATE_DEFINITIONS,
  TEMPLATE_IDS,
  templateCardImage,
  templateName,
  type TemplateId,
} from '../../shared/templates/catalog.js';
import { formatYearlyPrice } from '../../shared/domain/price.js';
import { useModalDialog } from '../components/useModalDialog.js';
import { templatePrice, useTemplateList } from '../templates/useTemplateList.js';
import '../components/modal-card.css';
import './change-template.css';

interface Pending {
  templateId: TemplateId;
  draft: Draft;
  lost: string[];
}

/**
 * "Change template": pick another template; everything both show comes along, and when the new
 * one cannot show something the person has written, the dialog lists it and asks first.
 */
export function ChangeTemplateDialog({
  draft,
  onSwitch,
  onClose,
}: {
  draft: Draft;
  onSwitch: (draft: Draft) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<Pending | undefined>();
  const id = useId();
  // Templates are priced apart: the price a switch leads to is shown before it is made.
  const { loaded: templates } = useTemplateList();
  const priceOf = (templateId: TemplateId): string | undefined => {
    const price = templatePrice(templates, templateId);
    if (price.status !== 'ready') return undefined;
    const paise = price.answer?.finalPricePaise;
    return paise === null || paise === undefined ? 'Not for sale' : formatYearlyPrice(paise);
  };

  useModalDialog(dialog);

  const choose = (templateId: TemplateId) => {
    const { data, lost } = carryOver(
      draft.data,
      TEMPLATE_DEFINITIONS[draft.templateId],
      TEMPLATE_DEFINITIONS[templateId],
    );
    const next = { templateId, data };
    if (lost.length === 0) onSwitch(next);
    else setPending({ templateId, draft: next, lost });
  };

  return (
    <dialog
      ref={dialog}
      className="modal-card change-template"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {pending ? (
        <div className="change-template__body">
          <h2 id={`${id}-title`} className="change-template__title">
            Switch to {templateName(pending.templateId)}?
          </h2>
          <p>
            {templateName(pending.templateId)} has no place for these, so they will be discarded:
          </p>
          <ul className="change-template__lost" aria-label="What will be discarded">
            {pending.lost.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="change-template__fine">Everything else you wrote comes along.</p>
          <div className="change-template__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setPending(undefined)}
            >
              Back
            </button>
            <button type="button" className="button" onClick={() => onSwitch(pending.draft)}>
              Discard and switch
            </button>
          </div>
        </div>
      ) : (
        <div className="change-template__body">
          <h2 id={`${id}-title`} className="change-template__title">
            Change template
          </h2>
          <p>
            Your name, intro, contact details, social links and tiles come along to the template you
            pick.
          </p>
          <ul className="change-template__choices">
            {TEMPLATE_IDS.filter((templateId) => templateId !== draft.templateId).map(
              (templateId) => (
                <li key={templateId}>
                  <button
                    type="button"
                    className="change-template__choice"
                    onClick={() => choose(templateId)}
                  >
                    <img src={templateCardImage(templateId)} alt="" width={120} height={82} />
                    <span>{templateName(templateId)}</span>
                    <span className="change-template__price">
                      {priceOf(templateId) ?? '\u00a0'}
                    </span>
                  </button>
                </li>
              ),
            )}
          </ul>
          <div className="change-template__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Keep {templateName(draft.templateId)}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
