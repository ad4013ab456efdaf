import { describe, expect, it } from 'vitest';
import { parsed } from './common/test-helpers.js';
import { planSwitch } from './switch-plan.js';
import type { Draft } from '../draft.js';
import { SAMPLE_DATA } from './registry.js';

// Solid-State (template4) has two sections of photos; Mini-port (template1) shows photos in
// Portfolio only, its Services shows icons and no pictures.
const photographer: Draft = {
  templateId: 'template4',
  data: parsed({
    personalDetails: { name: 'Meera Iyer' },
    section: {
      sectionTitle: 'Weddings',
      sectionTiles: [{ title: 'Kochi', img: 'https://example.com/kochi.jpg' }],
    },
    section2: {
      sectionTitle: 'निबंध',
      sectionSubTitle: 'Photo essays',
      sectionTiles: [
        { title: 'Monsoon', img: 'https://example.com/monsoon.jpg' },
        { title: 'Market', img: 'https://example.com/market.jpg' },
      ],
    },
  }),
};

describe('a change of template as the editor plans it', () => {
  it('keeps a section of photos joined where its pictures show, and says so once', () => {
    const plan = planSwitch(photographer, 'template1', {});
    const pictures = [plan.draft.data.section, plan.draft.data.section2].flatMap((section) =>
      (section?.sectionTiles ?? []).map((tile) => [tile.title, tile.img]),
    );
    // Made a section again in Services, the essays lost their pictures without a word.
    expect(pictures).toEqual([
      ['Kochi', 'https://example.com/kochi.jpg'],
      ['Monsoon', 'https://example.com/monsoon.jpg'],
      ['Market', 'https://example.com/market.jpg'],
    ]);
    expect(plan.moves).toEqual(['“निबंध”: 2 tiles join “Weddings”']);
    expect(plan.kept).toEqual(['“निबंध”: the title', '“निबंध”: the sub title']);
    expect(plan.restored).toEqual([]);
    expect(plan.ask).toBe(true);
  });

  it('switches without asking when nothing is lost, and names what comes back', () => {
    const there = planSwitch(
      {
        templateId: 'template2',
        data: parsed({ personalDetails: { name: 'Asha' }, contactDetails: { address: 'Kochi' } }),
      },
      'template5',
      {},
    );
    expect(there.kept).toEqual(['Address']);
    const back = planSwitch(there.draft, 'template3', {});
    expect(back).toMatchObject({ ask: false, kept: [], discarded: [], restored: ['your address'] });
    expect(back.draft.data.contactDetails.address).toBe('Kochi');
  });
});

describe('a set-aside value whose place is taken', () => {
  const draft = (address: string): Draft => ({
    templateId: 'template5',
    data: parsed({ personalDetails: { name: 'Asha' }, contactDetails: { address } }),
    setAside: { contactDetails: { address: 'Kochi' } },
  });

  it('is named before the switch when the person has written another since', () => {
    const plan = planSwitch(draft('Chennai'), 'template3', {});
    expect(plan).toMatchObject({ ask: true, replaced: ['your address'], restored: [] });
    expect(plan.draft.data.contactDetails.address).toBe('Chennai');
    expect(plan.draft.setAside).toBeUndefined();
  });

  it('comes back over the new template’s sample, which is no one’s', () => {
    const sampleAddress = SAMPLE_DATA.template3.contactDetails.address;
    const plan = planSwitch(draft(sampleAddress), 'template3', { to: SAMPLE_DATA.template3 });
    expect(plan).toMatchObject({ ask: false, replaced: [], restored: ['your address'] });
    expect(plan.draft.data.contactDetails.address).toBe('Kochi');
  });

  it('names a kept colour the person has replaced with another since', () => {
    const plan = planSwitch(
      {
        templateId: 'template5',
        data: parsed({ personalDetails: { name: 'Asha' }, appearance: { accent: '#1b75a6' } }),
        setAside: { appearance: { accent: '#c0741f' } },
      },
      'template3',
      {},
    );
    expect(plan).toMatchObject({ ask: true, replaced: ['your accent colour'] });
    expect(plan.draft.data.appearance?.accent).toBe('#1b75a6');
    expect(plan.draft.setAside).toBeUndefined();
  });

  it('asks nothing when the place already holds the same words', () => {
    const plan = planSwitch(draft('Kochi'), 'template3', {});
    expect(plan).toMatchObject({ ask: false, replaced: [], restored: [] });
  });
});

describe('a joined section made a section again on the way back', () => {
  // Mini-port's services with icons join Directive's one section; Mini-port's Portfolio shows
  // no icons, so the way back sets the icons aside and puts them straight back in Services.
  const miniport: Draft = {
    templateId: 'template1',
    data: parsed({
      personalDetails: { name: 'Ravi Iyer' },
      section: {
        sectionTiles: [
          { title: 'Site visits', icon: 'camera' },
          { title: 'Drawings', icon: 'paintbrush' },
        ],
      },
      section2: {
        sectionTitle: 'Projects',
        sectionTiles: [{ title: 'Lake house', img: 'https://example.com/lake.jpg' }],
      },
    }),
  };

  it('names the icons as coming back, not as kept for later, and asks nothing', () => {
    const there = planSwitch(miniport, 'template2', {});
    expect(there.moves).toEqual(['Services: 2 tiles join “Projects”']);
    const back = planSwitch(there.draft, 'template1', {});
    expect(back.kept).toEqual([]);
    expect(back.discarded).toEqual([]);
    expect(back.restored).toEqual(['the section with “Site visits”', 'tile details']);
    expect(back.ask).toBe(false);
    expect(back.draft.data.section?.sectionTiles.map((tile) => tile.icon)).toEqual([
      'camera',
      'paintbrush',
    ]);
  });
});

describe('a round trip through every template', () => {
  it('brings back every title, sub title, footer text and icon where they were', () => {
    // The review: services titled "What I do" (Hyperspace's own word for that section) lost to
    // Solid-State's sample title, and the essays' footer text moved to the services on the way.
    const start: Draft = {
      templateId: 'template1',
      data: parsed({
        personalDetails: { name: 'Meenakshi Venkataraman-Deshpande' },
        section: {
          sectionTitle: 'What I do',
          sectionSubTitle: 'Commissions and teaching',
          sectionTiles: [
            { title: 'Assignments', icon: 'camera' },
            { title: 'Prints', icon: 'paintbrush' },
            { title: 'Workshops', icon: 'leaf' },
          ],
        },
        section2: {
          sectionTitle: 'निबंध',
          sectionSubTitle: 'Photo essays',
          sectionFooterText: 'Prints and full sequences are available on request.',
          sectionTiles: ['Backwater kitchens', 'Night shift', 'Monsoon', 'Looms'].map(
            (title, index) => ({ title, img: `https://example.com/${index}.jpg` }),
          ),
        },
      }),
    };
    let draft = start;
    for (const templateId of ['template2', 'template3', 'template4', 'template5'] as const) {
      draft = planSwitch(draft, templateId, {
        from: SAMPLE_DATA[draft.templateId],
        to: SAMPLE_DATA[templateId],
      }).draft;
    }
    const back = planSwitch(draft, 'template1', {
      from: SAMPLE_DATA[draft.templateId],
      to: SAMPLE_DATA.template1,
    });
    expect(back.ask).toBe(false);
    expect(back.draft.data.section).toEqual(start.data.section);
    expect(back.draft.data.section2).toEqual(start.data.section2);
  });
});
