import { defineTemplate } from '../definition.js';
import { hyperspaceLook } from './look.js';

export const hyperspaceDefinition = defineTemplate({
  id: 'template3',
  name: 'Hyperspace',
  slug: 'hyperspace',
  defaultPrice: { paise: 79900, discountPercent: 0 },
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Highlights',
      kind: 'photos',
      fields: ['sectionTitle', 'sectionSubTitle'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
    section2: {
      label: 'What I do',
      kind: 'services',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  phrases: {
    moreButton: {
      part: 'personalDetails',
      words: 'Learn more',
      label: 'Button under the intro and on highlights with a link',
    },
    projectButton: { part: 'section2', words: 'Check it out' },
    contactHeading: { part: 'contactDetails', words: 'Get in touch' },
  },
  look: hyperspaceLook,
});
