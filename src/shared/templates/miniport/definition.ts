import { defineTemplate } from '../definition.js';
import { miniportLook } from './look.js';

export const miniportDefinition = defineTemplate({
  id: 'template1',
  name: 'Mini-port',
  slug: 'miniport',
  defaultPrice: { paise: 49900, discountPercent: 0 },
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Services',
      kind: 'services',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['title', 'desc', 'link', 'icon'],
    },
    section2: {
      label: 'Portfolio',
      kind: 'photos',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  phrases: {
    greeting: { part: 'personalDetails', words: 'Hi. I’m' },
    sectionLead: { part: 'section', words: 'Learn about what I do' },
    moreButton: { part: 'section', words: 'Learn more' },
    section2Lead: { part: 'section2', words: 'See my recent work' },
    contactNavLead: { part: 'contactDetails', words: 'Get in touch with me' },
    contactHeading: { part: 'contactDetails', words: 'Get in touch' },
    contactLead: {
      part: 'contactDetails',
      words: 'Have a project in mind? I would love to hear about it.',
    },
  },
  look: miniportLook,
});
