import type { PortfolioData } from '../../domain/portfolio.js';

export const directiveSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Kabir Gill',
    headline: 'Product designer for calm, useful software',
    intro:
      'I help small teams turn tangled workflows into products people enjoy opening every morning. For the past nine years I have designed payment apps, clinic schedulers and tools for makers, from the first sketch on paper to the last pixel in production.\n\nI work closely with engineers, test early with real people and write things down so the next designer does not have to guess.',
    profileImage: '/templates/art/portrait-directive.svg',
  },
  section: {
    type: 'section',
    sectionTitle: 'Selected work from the last three years',
    sectionSubTitle: 'Research, interaction design and design systems',
    sectionFooterText:
      'I am booking projects from January. If you are building something thoughtful and could use a designer who sweats the details, I would love to hear about it.',
    sectionTiles: [
      {
        img: '/templates/art/tile-06.svg',
        title: 'Khata, a banking app for freelancers',
        desc: 'A mobile bank that sorts income, sets GST aside and sends invoices in three taps. I led research with forty freelancers in Bengaluru and Pune, shaped the onboarding and designed the money-in timeline that became the heart of the app. Monthly active users doubled in the first half year.',
        link: 'https://example.com/projects/khata',
        icon: 'chart',
      },
      {
        img: '/templates/art/tile-08.svg',
        title: 'Banyan design system',
        desc: 'Sixty components, design tokens and a written voice in English, Hindi and Kannada for four products. Built in Figma and React with two engineers, documented with live examples, and adopted by every product team within a year.',
        link: 'https://example.com/projects/banyan',
        icon: 'cube',
      },
      {
        img: '/templates/art/tile-03.svg',
        title: 'Clinic scheduling for a care network',
        desc: 'A calmer booking flow for nurses and reception staff at twelve clinics in Mysuru. Two weeks of shadowing on the ward led to a single-screen week planner that cut double bookings by a third.',
        link: 'https://example.com/projects/clinic-planner',
        icon: 'heart',
      },
      {
        img: '/templates/art/tile-05.svg',
        title: 'Workshop: sketching interfaces',
        desc: 'A hands-on, one-day workshop on thinking with a pen before opening any design tool. I have run it for design teams, bootcamps and conferences in Bengaluru, Pune and Delhi.',
        link: 'https://example.com/workshops/sketching',
        icon: 'pen',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'kabir.gill@example.com',
    tel: '+91 80 5555 0167',
    address: 'Indiranagar, Bengaluru 560038',
    socialLinks: [
      { url: 'https://dribbble.com/kabirgill-example', label: 'Dribbble', iconClass: 'dribbble' },
      {
        url: 'https://www.linkedin.com/in/kabirgill-example',
        label: 'LinkedIn',
        iconClass: 'linkedin',
      },
      { url: 'https://www.behance.net/kabirgill-example', label: 'Behance', iconClass: 'behance' },
      {
        url: 'https://www.instagram.com/kabirgill_example',
        label: 'Instagram',
        iconClass: 'instagram',
      },
      { url: 'https://github.com/kabirgill-example', label: 'GitHub', iconClass: 'github' },
    ],
  },
};
