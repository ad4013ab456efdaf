import type { ComponentType } from 'react';
import type { PortfolioData, SectionKey } from '../domain/portfolio.js';
import type { TemplateId } from '../routes.js';

export type PersonalField = 'name' | 'headline' | 'intro' | 'profileImage';
export type SectionField = 'sectionTitle' | 'sectionSubTitle' | 'sectionFooterText';
export type TileField = 'img' | 'title' | 'desc' | 'link' | 'icon';
export type ContactField = 'email' | 'tel' | 'address' | 'socialLinks';

export interface SectionSpec {
  /** What the editor calls this part, e.g. "Services" or "Projects". */
  label: string;
  fields: readonly SectionField[];
  tileFields: readonly TileField[];
}

/**
 * What a template shows. The editor offers only these fields, and stored data keeps only these
 * (see pickTemplateFields).
 */
export interface TemplateDefinition {
  id: TemplateId;
  name: string;
  /** CSS root class and folder name. */
  slug: string;
  personalDetails: readonly PersonalField[];
  sections: Partial<Record<SectionKey, SectionSpec>>;
  contactDetails: readonly ContactField[];
}

export interface TemplateProps {
  data: PortfolioData;
}

export type TemplateComponent = ComponentType<TemplateProps>;
