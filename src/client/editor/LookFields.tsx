import { useId, useState } from 'react';
import { accentReason } from '../../shared/appearance/accent-message.js';
import { HEX_COLOUR } from '../../shared/appearance/colour.js';
import {
  defaultAccent,
  defaultPairing,
  guardAccent,
  type AccentVerdict,
  type Appearance,
} from '../../shared/appearance/look.js';
import { FONT_PAIRINGS, fontStack, type FontPairingId } from '../../shared/appearance/pairings.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import type { Edit } from './StepFields.js';
import './look-fields.css';

/**
 * The draft with this appearance; the template's own choices are left out, not stored. A colour
 * the guard moved to a readable shade keeps the person's own beside it (`chosenAccent`): a change
 * of template starts again from theirs, not from this template's shade of it.
 */
const setAppearance =
  (definition: TemplateDefinition, patch: Appearance) =>
  (data: PortfolioData): PortfolioData => {
    const merged = { ...data.appearance, ...patch };
    const look = definition.look;
    const appearance: Appearance = {
      ...(merged.accent && merged.accent !== defaultAccent(look) && { accent: merged.accent }),
      ...(merged.accent && merged.chosenAccent && { chosenAccent: merged.chosenAccent }),
      ...(merged.fonts && merged.fonts !== defaultPairing(look) && { fonts: merged.fonts }),
    };
    const next: PortfolioData = { ...data };
    if (Object.keys(appearance).length > 0) next.appearance = appearance;
    else delete next.appearance;
    return next;
  };

interface LookFieldsProps {
  definition: TemplateDefinition;
  data: PortfolioData;
  edit: Edit;
}

/**
 * The "Colours and type" step: the accent from the template's palette or any colour, and a font
 * pairing shown in its own fonts. A colour that would be hard to read is changed to the nearest
 * readable shade by the same guard the server runs, and the person is told why.
 */
export function LookFields({ definition, data, edit }: LookFieldsProps) {
  return (
    <>
      <AccentField definition={definition} data={data} edit={edit} />
      <FontField definition={definition} data={data} edit={edit} />
    </>
  );
}

/**
 * A colour code as people type one: `#1b75a6`, without its `#`, or the three-digit `#fff`;
 * undefined until it is one of those.
 */
export function readColourCode(typed: string): string | undefined {
  const code = typed.trim().toLowerCase().replace(/^#?/, '#');
  if (/^#[0-9a-f]{3}$/.test(code)) return `#${[...code.slice(1)].map((d) => d + d).join('')}`;
  return HEX_COLOUR.test(code) ? code : undefined;
}

function AccentField({ definition, data, edit }: LookFieldsProps) {
  const look = definition.look;
  const accent = data.appearance?.accent ?? defaultAccent(look);
  // The colour last asked for by the colour input or typed, and what the guard made of it.
  const [verdict, setVerdict] = useState<AccentVerdict>();
  const [typed, setTyped] = useState(accent);
  const ids = useId();
  const inPalette = look.palette.some((colour) => colour.value === accent);

  const choose = (requested: string) => {
    const result = guardAccent(look, requested);
    setVerdict(result);
    if (result.status === 'refused') return;
    const chosenAccent = result.status === 'adjusted' ? requested : undefined;
    edit(setAppearance(definition, { accent: result.accent, chosenAccent }));
  };

  return (
    <fieldset className="look-field">
      <legend className="field__label">Accent colour</legend>
      <p className="field__hint look-field__hint">{look.accentUse}</p>
      <div
        className="swatches"
        role="radiogroup"
        aria-label="Accent colours drawn for this template"
      >
        {look.palette.map((colour, index) => (
          <label key={colour.value} className="swatch">
            <input
              type="radio"
              name={`${ids}-accent`}
              value={colour.value}
              checked={accent === colour.value}
              onChange={() => {
                setVerdict(undefined);
                setTyped(colour.value);
                edit(setAppearance(definition, { accent: colour.value, chosenAccent: undefined }));
              }}
            />
            <span
              className="swatch__chip"
              style={{ background: colour.value }}
              aria-hidden="true"
            />
            <span className="swatch__name">
              {colour.name}
              {index === 0 && <span className="swatch__own"> (the template’s own)</span>}
            </span>
          </label>
        ))}
      </div>
      <div className="custom-colour">
        <label className="custom-colour__picker">
          {/* The colour on the page: an adjusted shade, not the one it replaced (the notice shows both). */}
          <input
            type="color"
            value={accent}
            onChange={(event) => {
              setTyped(event.target.value);
              choose(event.target.value);
            }}
          />
          <span>
            Your own colour
            {/* Its room kept while a palette colour is chosen: typing a code then moves nothing. */}
            <span className="custom-colour__now" data-hidden={inPalette || undefined}>
              : {inPalette ? '#000000' : accent}
            </span>
          </span>
        </label>
        <label className="custom-colour__hex">
          <span className="visually-hidden">Colour code</span>
          <input
            type="text"
            inputMode="text"
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            placeholder="#1b75a6"
            value={typed}
            aria-describedby={`${ids}-hex-hint`}
            aria-invalid={verdict?.status === 'refused' && verdict.code === 'not-a-colour'}
            onChange={(event) => {
              const value = event.target.value;
              setTyped(value);
              const code = readColourCode(value);
              // A half-typed code says nothing yet; an earlier notice no longer applies.
              if (code) choose(code);
              else setVerdict(undefined);
            }}
            onBlur={() => {
              if (typed.trim() && !readColourCode(typed))
                setVerdict(guardAccent(look, typed.trim()));
            }}
          />
        </label>
        <span id={`${ids}-hex-hint`} className="field__hint custom-colour__hint">
          Six digits after #, such as #1b75a6 (or three, such as #fff).
        </span>
      </div>
      <div role="status" className="look-notice-region">
        {verdict && verdict.status !== 'ok' && <AccentNotice verdict={verdict} />}
      </div>
    </fieldset>
  );
}

/** Why the colour on the page is not the one asked for, with both shown side by side. */
function AccentNotice({ verdict }: { verdict: Exclude<AccentVerdict, { status: 'ok' }> }) {
  const isColour = !(verdict.status === 'refused' && verdict.code === 'not-a-colour');
  return (
    <p className={`look-notice look-notice--${verdict.status}`}>
      {isColour && (
        <span className="look-notice__chips" aria-hidden="true">
          <span className="look-notice__chip" style={{ background: verdict.requested }} />
          {verdict.status === 'adjusted' && (
            <>
              <span className="look-notice__arrow">→</span>
              <span className="look-notice__chip" style={{ background: verdict.accent }} />
            </>
          )}
        </span>
      )}
      <span>
        <strong>
          {verdict.status === 'adjusted' ? 'Adjusted to stay readable.' : 'Not used.'}
        </strong>{' '}
        {accentReason(verdict)}
      </span>
    </p>
  );
}

function FontField({ definition, data, edit }: LookFieldsProps) {
  const look = definition.look;
  const current: FontPairingId = data.appearance?.fonts ?? defaultPairing(look);
  const ids = useId();
  const name = data.personalDetails.name.trim() || 'Your name';
  return (
    <fieldset className="look-field">
      <legend className="field__label">Fonts</legend>
      <p className="field__hint look-field__hint">
        Headings and text. Hindi, Tamil, Bengali and India’s other scripts keep their own matching
        fonts in every choice.
      </p>
      <div className="pairings" role="radiogroup" aria-label="Font pairings for this template">
        {look.pairings.map((id, index) => {
          const pairing = FONT_PAIRINGS[id];
          return (
            <label key={id} className="pairing">
              <input
                type="radio"
                name={`${ids}-fonts`}
                value={id}
                checked={current === id}
                onChange={() => edit(setAppearance(definition, { fonts: id }))}
              />
              <span className="pairing__body">
                <span className="pairing__name">
                  {pairing.name}
                  {index === 0 && <span className="swatch__own"> (the template’s own)</span>}
                </span>
                <span
                  className="pairing__heading"
                  style={{ fontFamily: fontStack(pairing.heading) }}
                  aria-hidden="true"
                >
                  {name}
                </span>
                <span className="pairing__text" style={{ fontFamily: fontStack(pairing.body) }}>
                  {pairing.note}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
