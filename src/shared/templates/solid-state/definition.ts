import type { TemplateDefinition } from '../definition.js';

export const solidStateDefinition: TemplateDefinition = {
  id: 'template4',
  name: 'Solid-State',
  slug: 'solid-state',
  personalDetails: ['name', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Spotlights',
      fields: ['sectionTitle'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
    section2: {
      label: 'Features',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
};
