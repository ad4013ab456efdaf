import type { PortfolioData } from '../../domain/portfolio.js';

/** Mini-port's preview data: an illustrator and designer with three services and six projects. */
export const miniportSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Elena Marsh',
    headline: '',
    intro:
      "I'm an illustrator and visual designer based in Lisbon. For nine years I have drawn picture books, editorial pieces and friendly brand identities for publishers, magazines and small companies.\n\nI work in ink, gouache and a very patient drawing tablet, and I love projects where a single image has to tell a whole story.",
    profileImage: '/templates/art/portrait-miniport.svg',
  },
  section: {
    type: 'section',
    sectionTitle: "Here's what I do.",
    sectionSubTitle: 'Three ways I can help your story find its picture.',
    sectionFooterText:
      'Every project starts with a conversation and a page of rough sketches, so you see where it is going from day one.',
    sectionTiles: [
      {
        img: '',
        title: 'Editorial illustration',
        desc: 'Spot drawings and full-page pieces for magazines, newspapers and newsletters, delivered on deadline and ready for print or screen.',
        link: 'https://example.com/services/editorial',
        icon: 'pen',
      },
      {
        img: '',
        title: "Children's books",
        desc: 'Characters, storyboards and finished spreads for picture books, from the first thumbnail to print-ready files.',
        link: 'https://example.com/services/picture-books',
        icon: 'paintbrush',
      },
      {
        img: '',
        title: 'Brand illustration',
        desc: 'Hand-drawn logos, mascots and icon sets that give small businesses a warm and recognisable voice.',
        link: 'https://example.com/services/branding',
        icon: 'star',
      },
    ],
  },
  section2: {
    type: 'section2',
    sectionTitle: 'Some things I made recently.',
    sectionSubTitle: 'A few favourite projects from the last couple of years.',
    sectionFooterText: 'Like what you see? I am booking new commissions for the coming season.',
    sectionTiles: [
      {
        img: '/templates/art/tile-07.svg',
        title: 'Small Boat, Big Sea',
        desc: "A 32-page picture book for Harbour Press about a girl who sails her grandfather's boat home through one long golden evening.",
        link: 'https://example.com/projects/small-boat-big-sea',
      },
      {
        img: '/templates/art/tile-12.svg',
        title: 'Fernwood Tea Co.',
        desc: 'Packaging and illustrated labels for six loose-leaf teas, printed in two spot colours on recycled card.',
        link: 'https://example.com/projects/fernwood-tea',
      },
      {
        img: '/templates/art/tile-10.svg',
        title: 'Lisbon After Dark',
        desc: "Night-time city scenes for a travel magazine's Lisbon issue, from the hillside trams down to the riverfront.",
        link: 'https://example.com/projects/lisbon-after-dark',
      },
      {
        img: '/templates/art/tile-09.svg',
        title: 'The Houseplant Almanac',
        desc: 'Forty botanical illustrations for a friendly guide to keeping indoor plants happy, one month at a time.',
        link: 'https://example.com/projects/houseplant-almanac',
      },
      {
        img: '/templates/art/tile-08.svg',
        title: 'Azulejo Patterns',
        desc: 'A library of repeat patterns inspired by Portuguese tiles, now printed on scarves, notebooks and wallpaper.',
        link: 'https://example.com/projects/azulejo-patterns',
      },
      {
        img: '/templates/art/tile-06.svg',
        title: 'Little Stories',
        desc: 'Illustrated onboarding screens and reward badges for a reading app for young children.',
        link: 'https://example.com/projects/little-stories',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'elena.marsh@example.com',
    tel: '+351 21 555 0142',
    address: 'Rua das Flores 28, 1200-195 Lisbon, Portugal',
    socialLinks: [
      {
        url: 'https://www.instagram.com/elenamarsh.draws',
        label: 'Instagram',
        iconClass: 'instagram',
      },
      { url: 'https://dribbble.com/elenamarsh', label: 'Dribbble', iconClass: 'dribbble' },
      { url: 'https://www.behance.net/elenamarsh', label: 'Behance', iconClass: 'behance' },
      { url: 'https://www.linkedin.com/in/elenamarsh', label: 'LinkedIn', iconClass: 'linkedin' },
      { url: 'https://x.com/elenamarsh', label: 'X (Twitter)', iconClass: 'twitter' },
    ],
  },
};
