/** The review screens' model (issue 31 item 7): grouping, which findings may be marked intended, the map's fields. */
import { groupFindings, type TReviewFinding } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { canMarkIntended, mapFields, mapFieldValue } from '../src/features/workbench/review/review-model.ts';

const finding = (over: Partial<TReviewFinding>): TReviewFinding => ({
  key: 'k',
  rule: 'leftovers',
  severity: 'block',
  title: 't',
  detail: '',
  source: null,
  places: [],
  passages: [],
  intended: false,
  ...over,
});

describe('review model', () => {
  it('groups by severity in order, intended ones last whatever their severity; empty groups left out', () => {
    const groups = groupFindings([
      finding({ key: 'w', severity: 'warn' }),
      finding({ key: 'i', severity: 'block', intended: true }),
      finding({ key: 'b', severity: 'block' }),
    ]);
    expect(groups.map(([g, list]) => [g, list.map((f) => f.key)])).toEqual([
      ['block', ['b']],
      ['warn', ['w']],
      ['intended', ['i']],
    ]);
  });

  it('offers "mark as intended" for consistency and leftovers findings only', () => {
    expect(canMarkIntended({ rule: 'consistency' })).toBe(true);
    expect(canMarkIntended({ rule: 'leftovers' })).toBe(true);
    expect(canMarkIntended({ rule: 'letters' })).toBe(false);
    expect(canMarkIntended({ rule: 'priority_date' })).toBe(false);
    expect(canMarkIntended({ rule: 'evidence_map' })).toBe(false);
  });

  it('renders the map generically: names of listed objects, yes/no, numbers; key and label not repeated', () => {
    const yesNo = (b: boolean) => (b ? 'Y' : 'N');
    expect(
      mapFieldValue([{ label: 'Bylaws' }, { name: 'Folder A' }, { text: 'A point' }, 'plain'], yesNo),
    ).toBe('Bylaws; Folder A; A point; plain');
    expect(mapFieldValue([], yesNo)).toBe('—');
    expect(mapFieldValue(true, yesNo)).toBe('Y');
    expect(mapFieldValue(3, yesNo)).toBe('3');
    expect(mapFieldValue({ nested: 1 }, yesNo)).toBeNull();
    expect(mapFields({ key: 'awards', label: 'Awards', present: [], references: 0 }).map(([k]) => k)).toEqual(
      ['present', 'references'],
    );
  });
});
