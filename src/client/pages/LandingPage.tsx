import { Link } from 'react-router';
import { CHOOSE_PATH } from '../../shared/routes.js';
import { templateName } from '../../shared/templates/catalog.js';
import { Footer } from '../components/Footer.js';
import { COLLAGE_SHOT, COLLAGE_TEMPLATES, collageImage } from '../landing/collage.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { FILLS } from '../static-fills.js';
import './landing.css';
import './landing-collage.css';

const STEPS = [
  {
    title: 'Pick a template',
    text: 'Five designs made for artists, makers and professionals. Preview each one first.',
  },
  {
    title: 'Fill in your details',
    text: 'Your words, photos and links, with a live preview that updates as you type.',
  },
  {
    title: 'Publish',
    text: 'Choose your username and pay once a year. Your page is live at its own address.',
  },
] as const;

/**
 * "From ₹499 a year, taxes included", once the price is known: the page's script
 * (static-page.ts) puts the amount in these words and shows them. The line keeps its height
 * while the price loads, so nothing below it moves.
 */
function StartingPrice() {
  return (
    <p className="hero__price" aria-live="polite" data-fills={FILLS.startingPrice}>
      <template>
        From <strong /> a year, taxes included
      </template>
    </p>
  );
}

/** A small arrow after a tile's name: it says the picture leads somewhere. */
function ArrowIcon() {
  return (
    <svg className="collage__arrow" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path
        d="M3 8h9M8.5 4.5 12 8l-3.5 3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Every template once, like prints laid on a table: each a link to its preview, named by its
 * caption ("Preview Hyperspace" to a screen reader, the template's name to the eye). On a phone
 * a row to swipe, each print large enough to read.
 */
function Collage() {
  return (
    <ul className="collage" aria-label="The templates">
      {COLLAGE_TEMPLATES.map((templateId, index) => (
        <li key={templateId} className="collage__item">
          <Link to={`/${templateId}`} className="collage__tile">
            <picture>
              <source type="image/avif" srcSet={collageImage(templateId, 'avif')} />
              <img
                className="collage__image"
                src={collageImage(templateId, 'webp')}
                // The caption names the picture; the picture adds nothing a reader would hear.
                alt=""
                width={COLLAGE_SHOT.width}
                height={COLLAGE_SHOT.height}
                // The first is on a phone's first screen; the others load once laid out.
                fetchPriority={index === 0 ? 'high' : 'auto'}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </picture>
            <span className="collage__caption">
              <span>
                <span className="visually-hidden">Preview </span>
                {templateName(templateId)}
              </span>
              <ArrowIcon />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The landing page, a static page (src/shared/prerender.ts): drawn at build time, not hydrated. */
export function LandingPage() {
  return (
    <div className="landing">
      {/* Sign In, or who is signed in and My portfolios, filled in by static-page.ts. */}
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="hero" aria-labelledby="landing-title">
          <div className="hero__body">
            {/* The product's name above what it gives, which is the heading. */}
            <p className="hero__eyebrow">Online Portfolio Builder</p>
            <h1 id="landing-title" className="hero__title">
              Your own portfolio page, online in minutes
            </h1>
            <p className="hero__tagline">
              Showcase <span className="hero__mark">Your Story</span>, Build Your Brand.
            </p>
            <p className="hero__lede">
              For artists, designers and makers: pick a design, fill in your work, publish it at
              your own address.
            </p>
            <div className="hero__actions">
              <Link to={CHOOSE_PATH} className="button hero__cta">
                Get Started
              </Link>
              <StartingPrice />
            </div>
          </div>
          <Collage />
        </section>

        <section className="how-steps" aria-labelledby="steps-title">
          <h2 id="steps-title" className="how-steps__title">
            Three steps to your page
          </h2>
          <ol className="how-steps__list">
            {STEPS.map((step, index) => (
              <li key={step.title} className="how-steps__item">
                <span className="how-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      </main>
      <Footer />
    </div>
  );
}
