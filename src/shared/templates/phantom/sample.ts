import type { PortfolioData } from '../../domain/portfolio.js';

const art = (file: string) => `/templates/art/${file}`;
const project = (slug: string) => `https://example.com/projects/${slug}`;

/** Phantom's sample: a multidisciplinary designer with twelve projects and six networks. */
export const phantomSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Nila Kurian',
    headline: 'Multidisciplinary designer in Fort Kochi',
    intro:
      "Hello, I'm Nila: I design identities, interfaces and print.\n\n" +
      'Museums, studios and independent brands come to me when they like their ideas clear and a little playful. ' +
      'For twelve years I have moved between graphic design, illustration and digital products, usually all three in the same week. I work closely with small teams, from the first sketch to the last pixel, and I am now booking projects for the coming season.',
    profileImage: art('portrait-phantom.svg'),
  },
  section: {
    type: 'section',
    sectionTitle: 'Selected work',
    sectionSubTitle:
      'Twelve projects from the last few years: identities, interfaces, illustration and print.',
    sectionFooterText: '',
    sectionTiles: [
      {
        img: art('tile-01.svg'),
        title: 'Kayal Lights Festival',
        desc: 'Identity, posters and wayfinding for a three-day light festival along the backwaters, set in a custom stencil typeface.',
        link: project('kayal-lights-festival'),
        icon: 'star',
      },
      {
        img: art('tile-03.svg'),
        title: 'Malabar Coast Museum',
        desc: 'A calm, modular visual system for a natural history museum, from gallery labels to the membership app.',
        link: project('malabar-coast-museum'),
      },
      {
        img: art('tile-07.svg'),
        title: 'Tidewater App',
        desc: 'Interface design for a tide and weather app for boat crews: large numbers, honest forecasts, a night mode that keeps eyes dark-adapted.',
        link: project('tidewater-app'),
        icon: 'desktop',
      },
      {
        img: art('tile-09.svg'),
        title: 'Field Notes Illustrations',
        desc: 'Forty-two ink and gouache studies of the plants in a Thrissur botanical garden for a pocket guide published by Chembarathi Books.',
        link: project('field-notes-illustrations'),
        icon: 'paintbrush',
      },
      {
        img: art('tile-12.svg'),
        title: 'Kaapi Collective',
        desc: 'Packaging and a small identity for a cooperative coffee roaster in Wayanad, with a label system that changes colour per harvest.',
        link: project('kaapi-collective'),
      },
      {
        img: art('tile-11.svg'),
        title: 'Open Atlas Data Stories',
        desc: 'Charts and scroll-driven stories on rising sea levels in Kochi, for readers who have never read a chart before.',
        link: project('open-atlas-data-stories'),
        icon: 'chart',
      },
      {
        img: art('tile-10.svg'),
        title: 'Kayal Lights Festival 2024',
        desc: 'The second edition: a bolder palette, an animated programme site and a night-time route map printed in glow ink.',
        link: project('kayal-lights-festival-2024'),
        icon: 'star',
      },
      {
        img: art('tile-05.svg'),
        title: 'Greenhouse Type Specimen',
        desc: 'A riso-printed specimen for Chembu Sans, a Malayalam and Latin typeface I drew for a garden, later released.',
        link: project('greenhouse-type-specimen'),
        icon: 'pen',
      },
      {
        img: art('tile-06.svg'),
        title: 'Studio Chenkal Website',
        desc: 'Design and front-end direction for an architecture studio: big images, quiet type and a project index that loads instantly.',
        link: project('studio-chenkal-website'),
        icon: 'code',
      },
      {
        img: art('tile-02.svg'),
        title: 'Sound of the Ghats',
        desc: 'Album artwork and a set of looping visuals for an ambient record built from rain recorded in the Ghats.',
        link: project('sound-of-the-ghats'),
        icon: 'music',
      },
      {
        img: art('tile-08.svg'),
        title: 'Malabar Coast Museum: Kids',
        desc: 'A playful spin-off of the museum identity for the children’s wing: stickers, trail cards and a stamp-collecting game.',
        link: project('malabar-coast-museum-kids'),
        icon: 'heart',
      },
      {
        img: art('tile-04.svg'),
        title: 'Photo Diary',
        desc: 'Instant photographs from walks along the backwaters and visits to other studios, added every few weeks.',
        link: '',
        icon: 'camera',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'nila.kurian@example.com',
    tel: '+91 484 555 0142',
    address: '',
    socialLinks: [
      {
        label: 'Instagram',
        url: 'https://www.instagram.com/nilakurian_example',
        iconClass: 'instagram',
      },
      { label: 'Dribbble', url: 'https://dribbble.com/nilakurian-example', iconClass: 'dribbble' },
      { label: 'Behance', url: 'https://www.behance.net/nilakurian-example', iconClass: 'behance' },
      {
        label: 'LinkedIn',
        url: 'https://www.linkedin.com/in/nilakurian-example',
        iconClass: 'linkedin',
      },
      { label: 'GitHub', url: 'https://github.com/nilakurian-example', iconClass: 'github' },
      { label: 'X', url: 'https://x.com/nilakurian_example', iconClass: 'twitter' },
    ],
  },
};
