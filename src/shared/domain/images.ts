import { SECTION_KEYS, type PortfolioData } from './portfolio.js';

/** Where each image value of a portfolio sits, as problems name fields (`section2.sectionTiles.0.img`). */
export interface ImageValue {
  field: string;
  value: string;
}

/**
 * Every image a portfolio holds, with its field: the profile picture and each tile's image.
 * Empty values are left out. The one list the editor, the page's CSP and the ownership check read.
 */
export function imageValuesIn(data: PortfolioData): ImageValue[] {
  const values: ImageValue[] = [
    { field: 'personalDetails.profileImage', value: data.personalDetails.profileImage },
  ];
  for (const key of SECTION_KEYS) {
    for (const [index, tile] of (data[key]?.sectionTiles ?? []).entries()) {
      values.push({ field: `${key}.sectionTiles.${index}.img`, value: tile.img });
    }
  }
  return values
    .map(({ field, value }) => ({ field, value: value.trim() }))
    .filter(({ value }) => value !== '');
}
