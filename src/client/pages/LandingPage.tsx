import { Link } from 'react-router';
import { formatPrice } from '../../shared/domain/price.js';
import { Footer } from '../components/Footer.js';
import { TopBar } from '../components/TopBar.js';
import { useStartingPrice } from '../components/useStartingPrice.js';
import './landing.css';

/** The eight screenshots of our templates around the centre card (made by `npm run screenshots`). */
const COLLAGE = [
  { src: '/images/collage-1.webp', alt: 'Mini-port template: a portfolio with a dark top bar' },
  { src: '/images/collage-2.webp', alt: 'Directive template: a green-accented portfolio' },
  { src: '/images/collage-3.webp', alt: 'Hyperspace template: a purple portfolio with a sidebar' },
  { src: '/images/collage-4.webp', alt: 'Solid-State template: a slate portfolio' },
  { src: '/images/collage-5.webp', alt: 'Phantom template: a grid of coloured tiles' },
  { src: '/images/collage-6.webp', alt: 'Hyperspace template: project features' },
  { src: '/images/collage-7.webp', alt: 'Solid-State template: spotlight rows' },
  { src: '/images/collage-8.webp', alt: 'Mini-port template: portfolio boxes' },
] as const;

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
    COLLAGE.slice(start, start + 4).map((image, index) => (
      <img
        key={image.src}
        className={`collage__image collage__image--${start + index + 1}`}
        src={image.src}
        alt={image.alt}
        width={400}
        height={640}
        fetchPriority={start + index < 2 ? 'high' : 'auto'}
        // Phones show only the first image of each side, narrow screens the first two: the rest
        // load when laid out, so a phone does not fetch six pictures it never shows.
        loading={index === 0 ? 'eager' : 'lazy'}
      />
    ));

  return (
    <div className="landing">
      <TopBar className="landing__bar">
        <Link to="choose" className="button button--ghost landing__bar-link">
          Templates
        </Link>
      </TopBar>
      <main>
        <div className="collage">
          <div className="collage__side collage__side--left">{side(0)}</div>
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
