import type { PortfolioData } from '../../domain/portfolio.js';

/** Mini-port's preview data: an illustrator and designer with three services and six projects. */
export const miniportSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Ishani Basu',
    headline: 'Illustrator for picture books, covers and brands',
    intro:
      "I'm an illustrator and visual designer based in Kolkata. For nine years I have drawn picture books, magazine covers and friendly brand identities for publishers on College Street, newspapers and young companies.\n\nI work in ink, gouache and a very patient drawing tablet, and I love projects where a single image has to tell a whole story.",
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
        desc: 'Characters, storyboards and spreads for picture books in English and Bangla, from the first thumbnail to print files.',
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
    sectionFooterText: 'Like what you see? I am booking new commissions for after the Pujas.',
    sectionTiles: [
      {
        img: '/templates/art/tile-07.svg',
        title: 'Small Boat, Big Sea',
        desc: "A 32-page picture book for Kheya Press about a girl who sails her grandmother's boat home across the Sundarbans at dusk.",
        link: 'https://example.com/projects/small-boat-big-sea',
      },
      {
        img: '/templates/art/tile-12.svg',
        title: 'Kuyasha Tea Co.',
        desc: 'Packaging and illustrated labels for six Darjeeling teas, printed in two spot colours on recycled card.',
        link: 'https://example.com/projects/kuyasha-tea',
      },
      {
        img: '/templates/art/tile-10.svg',
        title: 'Kolkata After Dark',
        desc: "Night-time city scenes for a travel magazine's Kolkata issue, from the Esplanade tramlines to the Hooghly ghats.",
        link: 'https://example.com/projects/kolkata-after-dark',
      },
      {
        img: '/templates/art/tile-09.svg',
        title: 'The Houseplant Almanac',
        desc: 'Forty botanical illustrations for a friendly guide to keeping balcony plants happy, one month at a time.',
        link: 'https://example.com/projects/houseplant-almanac',
      },
      {
        img: '/templates/art/tile-08.svg',
        title: 'Terracotta Prints',
        desc: 'Repeat patterns drawn from the temple tiles of Bishnupur, now printed on stoles, notebooks and wallpaper.',
        link: 'https://example.com/projects/terracotta-prints',
      },
      {
        img: '/templates/art/tile-06.svg',
        title: 'Little Stories',
        desc: 'Illustrated onboarding screens and badges for a bilingual reading app for young children.',
        link: 'https://example.com/projects/little-stories',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'ishani.basu@example.com',
    tel: '+91 33 5555 0142',
    address: '28 Hindustan Park, Gariahat, Kolkata 700029',
    socialLinks: [
      {
        url: 'https://www.instagram.com/ishanibasu_example',
        label: 'Instagram',
        iconClass: 'instagram',
      },
      { url: 'https://dribbble.com/ishanibasu-example', label: 'Dribbble', iconClass: 'dribbble' },
      { url: 'https://www.behance.net/ishanibasu-example', label: 'Behance', iconClass: 'behance' },
      {
        url: 'https://www.linkedin.com/in/ishanibasu-example',
        label: 'LinkedIn',
        iconClass: 'linkedin',
      },
      { url: 'https://x.com/ishanibasu_example', label: 'X (Twitter)', iconClass: 'twitter' },
    ],
  },
};
