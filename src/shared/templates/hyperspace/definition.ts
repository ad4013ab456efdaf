import type { TemplateDefinition } from '../definition.js';

export const hyperspaceDefinition: TemplateDefinition = {
  id: 'template3',
  name: 'Hyperspace',
  slug: 'hyperspace',
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Highlights',
      fields: ['sectionTitle', 'sectionSubTitle'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
    section2: {
      label: 'Projects',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['title', 'desc', 'link'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
};
