import { useEffect, useId, useRef, useState } from 'react';
import type { Draft } from '../../shared/draft.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { Samples } from '../../shared/templates/carry-over.js';
import { planSwitch } from '../../shared/templates/switch-plan.js';
import { listed } from '../../shared/plural.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
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

/** A template's sample as the editor starts from it: only the fields the template shows. */
async function shownSample(templateId: TemplateId): Promise<PortfolioData> {
  const definition = TEMPLATE_DEFINITIONS[templateId];
  return pickTemplateFields(definition, await definition.loadSample());
}

/**
 * Both templates' samples, so that what is still the old one's sample gives way to the new one's
 * instead of passing for the person's work. Without them (a chunk that failed to load) everything
 * is carried, as before: nothing of the person's is ever lost for want of a sample.
 */
async function switchSamples(from: TemplateId, to: TemplateId): Promise<Samples> {
  try {
    const [fromSample, toSample] = await Promise.all([shownSample(from), shownSample(to)]);
    return { from: fromSample, to: toSample };
  } catch {
    return {};
  }
}

interface Pending {
  templateId: TemplateId;
  draft: Draft;
  /** Not shown by the new template, kept with the draft for one that shows it. */
  kept: string[];
  /** Not shown, and gone for good. */
  discarded: string[];
  /** Set aside earlier, and dropped: the person has put another in its place. */
  replaced: string[];
  moves: string[];
}

/**
 * "Change template": pick another template; everything both show comes along, sections going to
 * the new template's section of the same kind (carry-over.ts). When the new one cannot show
 * something the person has written, or a section has to join another, the dialog says so and
 * asks first.
 */
export function ChangeTemplateDialog({
  draft,
  onSwitch,
  onClose,
}: {
  draft: Draft;
  /**
   * `restored`: what came back from an earlier change when no question was asked (the question
   * names it already), for the editor to say.
   */
  onSwitch: (draft: Draft, restored: readonly string[]) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | undefined>();
  // The template whose question was left with Back: its card gets the focus again.
  const [returnTo, setReturnTo] = useState<TemplateId | undefined>();
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

  // The card that was clicked is gone when the question shows: focus goes to its heading, so
  // a screen reader starts there, and back to the card after Back.
  useEffect(() => {
    if (pending) confirmTitle.current?.focus();
    else if (returnTo) {
      dialog.current?.querySelector<HTMLButtonElement>(`[data-template="${returnTo}"]`)?.focus();
    }
  }, [pending, returnTo]);

  const choose = async (templateId: TemplateId) => {
    const plan = planSwitch(draft, templateId, await switchSamples(draft.templateId, templateId));
    if (!plan.ask) {
      onSwitch(plan.draft, plan.restored);
      return;
    }
    const { kept, discarded, restored, replaced } = plan;
    const moves = [
      ...plan.moves,
      ...(restored.length > 0 ? [`Back from before: ${listed(restored)}`] : []),
    ];
    setPending({ templateId, draft: plan.draft, kept, discarded, replaced, moves });
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
      {/* Keys: each screen starts unscrolled, not where the other was left. */}
      {pending ? (
        <div key="confirm" className="change-template__body">
          <h2
            id={`${id}-title`}
            ref={confirmTitle}
            tabIndex={-1}
            className="change-template__title"
          >
            Switch to {templateName(pending.templateId)}?
          </h2>
          <div className="change-template__scroll">
            {pending.moves.length > 0 && (
              <>
                <p>Where your sections go in {templateName(pending.templateId)}:</p>
                <ul className="change-template__moves" aria-label="Where your sections go">
                  {pending.moves.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            {pending.kept.length > 0 && (
              <>
                <p>
                  {templateName(pending.templateId)} does not show these. They stay with your draft
                  and come back when you switch to a template that shows them:
                </p>
                <ul className="change-template__kept" aria-label="What is kept for later">
                  {pending.kept.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            {pending.discarded.length > 0 && (
              <>
                <p>
                  {templateName(pending.templateId)} has no place for these, so they will be
                  discarded:
                </p>
                <ul className="change-template__lost" aria-label="What will be discarded">
                  {pending.discarded.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            {pending.replaced.length > 0 && (
              <>
                <p>
                  These were kept from an earlier template, but you have put something else in their
                  place since. Yours stays, and these will be discarded:
                </p>
                <ul className="change-template__lost" aria-label="What you have replaced">
                  {pending.replaced.map((line) => (
                    <li key={line}>{line.charAt(0).toUpperCase() + line.slice(1)}</li>
                  ))}
                </ul>
              </>
            )}
            <p className="change-template__fine">Everything else you wrote comes along.</p>
          </div>
          <div className="change-template__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setReturnTo(pending.templateId);
                setPending(undefined);
              }}
            >
              Back
            </button>
            <button type="button" className="button" onClick={() => onSwitch(pending.draft, [])}>
              {pending.discarded.length > 0 ? 'Discard and switch' : 'Switch'}
            </button>
          </div>
        </div>
      ) : (
        <div key="choose" className="change-template__body">
          <h2 id={`${id}-title`} className="change-template__title">
            Change template
          </h2>
          <div className="change-template__scroll">
            <p>
              Everything you wrote comes along, each part where the new template shows its kind of
              thing. What it cannot show is kept for when you switch back, and you see it before you
              switch.
            </p>
            <ul className="change-template__choices">
              {TEMPLATE_IDS.filter((templateId) => templateId !== draft.templateId).map(
                (templateId) => (
                  <li key={templateId}>
                    <button
                      type="button"
                      className="change-template__choice"
                      data-template={templateId}
                      onClick={() => void choose(templateId)}
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
          </div>
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
