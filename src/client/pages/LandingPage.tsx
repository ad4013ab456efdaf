import { useState } from 'react';
import { Link } from 'react-router';
import { FORCED_HOVER_WIDTH } from '../../shared/routes.js';
import { Footer } from '../components/Footer.js';
import { useSmallScreenRedirect } from '../components/useSmallScreenRedirect.js';
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

export function LandingPage() {
  useSmallScreenRedirect();
  // Touch screens and small laptops have no hover: show the call to action from the start.
  const [forced] = useState(() => window.innerWidth <= FORCED_HOVER_WIDTH);
  const [hovered, setHovered] = useState(false);
  const [centreHovered, setCentreHovered] = useState(false);
  const revealed = forced || centreHovered;

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
      />
    ));

  return (
    <div className="landing">
      <main
        className="collage"
        data-hovered={forced || hovered}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <div className="collage__side collage__side--left">{side(0)}</div>
        <section
          className="collage__centre"
          data-revealed={revealed}
          aria-labelledby="landing-title"
          onMouseEnter={() => setCentreHovered(true)}
          onMouseLeave={() => setCentreHovered(false)}
          onFocus={() => setCentreHovered(true)}
          onBlur={() => setCentreHovered(false)}
        >
          <div className="collage__centre-art" aria-hidden="true" />
          <h1 id="landing-title" className="collage__title">
            Online Portfolio Builder
          </h1>
          <div className="collage__reveal">
            <p className="collage__tagline">Showcase Your Story, Build Your Brand.</p>
            <Link to="choose" className="button collage__cta">
              Get Started
            </Link>
          </div>
        </section>
        <div className="collage__side collage__side--right">{side(4)}</div>
      </main>
      <Footer />
    </div>
  );
}
