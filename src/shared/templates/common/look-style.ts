import type { CSSProperties } from 'react';
import type { PortfolioData } from '../../domain/portfolio.js';
import { appearanceVars, type TemplateLook } from '../../appearance/look.js';

/**
 * The template root's inline style for the owner's accent and fonts: custom properties the
 * template's stylesheet reads, so the public page needs no script for them. Nothing for the
 * template's own look.
 */
export function lookStyle(look: TemplateLook, data: PortfolioData): { style?: CSSProperties } {
  const vars = appearanceVars(look, data.appearance);
  return vars ? { style: vars as CSSProperties } : {};
}
