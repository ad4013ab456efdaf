import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkWords } from './LinkWords.js';
import { parsed } from './test-helpers.js';
import { MiniportTemplate } from '../miniport/MiniportTemplate.js';

const words = (link: string, own = false) =>
  renderToStaticMarkup(<LinkWords words="Learn more" own={own} link={link} title="Lake house" />);

describe("the words of a button on a tile's link", () => {
  it('names a network people know, with the verb for what they do there', () => {
    expect(words('https://www.behance.net/gallery/1/lake-house')).toBe(
      '<span>View<span class="tpl-visually-hidden"> Lake house</span> on Behance</span>',
    );
    expect(words('https://youtu.be/abc')).toBe(
      '<span>Watch<span class="tpl-visually-hidden"> Lake house</span> on YouTube</span>',
    );
    expect(words('https://open.spotify.com/track/1')).toContain('Listen');
    expect(words('https://open.spotify.com/track/1')).toContain(' on Spotify');
    // X by its short name on a button, not the "X (Twitter)" a screen reader's list says.
    expect(words('https://x.com/asha')).toContain(' on X</span>');
  });

  it("keeps the template's words for any other address, and the owner's words always", () => {
    expect(words('https://asha.example.com/lake')).toBe(
      'Learn more<span class="tpl-visually-hidden"> about Lake house</span>',
    );
    expect(words('https://www.behance.net/gallery/1', true)).toBe(
      'Learn more<span class="tpl-visually-hidden"> about Lake house</span>',
    );
  });

  it("reaches a template's tiles", () => {
    const html = renderToStaticMarkup(
      <MiniportTemplate
        data={parsed({
          personalDetails: { name: 'Asha' },
          section2: {
            sectionTitle: 'Work',
            sectionTiles: [{ title: 'Lake house', link: 'https://vimeo.com/123' }],
          },
        })}
      />,
    );
    expect(html).toContain('Watch<span class="tpl-visually-hidden"> Lake house</span> on Vimeo');
  });
});
