import { defineTemplate } from '../definition.js';
import { solidStateLook } from './look.js';

export const solidStateDefinition = defineTemplate({
  id: 'template4',
  name: 'Solid-State',
  slug: 'solid-state',
  defaultPrice: { paise: 100000, discountPercent: 20 },
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Spotlights',
      kind: 'photos',
      fields: ['sectionTitle'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
    section2: {
      label: 'Features',
      kind: 'services',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  phrases: {
    moreButton: { part: 'section', words: 'Learn More' },
    projectButton: { part: 'section2', words: 'Check it out' },
    contactHeading: { part: 'contactDetails', words: 'Get in touch' },
  },
  look: solidStateLook,
});
