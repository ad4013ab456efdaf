import type { PortfolioData } from '../../domain/portfolio.js';

const ART = '/templates/art';

export const hyperspaceSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Kavya Sundaram',
    headline: 'Software engineer building fast, accessible web platforms',
    intro:
      'I design and build the systems behind products people rely on every day: real-time APIs, resilient data pipelines and interfaces that stay quick on a patchy 4G connection.\n\nFor the last nine years I have worked with start-ups and public-sector teams in Chennai and Bengaluru, usually as the engineer who turns a whiteboard sketch into a service that is still running smoothly three years later.',
    profileImage: `${ART}/portrait-hyperspace.svg`,
  },
  section: {
    type: 'section',
    sectionTitle: 'Highlights',
    sectionSubTitle: 'A few pieces of work I am especially proud of.',
    sectionFooterText: '',
    sectionTiles: [
      {
        img: `${ART}/tile-10.svg`,
        title: 'Transit Pulse',
        desc: 'A live departure board for a suburban rail network. I rebuilt the feed ingestion in Rust and moved the client to server-sent events, cutting delay-notice latency from forty seconds to under two for 1.2 million daily riders.',
        link: 'https://example.com/projects/transit-pulse',
      },
      {
        img: `${ART}/tile-11.svg`,
        title: 'Ledgerline',
        desc: 'An open-source double-entry accounting engine for small co-operatives. Typed end to end, GST-ready, audited by a chartered accountant and used by over three hundred member-owned shops.',
        link: 'https://example.com/projects/ledgerline',
      },
      {
        img: `${ART}/tile-06.svg`,
        title: 'Clearform',
        desc: 'A design-system form library that passes WCAG 2.2 AA out of the box. Screen-reader tested in Tamil and English, it replaced eleven hand-rolled form kits across a state government.',
        link: 'https://example.com/projects/clearform',
      },
    ],
  },
  section2: {
    type: 'section2',
    sectionTitle: 'What I do',
    sectionSubTitle:
      'From the first prototype to the on-call rota, these are the things teams bring me in for.',
    sectionFooterText:
      'Currently booking new projects from September. If you have a hard problem and a patient deadline, I would love to hear about it.',
    sectionTiles: [
      {
        img: '',
        title: 'API design',
        desc: 'Clear, versioned HTTP and event APIs with contract tests, so mobile and web teams can ship without waiting on each other.',
        link: 'https://example.com/services/api-design',
        icon: 'code',
      },
      {
        img: '',
        title: 'Front-end architecture',
        desc: 'React and TypeScript applications that load fast on budget phones, with accessibility and performance budgets enforced in CI.',
        link: 'https://example.com/services/front-end',
        icon: 'desktop',
      },
      {
        img: '',
        title: 'Developer tooling',
        desc: 'Command-line tools, code generators and build pipelines that shave minutes off every change a team makes.',
        link: 'https://example.com/services/tooling',
        icon: 'terminal',
      },
      {
        img: '',
        title: 'Cloud infrastructure',
        desc: 'Reproducible environments with Terraform and containers, sized to the traffic you have rather than the traffic you fear.',
        link: 'https://example.com/services/infrastructure',
        icon: 'cube',
      },
      {
        img: '',
        title: 'Code reviews and audits',
        desc: 'A calm second pair of eyes on security, reliability and maintainability, with a written report your whole team can act on.',
        link: '',
        icon: 'file-code',
      },
      {
        img: '',
        title: 'Performance tuning',
        desc: 'Profiling slow pages and busy databases until the p95 graph finally flattens out, then leaving the dashboards behind.',
        link: 'https://example.com/services/performance',
        icon: 'bolt',
      },
    ],
  },
  contactDetails: {
    type: 'contactDetails',
    email: 'kavya.sundaram@example.com',
    tel: '+91 44 5555 2273',
    address: '3rd Floor, 18 Cathedral Road, Gopalapuram, Chennai 600086',
    socialLinks: [
      { url: 'https://github.com/example', label: 'GitHub', iconClass: 'github' },
      { url: 'https://www.linkedin.com/in/example', label: 'LinkedIn', iconClass: 'linkedin' },
      { url: 'https://x.com/example', label: 'X (Twitter)', iconClass: 'twitter' },
      { url: 'https://www.youtube.com/@example', label: 'YouTube', iconClass: 'youtube' },
      { url: 'https://dribbble.com/example', label: 'Dribbble', iconClass: 'dribbble' },
    ],
  },
};
