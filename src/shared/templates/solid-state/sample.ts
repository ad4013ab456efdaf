import type { PortfolioData } from '../../domain/portfolio.js';

/** Solid-State's sample portfolio: an architect with three spotlight projects and four services. */
export const solidStateSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Jonas Almeida',
    headline: '',
    intro:
      'I am an architect in Porto designing calm, daylit buildings for people who will live and work in them for decades: libraries, homes, market halls and the quiet spaces in between.\n\nFor twelve years I have worked with local builders, timber and reclaimed stone, and I still start every project the same way: a long walk around the site with the people who know it best.',
    profileImage: '/templates/art/portrait-solid-state.svg',
  },
  section: {
    type: 'section',
    sectionTitle: 'Selected Work',
    sectionSubTitle: '',
    sectionFooterText: '',
    sectionTiles: [
      {
        img: '/templates/art/tile-07.svg',
        title: 'Tidewater Library',
        desc: 'A public library on a reclaimed harbour pier in Setúbal. Deep timber fins shade the reading rooms from the afternoon sun, and a long window seat faces the water so that the tide sets the rhythm of the day.',
        link: 'https://example.com/projects/tidewater-library',
      },
      {
        img: '/templates/art/tile-09.svg',
        title: 'Courtyard Houses, Alfama',
        desc: 'Three narrow townhouses rebuilt around one shared courtyard. The original stone walls stay; new stairs, light wells and a planted roof turn a dark row into homes that are bright from cellar to terrace.',
        link: 'https://example.com/projects/courtyard-houses',
      },
      {
        img: '/templates/art/tile-03.svg',
        title: 'Riverside Market Hall',
        desc: 'A covered market for forty traders under a single folded roof. Rainwater from the roof feeds the fountains and the hall opens completely on market days, closing into a sheltered square for concerts in winter.',
        link: 'https://example.com/projects/riverside-market-hall',
      },
    ],
  },
  section2: {
    type: 'section2',
    sectionTitle: 'Studio Practice',
    sectionSubTitle:
      'How a project travels from the first site walk to the day the keys are handed over.',
    sectionFooterText:
      'The studio is taking on residential and cultural commissions across Portugal and Spain. Most projects begin with a free site visit and an honest conversation about budget.',
    sectionTiles: [
      {
        img: '/templates/art/tile-02.svg',
        title: 'Site Studies',
        desc: 'Sun paths, prevailing winds, neighbours and old maps: a week of drawing on site before a single wall is placed.',
        link: 'https://example.com/practice/site-studies',
      },
      {
        img: '/templates/art/tile-01.svg',
        title: 'Concept Collages',
        desc: 'Every scheme starts as paper, colour and scissors. Collages test proportion and mood long before the computer model does.',
        link: 'https://example.com/practice/concept-collages',
      },
      {
        img: '/templates/art/tile-10.svg',
        title: 'Adaptive Reuse',
        desc: 'Warehouses, chapels and garages given a second life: the greenest building is very often the one that is already standing.',
        link: 'https://example.com/practice/adaptive-reuse',
      },
      {
        img: '/templates/art/tile-04.svg',
        title: 'Buildings in Use',
        desc: 'I photograph every finished building through its first year, in every season, to learn how people really live and work in it.',
        link: 'https://example.com/practice/buildings-in-use',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'jonas@example.com',
    tel: '+351 22 555 0142',
    address: 'Rua de Cedofeita 140, 4050-180 Porto, Portugal',
    socialLinks: [
      {
        url: 'https://www.instagram.com/jonasalmeida.studio',
        label: 'Instagram',
        iconClass: 'instagram',
      },
      {
        url: 'https://www.linkedin.com/in/jonas-almeida-architect',
        label: 'LinkedIn',
        iconClass: 'linkedin',
      },
      { url: 'https://www.behance.net/jonasalmeida', label: 'Behance', iconClass: 'behance' },
      { url: 'https://www.youtube.com/@jonasalmeida', label: 'YouTube', iconClass: 'youtube' },
      { url: 'https://example.com/journal', label: 'Studio journal', iconClass: 'website' },
    ],
  },
};
