import type { TemplateId } from '../routes.js';
import type { PortfolioData } from '../domain/portfolio.js';
import type { TemplateDefinition } from './definition.js';
import { directiveDefinition } from './directive/definition.js';
import { directiveSample } from './directive/sample.js';
import { hyperspaceDefinition } from './hyperspace/definition.js';
import { hyperspaceSample } from './hyperspace/sample.js';
import { miniportDefinition } from './miniport/definition.js';
import { miniportSample } from './miniport/sample.js';
import { phantomDefinition } from './phantom/definition.js';
import { phantomSample } from './phantom/sample.js';
import { solidStateDefinition } from './solid-state/definition.js';
import { solidStateSample } from './solid-state/sample.js';

/** What each template shows (no React here: the server's price and order code import this). */
export const TEMPLATE_DEFINITIONS: Readonly<Record<TemplateId, TemplateDefinition>> = {
  template1: miniportDefinition,
  template2: directiveDefinition,
  template3: hyperspaceDefinition,
  template4: solidStateDefinition,
  template5: phantomDefinition,
};

/** Sample data: what the preview pages show and what the store's default data is seeded from. */
export const SAMPLE_DATA: Readonly<Record<TemplateId, PortfolioData>> = {
  template1: miniportSample,
  template2: directiveSample,
  template3: hyperspaceSample,
  template4: solidStateSample,
  template5: phantomSample,
};
