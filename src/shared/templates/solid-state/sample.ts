import type { PortfolioData } from '../../domain/portfolio.js';

/** Solid-State's sample portfolio: an architect with three spotlight projects and four services. */
export const solidStateSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Rohan Gokhale',
    headline: 'Architect, Pune',
    intro:
      'I am an architect in Pune designing calm, daylit buildings for people who will live and work in them for decades: libraries, homes, market halls and the quiet spaces in between.\n\nFor twelve years I have worked with local builders, timber and reclaimed basalt, and I still start every project the same way: a long walk around the site with the people who know it best.',
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
        title: 'Seafront Library',
        desc: 'A public library on a disused fishing jetty in Ratnagiri. Deep timber fins shade the reading rooms from the afternoon sun, and a long window seat faces the sea so that the tide sets the rhythm of the day.',
        link: 'https://example.com/projects/seafront-library',
      },
      {
        img: '/templates/art/tile-09.svg',
        title: 'Wada Houses, Kasba Peth',
        desc: 'Three narrow townhouses rebuilt around one shared courtyard. The old basalt walls stay; new stairs, light wells and a planted roof turn a dark row into homes that are bright from plinth to terrace.',
        link: 'https://example.com/projects/wada-houses',
      },
      {
        img: '/templates/art/tile-03.svg',
        title: 'Riverside Market Hall',
        desc: 'A covered market for forty vendors under one folded roof by the Mula river. Rainwater from the roof fills a stepwell and the hall opens completely on market days, closing into a shaded square for concerts in winter.',
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
      'The studio is taking on residential and cultural commissions across Maharashtra and Goa. Most projects begin with a free site visit and an honest conversation about budget.',
    sectionTiles: [
      {
        img: '/templates/art/tile-02.svg',
        title: 'Site Studies',
        desc: 'Sun paths, monsoon winds, neighbours and old maps: a week of drawing on site before a single wall is placed.',
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
        desc: 'Textile mills, godowns and garages given a second life: the greenest building is very often the one that is already standing.',
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
    email: 'rohan@example.com',
    tel: '+91 20 5555 0142',
    address: '140 Prabhat Road, Erandwane, Pune 411004, India',
    socialLinks: [
      {
        url: 'https://www.instagram.com/rohangokhale_example',
        label: 'Instagram',
        iconClass: 'instagram',
      },
      {
        url: 'https://www.linkedin.com/in/rohangokhale-example',
        label: 'LinkedIn',
        iconClass: 'linkedin',
      },
      {
        url: 'https://www.behance.net/rohangokhale-example',
        label: 'Behance',
        iconClass: 'behance',
      },
      {
        url: 'https://www.youtube.com/@rohangokhale-example',
        label: 'YouTube',
        iconClass: 'youtube',
      },
      { url: 'https://example.com/journal', label: 'Studio journal', iconClass: 'website' },
    ],
  },
};
