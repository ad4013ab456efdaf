import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { uploadRef } from '../../shared/uploads.js';
import { imageOriginsOf } from './page-csp.js';

const upload = (digit: string) => uploadRef({ hash: digit.repeat(64), width: 900, height: 600 });

/** Phantom's sample with the profile picture and the first section's tiles replaced. */
function portfolioWith(profileImage: string, tileImages: string[]): PortfolioData {
  const sample = structuredClone(SAMPLE_DATA.template5);
  sample.personalDetails.profileImage = profileImage;
  sample.section!.sectionTiles = sample.section!.sectionTiles.map((tile, index) => ({
    ...tile,
    img: tileImages[index % tileImages.length]!,
  }));
  return sample;
}

async function imgSrcOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const csp = response.headers.get('content-security-policy')!;
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('img-src '))!;
}

describe('imageOriginsOf', () => {
  it('names nothing a host could use to end or widen the directive', () => {
    const data = portfolioWith('https://a.example;connect-src/x.png', [
      'https://*.example/tile.png',
      'https://a.example,b/tile.png',
      'http://[::1]:8080/tile.png',
      'https://ÄB.example/tile.png',
    ]);
    expect(imageOriginsOf(data, '/media')).toEqual(['https://xn--b-zfa.example']);
  });
});

describe.each(TEST_DIALECTS)(
  'a public page names its image origins in its CSP on %s',
  (dialect) => {
    const t = useTestApp(dialect);
    beforeAll(async () => {
      await publishDirectly(t.database.db, {
        username: 'links-to-images',
        templateId: 'template5',
        data: portfolioWith('https://photos.example.net/me.jpg', [
          'http://img.example.org:8080/tile.png',
          upload('a'),
          'https://photos.example.net/other.jpg',
        ]),
      });
      await publishDirectly(t.database.db, {
        username: 'only-uploads',
        templateId: 'template5',
        data: portfolioWith(upload('b'), [upload('c'), upload('d')]),
      });
    });

    it('lists exactly the origins of the addresses the person gave, on every view', async () => {
      const expected = "img-src 'self' http://img.example.org:8080 https://photos.example.net";
      // The first view goes through Fastify; the second is replayed by the fast path.
      expect(await imgSrcOf(`${t.url}/users/links-to-images`)).toBe(expected);
      expect(await imgSrcOf(`${t.url}/users/links-to-images`)).toBe(expected);
    });

    it('allows only our own origin for a page of uploads served from /media', async () => {
      expect(await imgSrcOf(`${t.url}/users/only-uploads`)).toBe("img-src 'self'");
      expect(await imgSrcOf(`${t.url}/users/only-uploads`)).toBe("img-src 'self'");
    });

    it('gives pages that show none of the person images no other origin', async () => {
      const response = await fetch(`${t.url}/users/nobody-at-all`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toContain("img-src 'self';");
    });
  },
);

describe.each(TEST_DIALECTS)('with uploads served from a CDN on %s', (dialect) => {
  // Nothing here reaches the bucket: pages are rendered from references alone.
  const t = useTestApp(dialect, {
    S3_BUCKET: 'media',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_ACCESS_KEY_ID: 'unused',
    S3_SECRET_ACCESS_KEY: 'unused',
    S3_PUBLIC_BASE_URL: 'https://cdn.example.test/media',
  });
  beforeAll(async () => {
    await publishDirectly(t.database.db, {
      username: 'cdn-uploads',
      templateId: 'template5',
      data: portfolioWith(upload('e'), [upload('f')]),
    });
    await publishDirectly(t.database.db, {
      username: 'site-images',
      templateId: 'template5',
      data: SAMPLE_DATA.template5,
    });
  });

  it("adds the CDN's origin to a page that shows uploads", async () => {
    const html = await (await fetch(`${t.url}/users/cdn-uploads`)).text();
    expect(html).toContain('https://cdn.example.test/media/');
    expect(await imgSrcOf(`${t.url}/users/cdn-uploads`)).toBe(
      "img-src 'self' https://cdn.example.test",
    );
  });

  it('leaves it out of a page without uploads', async () => {
    expect(await imgSrcOf(`${t.url}/users/site-images`)).toBe("img-src 'self'");
  });
});
