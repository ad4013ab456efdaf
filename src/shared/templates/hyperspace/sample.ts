import type { PortfolioData } from '../../domain/portfolio.js';

export const hyperspaceSample: PortfolioData = {
  personalDetails: {
    type: 'personalDetails',
    name: 'Sample',
    headline: '',
    intro: '',
    profileImage: '',
  },
  section: {
    type: 'section',
    sectionTitle: '',
    sectionSubTitle: '',
    sectionFooterText: '',
    sectionTiles: [{ img: '', title: '', desc: '', link: '' }],
  },
  contactDetails: { type: 'contactDetails', email: '', tel: '', address: '', socialLinks: [] },
};
