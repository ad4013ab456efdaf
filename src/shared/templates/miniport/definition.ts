import { defineTemplate } from '../definition.js';

export const miniportDefinition = defineTemplate({
  id: 'template1',
  name: 'Mini-port',
  slug: 'miniport',
  defaultPrice: { paise: 49900, discountPercent: 0 },
  personalDetails: ['name', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Services',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['title', 'desc', 'link', 'icon'],
    },
    section2: {
      label: 'Portfolio',
      fields: ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'],
      tileFields: ['img', 'title', 'desc', 'link'],
    },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  loadComponent: async () => (await import('./MiniportTemplate.js')).MiniportTemplate,
  loadSample: async () => (await import('./sample.js')).miniportSample,
});
