import type { TemplateDefinition } from '../definition.js';

export const miniportDefinition: TemplateDefinition = {
  id: 'template1',
  name: 'Mini-port',
  slug: 'miniport',
  personalDetails: ['name', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Services',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['title', 'desc', 'link'],
    },
    section2: {
      label: 'Portfolio',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
};
