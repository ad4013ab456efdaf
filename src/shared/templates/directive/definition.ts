import { defineTemplate } from '../definition.js';
import { directiveLook } from './look.js';

export const directiveDefinition = defineTemplate({
  id: 'template2',
  name: 'Directive',
  slug: 'directive',
  defaultPrice: { paise: 70000, discountPercent: 10 },
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Features',
      kind: 'photos',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  phrases: {
    moreButton: { part: 'section', words: 'Learn more' },
    // Over tiles without a photo drawn after the photos (services another template's change joined).
    servicesHeading: { part: 'section', words: 'Services' },
    contactHeading: { part: 'contactDetails', words: 'Get in touch' },
  },
  look: directiveLook,
});
