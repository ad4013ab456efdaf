import { Link } from 'react-router';
import { formatPrice, NO_PRICE_MESSAGE } from '../../shared/domain/price.js';
import { templatePreviewPath } from '../../shared/routes.js';
import type { TemplateSummary } from '../../shared/templates-api.js';
import {
  isTemplateId,
  PHONE_CARD_IMAGE,
  TEMPLATE_IDS,
  templateCardImage,
  type TemplateId,
} from '../../shared/templates/catalog.js';
import { AccountBar } from '../components/AccountBar.js';
import { Alert } from '../components/Alert.js';
import { Footer } from '../components/Footer.js';
import { LoadFailed } from '../components/LoadFailed.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { FIRST_SCREEN_PICTURE } from '../first-screen.js';
import { useSignIn } from '../auth/useSignIn.js';
import { useSelectTemplate } from '../templates/useSelectTemplate.js';
import { useTemplateList } from '../templates/useTemplateList.js';
import '../components/discount-pill.css';
import './choose.css';

/**
 * The specification's price line, with the amount in front. "Template Price:" is read out, not
 * shown: on a card under the template's name the amount says it, and five repeats were clutter.
 * That prices are yearly and include taxes the page's lead says once.
 */
export function PriceLine({ template }: { template: TemplateSummary }) {
  if (template.pricePaise === null || template.finalPricePaise === null) {
    return (
      <p className="template-card__price">
        <span className="visually-hidden">Template Price: </span>NA
      </p>
    );
  }
  const discounted = template.discountPercent > 0;
  return (
    <p className="template-card__price">
      <span className="visually-hidden">Template Price: </span>
      {discounted && (
        <>
          <s aria-label={`was ${formatPrice(template.pricePaise)}`}>
            {formatPrice(template.pricePaise)}
          </s>{' '}
        </>
      )}
      {/* The amount and its period stay on one line on a narrow card. */}
      <span className="template-card__amount">
        <strong>{formatPrice(template.finalPricePaise)}</strong> / year
      </span>
      {discounted && (
        <span className="discount-pill template-card__discount">
          {template.discountPercent}% off
        </span>
      )}
    </p>
  );
}

/** Where the cards stand two a row (choose.css): a phone, shown the template's phone layout. */
const PHONE_GRID = '(max-width: 640px)';

/**
 * A card's picture: the template's first screen on a computer, or on a phone on a phone. The
 * `first` card's is the largest thing a phone paints first: it is asked for ahead of the rest,
 * which wait for their place on the screen instead of sharing a slow link with it, and the app's
 * code waits until it is painted (start-after-first-screen.ts).
 */
function CardPicture({ id, alt, first }: { id: TemplateId; alt: string; first: boolean }) {
  return (
    <picture>
      <source
        media={PHONE_GRID}
        type="image/avif"
        srcSet={templateCardImage(id, 'phone', 'avif')}
        width={PHONE_CARD_IMAGE.width}
        height={PHONE_CARD_IMAGE.height}
      />
      <source
        media={PHONE_GRID}
        srcSet={templateCardImage(id, 'phone')}
        width={PHONE_CARD_IMAGE.width}
        height={PHONE_CARD_IMAGE.height}
      />
      <img
        className="template-card__image"
        src={templateCardImage(id)}
        alt={alt}
        width={640}
        height={480}
        fetchPriority={first ? 'high' : undefined}
        elementtiming={first ? FIRST_SCREEN_PICTURE : undefined}
        loading={first ? undefined : 'lazy'}
      />
    </picture>
  );
}

/**
 * What /choose shows while the list loads: five cards built from the real card's parts with their
 * text hidden, so each has the final size and nothing moves when the list arrives. The pictures
 * are the catalog's, already in the page the build draws: a phone shows them before the script
 * and the list have arrived.
 */
function placeholderCards() {
  return TEMPLATE_IDS.map((id, index) => (
    <li
      key={id}
      id={id}
      className="surface-card template-card template-card--placeholder"
      aria-hidden="true"
    >
      <CardPicture id={id} alt="" first={index === 0} />
      <div className="template-card__body">
        <h2 className="template-card__name">
          <span className="template-card__skeleton">Template</span>
        </h2>
        <p className="template-card__price">
          <span className="template-card__skeleton">₹000 / year</span>
        </p>
        <div className="template-card__actions">
          <span className="button template-card__skeleton-button" />
          <span className="button template-card__skeleton-button" />
        </div>
      </div>
    </li>
  ));
}

export function ChoosePage() {
  const {
    select,
    busyTemplate,
    published,
    problem: selectProblem,
    dismissProblem,
  } = useSelectTemplate();
  // Signing in is the top bar's, for a person who wants it; picking a template needs none.
  const { signIn, pending: signingIn, message: signInMessage, dismissMessage } = useSignIn();
  const problem = signInMessage ?? selectProblem;
  const { loaded: templates, retry: retryTemplates } = useTemplateList();

  return (
    <div className="choose">
      <SiteHeader
        account={
          <AccountBar
            signIn={() => void signIn()}
            signingIn={signingIn}
            lockWhileSigningIn={false}
          />
        }
      />

      <main className="choose__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <h1 className="choose__title">Pick a Template &amp; Make It Yours</h1>
        <p className="choose__lead">
          Preview any design, then select one and fill in your details: you sign in only to upload a
          photo or publish. Prices are for a year and include taxes.
        </p>

        {problem && (
          <Alert
            className="choose__notice"
            reveal={false}
            onDismiss={() => {
              dismissMessage();
              dismissProblem();
            }}
          >
            {problem}
          </Alert>
        )}

        {templates.status === 'loading' && (
          <p className="visually-hidden" role="status">
            Loading templates…
          </p>
        )}
        {templates.status === 'error' && (
          <LoadFailed className="choose__status" onRetry={retryTemplates}>
            The templates could not be loaded. {templates.message}
          </LoadFailed>
        )}
        {/* One list from the drawn placeholders to the loaded cards: React keeps each card's
            picture element, so the picture a phone painted first is not painted again when the
            list arrives (a new one counted as the page's largest paint, 1.5 s later). */}
        {templates.status !== 'error' && (
          <ul className="choose__grid">
            {templates.status === 'loading'
              ? // Called, not rendered as a component: the same keyed items in the same place.
                placeholderCards()
              : templates.answer.templates
                  .filter((t) => isTemplateId(t.id))
                  .map((template, index) => {
                    const id = template.id as TemplateId;
                    const forSale = template.finalPricePaise !== null;
                    const label = published.has(id) ? 'Update' : 'Select';
                    return (
                      <li key={id} id={id} className="surface-card template-card">
                        <CardPicture
                          id={id}
                          alt={`The ${template.name} template`}
                          first={index === 0}
                        />
                        <div className="template-card__body">
                          <h2 className="template-card__name">{template.name}</h2>
                          <PriceLine template={template} />
                          {published.has(id) && (
                            <p className="template-card__owned">
                              Yours already: updating it is free.
                            </p>
                          )}
                          <div className="template-card__actions">
                            <Link
                              className="button button--ghost"
                              to={templatePreviewPath(id)}
                              reloadDocument
                            >
                              Preview<span className="visually-hidden"> {template.name}</span>
                            </Link>
                            <button
                              type="button"
                              className="button"
                              disabled={!forSale || busyTemplate !== undefined}
                              aria-describedby={forSale ? undefined : `${id}-unavailable`}
                              onClick={() => void select(id)}
                            >
                              {busyTemplate === id ? 'Opening…' : label}
                              <span className="visually-hidden"> {template.name}</span>
                            </button>
                          </div>
                          {!forSale && (
                            <p id={`${id}-unavailable`} className="template-card__unavailable">
                              {NO_PRICE_MESSAGE}
                            </p>
                          )}
                        </div>
                      </li>
                    );
                  })}
          </ul>
        )}
      </main>
      <Footer />
    </div>
  );
}
