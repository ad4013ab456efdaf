import { defineTemplate } from '../definition.js';
import { phantomLook } from './look.js';

export const phantomDefinition = defineTemplate({
  id: 'template5',
  name: 'Phantom',
  slug: 'phantom',
  defaultPrice: { paise: 120000, discountPercent: 25 },
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Work',
      kind: 'photos',
      fields: ['sectionTitle', 'sectionSubTitle'],
      tileFields: ['img', 'title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'socialLinks'],
  phrases: {
    servicesHeading: { part: 'section', words: 'Services' },
    contactHeading: { part: 'contactDetails', words: 'Get in touch' },
    followHeading: { part: 'contactDetails', words: 'Follow' },
  },
  look: phantomLook,
});
