import { type TPacket, ZPacket } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import {
  currentEntry,
  fixLink,
  flattenOutline,
  isBuilding,
  PACKET_POLL_MS,
  packetAction,
  packetPollInterval,
} from '../src/features/workbench/readme/readme-model.ts';

const file = {
  size: 2048,
  pages: 12,
  generated_at: '2026-11-24T08:00:00.000Z',
  name: 'EB-1A petition packet 2026-11-24.pdf',
  outline: [],
  missing_forms: [],
  date: '2026-11-29',
  time_zone: 'Asia/Shanghai',
  check: null,
};

function packet(overrides: Partial<TPacket>): TPacket {
  return ZPacket.parse({
    case_id: 7,
    state: 'none',
    progress: 0,
    phase: null,
    file: null,
    error: null,
    problems: [],
    readme_confirmed: true,
    ...overrides,
  });
}

describe('the print file panel', () => {
  it('polls only while a build is queued or generating', () => {
    expect(PACKET_POLL_MS).toBe(1500);
    expect(packetPollInterval(undefined)).toBe(false);
    expect(packetPollInterval(packet({ state: 'queued' }))).toBe(PACKET_POLL_MS);
    expect(packetPollInterval(packet({ state: 'generating', progress: 40, phase: 'render' }))).toBe(
      PACKET_POLL_MS,
    );
    for (const state of ['none', 'ready', 'stale', 'failed'] as const) {
      expect(isBuilding(state)).toBe(false);
      expect(packetPollInterval(packet({ state, file: state === 'none' ? null : file }))).toBe(false);
    }
  });

  it('offers Generate, the wait, Download to print, or Generate again by state', () => {
    expect(packetAction(packet({ state: 'none' }))).toBe('generate');
    expect(packetAction(packet({ state: 'queued' }))).toBe('wait');
    expect(packetAction(packet({ state: 'generating', file }))).toBe('wait');
    expect(packetAction(packet({ state: 'ready', progress: 100, file }))).toBe('download');
    expect(packetAction(packet({ state: 'stale', file }))).toBe('regenerate');
    // A failed first build has no file to download: it offers Generate again, not "again and print".
    expect(packetAction(packet({ state: 'failed', error: { code: 'x', msg: 'y' } }))).toBe('generate');
    expect(packetAction(packet({ state: 'failed', file, error: { code: 'x', msg: 'y' } }))).toBe(
      'regenerate',
    );
  });
});

describe('links to fix a checklist item', () => {
  it('opens the form wizard for a form, the tab with a target otherwise', () => {
    expect(fixLink('eb1a', { tab: 'form', target: 'I-140' })).toBe('/EB-1A/form?form=I-140');
    // A form's item (issue 28): the wizard opens at that field.
    expect(fixLink('eb1a', { tab: 'form', target: 'I-140/p4.1' })).toBe('/EB-1A/form?form=I-140&item=p4.1');
    // NIW's signed ETA-9089 (decision 0060): the Form tab's ETA-9089 page.
    expect(fixLink('niw', { tab: 'form', target: 'eta9089' })).toBe('/NIW/form?view=eta9089');
    expect(fixLink('niw', { tab: 'evidence', target: '12' })).toBe('/NIW/evidence?target=12');
    expect(fixLink('eb1a', { tab: 'reference', target: null })).toBe('/EB-1A/reference');
    expect(fixLink('eb1a', { tab: 'petition', target: 'petition_letter' })).toBe(
      '/EB-1A/petition?target=petition_letter',
    );
  });

  it('falls back to the landing tab for a tab the web does not know', () => {
    expect(fixLink('eb1a', { tab: 'nowhere', target: 'x' })).toBe('/EB-1A?target=x');
    expect(fixLink('niw', { tab: 'schedule', target: null })).toBe('/NIW');
  });
});

describe('the packet outline', () => {
  const outline = [
    { title: 'Cover sheet', page: 1, children: [] },
    {
      title: 'Exhibits',
      page: 5,
      children: [
        { title: 'Exhibit 1', page: 5, children: [] },
        { title: 'Exhibit 2', page: 9, children: [{ title: 'Translation', page: 11, children: [] }] },
      ],
    },
  ];

  it('flattens in reading order with depths and unique keys', () => {
    const entries = flattenOutline(outline);
    expect(entries.map((e) => [e.title, e.page, e.depth])).toEqual([
      ['Cover sheet', 1, 0],
      ['Exhibits', 5, 0],
      ['Exhibit 1', 5, 1],
      ['Exhibit 2', 9, 1],
      ['Translation', 11, 2],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });

  it('highlights the deepest entry that starts at or before the page', () => {
    const entries = flattenOutline(outline);
    expect(currentEntry(entries, 1)?.title).toBe('Cover sheet');
    expect(currentEntry(entries, 4)?.title).toBe('Cover sheet');
    expect(currentEntry(entries, 5)?.title).toBe('Exhibit 1');
    expect(currentEntry(entries, 10)?.title).toBe('Exhibit 2');
    expect(currentEntry(entries, 12)?.title).toBe('Translation');
    expect(currentEntry([], 3)).toBeNull();
  });
});
