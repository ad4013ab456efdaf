import { Link } from 'react-router';
import { formatPrice } from '../../shared/domain/price.js';
import { ACCOUNT_PATH, CHOOSE_PATH } from '../../shared/routes.js';
import { templateCardImage, templateName } from '../../shared/templates/catalog.js';
import { Footer } from '../components/Footer.js';
import { COLLAGE_TILES, collageImage, HERO_TEMPLATE } from '../landing/collage.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import { startingPrice, useTemplateList } from '../templates/useTemplateList.js';
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

function StartingPrice() {
  const paise = startingPrice(useTemplateList().loaded);
  // The line keeps its height while the price loads, so nothing below it moves.
  return (
    <p className="hero__price" aria-live="polite">
      {typeof paise === 'number' && (
        <>
          From <strong>{formatPrice(paise)}</strong> a year, taxes included
        </>
      )}
    </p>
  );
}

export function LandingPage() {
  const side = (start: number) =>
    COLLAGE_TILES.slice(start, start + 4).map(({ file, templateId }, index) => (
      // Each tile is a way into the preview of the template it shows.
      <Link key={file} to={`/${templateId}`} className="collage__tile">
        <img
          className="collage__image"
          src={collageImage(file)}
          // The picture is the link's only content: its text says where the link goes.
          alt={`Preview the ${templateName(templateId)} template`}
          width={400}
          height={640}
          fetchPriority={start + index < 2 ? 'high' : 'auto'}
          // Phones show only the first image of each side, narrow screens the first two: the rest
          // load when laid out, so a phone does not fetch six pictures it never shows.
          loading={index === 0 ? 'eager' : 'lazy'}
        />
      </Link>
    ));

  return (
    <div className="landing">
      <TopBar className="landing__bar">
        <nav className="landing__bar-actions" aria-label="Site">
          {/* Returning owners find their pages here (the account page asks them to sign in). */}
          <Link to={ACCOUNT_PATH} className="landing__bar-account">
            My portfolios
          </Link>
          <Link to={CHOOSE_PATH} className="button button--ghost landing__bar-link">
            Templates
          </Link>
        </nav>
      </TopBar>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* The hero comes first in reading and tab order; the grid draws the left side before it. */}
        <div className="collage">
          <section className="hero" aria-labelledby="landing-title">
            <img
              className="hero__art"
              src={templateCardImage(HERO_TEMPLATE)}
              alt={`A portfolio made with the ${templateName(HERO_TEMPLATE)} template`}
              width={640}
              height={480}
              fetchPriority="high"
            />
            <div className="hero__body">
              <h1 id="landing-title" className="hero__title">
                Online Portfolio Builder
              </h1>
              <p className="hero__tagline">Showcase Your Story, Build Your Brand.</p>
              <p className="hero__lede">
                Make a portfolio page that looks professional in minutes: pick a design, fill in
                your work, publish it at your own address.
              </p>
              <Link to={CHOOSE_PATH} className="button hero__cta">
                Get Started
              </Link>
              <StartingPrice />
            </div>
          </section>
          <div className="collage__side collage__side--left">{side(0)}</div>
          <div className="collage__side collage__side--right">{side(4)}</div>
        </div>

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
