import type { PortfolioData } from '../../domain/portfolio.js';

const art = (file: string) => `/templates/art/${file}`;
const project = (slug: string) => `https://example.com/projects/${slug}`;

/** Phantom's sample: a multidisciplinary designer with twelve projects and six networks. */
export const phantomSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Noor Haddad',
    headline: 'Multidisciplinary designer in Rotterdam',
    intro:
      "Hello, I'm Noor: I design identities, interfaces and print. " +
      'Museums, studios and independent brands come to me when they like their ideas clear and a little playful.\n\n' +
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
        title: 'Harbour Lights Festival',
        desc: 'Identity, posters and wayfinding for a three-day light festival along the Maas, set in a custom stencil typeface.',
        link: project('harbour-lights-festival'),
        icon: 'star',
      },
      {
        img: art('tile-03.svg'),
        title: 'Museum Het Lage Land',
        desc: 'A calm, modular visual system for a natural history museum, from gallery labels to the membership app.',
        link: project('museum-het-lage-land'),
      },
      {
        img: art('tile-07.svg'),
        title: 'Tidewater App',
        desc: 'Interface design for a tide and weather app for sailors: large numbers, honest forecasts, a night mode that keeps eyes dark-adapted.',
        link: project('tidewater-app'),
        icon: 'desktop',
      },
      {
        img: art('tile-09.svg'),
        title: 'Field Notes Illustrations',
        desc: 'Forty-two ink and gouache studies of the glasshouse plants at the Hortus Botanicus for a pocket guide published by Uitgeverij Kade.',
        link: project('field-notes-illustrations'),
        icon: 'paintbrush',
      },
      {
        img: art('tile-12.svg'),
        title: 'Koffie Kollektief',
        desc: 'Packaging and a small identity for a cooperative coffee roaster, with a label system that changes colour per harvest.',
        link: project('koffie-kollektief'),
      },
      {
        img: art('tile-11.svg'),
        title: 'Open Atlas Data Stories',
        desc: 'Charts and scroll-driven stories that explain rising sea levels to readers who have never read a chart before.',
        link: project('open-atlas-data-stories'),
        icon: 'chart',
      },
      {
        img: art('tile-10.svg'),
        title: 'Harbour Lights Festival 2024',
        desc: 'The second edition: a bolder palette, an animated programme site and a night-time route map printed in glow ink.',
        link: project('harbour-lights-festival-2024'),
        icon: 'star',
      },
      {
        img: art('tile-05.svg'),
        title: 'Greenhouse Type Specimen',
        desc: 'A riso-printed specimen for Kas Sans, a humanist typeface I drew for a botanical garden and later released.',
        link: project('greenhouse-type-specimen'),
        icon: 'pen',
      },
      {
        img: art('tile-06.svg'),
        title: 'Studio Vlakte Website',
        desc: 'Design and front-end direction for an architecture studio: big images, quiet type and a project index that loads instantly.',
        link: project('studio-vlakte-website'),
        icon: 'code',
      },
      {
        img: art('tile-02.svg'),
        title: 'Sound of the Delta',
        desc: 'Album artwork and a set of looping visuals for an ambient record built from field recordings of the delta.',
        link: project('sound-of-the-delta'),
        icon: 'music',
      },
      {
        img: art('tile-08.svg'),
        title: 'Museum Het Lage Land: Kids',
        desc: 'A playful spin-off of the museum identity for the children’s wing: stickers, trail cards and a stamp-collecting game.',
        link: project('museum-het-lage-land-kids'),
        icon: 'heart',
      },
      {
        img: art('tile-04.svg'),
        title: 'Photo Diary',
        desc: 'Instant photographs from walks along the Maas and visits to other studios, added every few weeks.',
        link: '',
        icon: 'camera',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'noor.haddad@example.com',
    tel: '+31 10 555 0142',
    address: '',
    socialLinks: [
      {
        label: 'Instagram',
        url: 'https://www.instagram.com/noorhaddad.studio',
        iconClass: 'instagram',
      },
      { label: 'Dribbble', url: 'https://dribbble.com/noorhaddad', iconClass: 'dribbble' },
      { label: 'Behance', url: 'https://www.behance.net/noorhaddad', iconClass: 'behance' },
      { label: 'LinkedIn', url: 'https://www.linkedin.com/in/noorhaddad', iconClass: 'linkedin' },
      { label: 'GitHub', url: 'https://github.com/noorhaddad', iconClass: 'github' },
      { label: 'X', url: 'https://x.com/noorhaddad', iconClass: 'twitter' },
    ],
  },
};
