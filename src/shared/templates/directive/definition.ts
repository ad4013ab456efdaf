import type { TemplateDefinition } from '../definition.js';

export const directiveDefinition: TemplateDefinition = {
  id: 'template2',
  name: 'Directive',
  slug: 'directive',
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Features',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link', 'icon'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
};
