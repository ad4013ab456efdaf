import { Link } from 'react-router';
import { formatPrice } from '../../shared/domain/price.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { Footer } from '../components/Footer.js';
import { TopBar } from '../components/TopBar.js';
import { useStartingPrice } from '../components/useStartingPrice.js';
import './landing.css';
import './landing-collage.css';

/**
 * The eight screenshots of our templates around the centre card (made by `npm run screenshots`),
 * each a way into the preview of the template it shows.
 */
const COLLAGE: readonly { src: string; templateId: TemplateId }[] = [
  { src: '/images/collage-1.webp', templateId: 'template1' },
  { src: '/images/collage-2.webp', templateId: 'template2' },
  { src: '/images/collage-3.webp', templateId: 'template3' },
  { src: '/images/collage-4.webp', templateId: 'template4' },
  { src: '/images/collage-5.webp', templateId: 'template5' },
  { src: '/images/collage-6.webp', templateId: 'template3' },
  { src: '/images/collage-7.webp', templateId: 'template4' },
  { src: '/images/collage-8.webp', templateId: 'template1' },
];

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
  const paise = useStartingPrice();
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
    COLLAGE.slice(start, start + 4).map(({ src, templateId }, index) => (
      <Link key={src} to={`/${templateId}`} className="collage__tile">
        <img
          className="collage__image"
          src={src}
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
        <Link to="choose" className="button button--ghost landing__bar-link">
          Templates
        </Link>
      </TopBar>
      <main>
        {/* The hero comes first in reading and tab order; the grid draws the left side before it. */}
        <div className="collage">
          <section className="hero" aria-labelledby="landing-title">
            <img
              className="hero__art"
              src="/images/card-template3.webp"
              alt="A portfolio made with the Hyperspace template"
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
              <Link to="choose" className="button hero__cta">
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
