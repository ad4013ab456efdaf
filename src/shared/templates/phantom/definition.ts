import type { TemplateDefinition } from '../definition.js';

export const phantomDefinition: TemplateDefinition = {
  id: 'template5',
  name: 'Phantom',
  slug: 'phantom',
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Work',
      fields: ['sectionTitle', 'sectionSubTitle'],
      tileFields: ['img', 'title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'socialLinks'],
};
