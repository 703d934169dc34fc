import { describe, expect, it } from 'vitest';
import { CRITERION_MAP } from '../content/index.ts';
import type { ReviewInput } from '../review-input.ts';
import { reviewMap } from '../review-map.ts';
import { cite, folder, inputOf, letter } from './evidence-map.test-input.ts';
import { evidenceMapRule } from './evidence-map.ts';

/**
 * Issue 31 item 1 (decision 0070): the evidence map's rule, each case built here — membership shown by a dues
 * receipt only, judging shown by invitations only, untagged folders, no independent corroboration, a criterion the
 * petition letter never cites, NIW's EB-2 threshold.
 */

const keys = (input: ReviewInput) => evidenceMapRule(input, 'en').map((f) => `${f.key} ${f.severity}`);

describe('evidence_map rule', () => {
  it('membership tagged "dues receipt" only: the folder does not count and the criterion lacks a kind that does', () => {
    const input = inputOf({
      claimed: ['association'],
      folders: [folder(1, 'association', 'dues_receipt')],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 1 }],
      petition: [cite('folder:1')],
    });
    expect(keys(input)).toEqual([
      'evidence_map:kind_missing:association warn',
      'evidence_map:not_counting:1 warn',
    ]);
    const [missing, dues] = evidenceMapRule(input, 'en');
    expect(missing!.detail).toContain('Bylaws showing admission requires outstanding achievements');
    expect(dues!.title).toBe(
      'Folder 1: “Dues receipt, or membership open to anyone who signs up” alone does not prove the criterion',
    );
    expect(dues!.places).toEqual([{ tab: 'evidence', target: '1', label: 'Exhibit 1 · Folder 1' }]);
    expect(dues!.source).toContain('8 CFR 204.5(h)(3)(ii)');
    const zh = evidenceMapRule(input, 'zh');
    expect(zh[1]!.title).toContain('会费收据');
    expect(zh[1]!.places[0]!.label).toBe('证据 1 · Folder 1');
    // Adding the bylaws clears the missing kind; the dues receipt still warns.
    const fixed = inputOf({
      claimed: ['association'],
      folders: [folder(1, 'association', 'dues_receipt'), folder(2, 'association', 'bylaws_admission')],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 1 }],
      petition: [cite('folder:1')],
    });
    expect(keys(fixed)).toEqual(['evidence_map:not_counting:1 warn']);
  });

  it('judging with invitations only', () => {
    const input = inputOf({
      claimed: ['judge'],
      folders: [folder(1, 'judge', 'invitation_only'), folder(2, 'judge', 'invitation_only')],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 2 }],
      petition: [cite('file:2')],
    });
    expect(keys(input)).toEqual([
      'evidence_map:kind_missing:judge warn',
      'evidence_map:not_counting:1 warn',
      'evidence_map:not_counting:2 warn',
    ]);
    expect(evidenceMapRule(input, 'en')[1]!.detail).toContain(
      'An invitation does not show that the judging happened',
    );
    const done = inputOf({
      claimed: ['judge'],
      folders: [folder(1, 'judge', 'review_record')],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 1 }],
      petition: [cite('folder:1')],
    });
    expect(keys(done)).toEqual([]);
  });

  it('untagged folders are info; a kind of another criterion counts as untagged', () => {
    const input = inputOf({
      claimed: ['awards'],
      folders: [
        folder(1, 'awards', null),
        folder(2, 'awards', 'review_record'),
        folder(3, 'awards', 'award_certificate'),
      ],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 3 }],
      petition: [cite('folder:3')],
    });
    const f = evidenceMapRule(input, 'en');
    expect(f.map((x) => `${x.key} ${x.severity}`)).toEqual(['evidence_map:untagged:awards info']);
    expect(f[0]!.places.map((p) => p.target)).toEqual(['1', '2']);
  });

  it('corroboration: only independent recommenders count (relation, else the legacy switch)', () => {
    const base = {
      claimed: ['original_contributions'],
      folders: [folder(1, 'original_contributions', 'adoption')],
      petition: [cite('folder:1')],
      letterEvidence: [{ letterId: 1, folderId: 1 }],
    };
    expect(keys(inputOf({ ...base, letters: [letter(1, 'collaborator', true)] }))).toEqual([
      'evidence_map:no_corroboration:original_contributions warn',
    ]);
    expect(keys(inputOf({ ...base, letters: [letter(1, null, true)] }))).toEqual([]);
    expect(keys(inputOf({ ...base, letters: [letter(1, 'independent')], letterEvidence: [] }))).toEqual([
      'evidence_map:no_corroboration:original_contributions warn',
    ]);
  });

  it('a claimed criterion the petition letter never cites', () => {
    const input = inputOf({
      claimed: ['high_salary'],
      folders: [folder(1, 'high_salary', 'field_comparison')],
      letters: [letter(1, 'independent')],
      letterEvidence: [{ letterId: 1, folderId: 1 }],
      petition: [cite('folder:99')],
    });
    const f = evidenceMapRule(input, 'en');
    expect(f.map((x) => x.key)).toEqual(['evidence_map:not_argued:high_salary']);
    expect(f[0]!.places[0]).toMatchObject({ tab: 'petition', target: null });
  });

  it('NIW: three of the six kinds of exceptional ability; corroboration asked of achievements only', () => {
    const claimed = ['degree', 'job', 'license', 'salary', 'achievements'];
    const built = (salaryKind: string) => ({
      category: 'NIW' as const,
      direction: 'exceptional_ability' as const,
      claimed,
      folders: [
        folder(1, 'degree', 'diploma_transcript'),
        folder(2, 'job', 'ten_years'),
        folder(3, 'salary', salaryKind),
        folder(4, 'achievements', 'endeavor_plan'),
        folder(5, 'license', null),
      ],
      petition: [1, 2, 3, 4, 5].map((i) => cite(`folder:${i}`)),
    });
    expect(keys(inputOf(built('pay_without_comparison')))).toEqual([
      'evidence_map:kind_missing:license warn',
      'evidence_map:untagged:license info',
      'evidence_map:kind_missing:salary warn',
      'evidence_map:not_counting:3 warn',
      'evidence_map:no_corroboration:achievements warn',
      'evidence_map:threshold warn',
    ]);
    const threshold = evidenceMapRule(inputOf(built('pay_without_comparison')), 'en').at(-1)!;
    expect(threshold.detail).toContain('at least 3 of the six kinds');
    expect(threshold.detail).toContain('2 of them');
    expect(keys(inputOf(built('field_comparison')))).not.toContain('evidence_map:threshold warn');
  });
});

describe('the evidence map', () => {
  it('per claimed criterion: kinds present with exhibits, missing, not counting, untagged, corroboration, references', () => {
    const input = inputOf({
      claimed: ['association', 'judge'],
      folders: [
        folder(1, 'association', 'dues_receipt'),
        folder(2, 'association', null),
        folder(3, 'judge', 'review_record'),
      ],
      letters: [letter(1, 'independent'), letter(2, 'supervisor')],
      letterEvidence: [
        { letterId: 1, folderId: 3 },
        { letterId: 2, folderId: 1 },
      ],
      petition: [cite('folder:3'), cite('file:3')],
    });
    const map = reviewMap(input, 'en');
    expect(map.criteria.map((c) => c.key)).toEqual(['association', 'judge']);
    const [assoc, judge] = map.criteria;
    expect(assoc!.present).toEqual([
      {
        kind: 'dues_receipt',
        label: 'Dues receipt, or membership open to anyone who signs up',
        counts: false,
        folders: [{ id: 1, name: 'Folder 1', exhibit: 1 }],
      },
    ]);
    expect(assoc!.missing.map((k) => k.key)).toEqual([
      'bylaws_admission',
      'judged_by_experts',
      'membership_proof',
    ]);
    expect(assoc!.not_counting.map((f) => f.id)).toEqual([1]);
    expect(assoc!.untagged.map((f) => f.id)).toEqual([2]);
    expect(assoc!.corroboration).toEqual([]);
    expect(assoc!.references).toBe(0);
    expect(judge!.corroboration).toEqual([{ letter_id: 1, name: 'Recommender 1', number: 1 }]);
    expect(judge!.references).toBe(2);
    expect(judge!.points[0]!.source).toContain('Policy Manual');
    expect(map.questions.map((q) => q.key)).toEqual(['final_merits_acclaim', 'final_merits_top']);
    expect(reviewMap(input, 'zh').criteria[0]!.label).toBe('协会会员');
  });

  it('NIW: the threshold and the three prongs', () => {
    const map = reviewMap(
      inputOf({
        category: 'NIW',
        direction: 'advanced_degree',
        claimed: ['degree', 'achievements'],
        folders: [folder(1, 'degree', 'courses_without_degree')],
      }),
      'en',
    );
    expect(map.questions.map((q) => [q.key, q.needed, q.shown])).toEqual([
      ['eb2_threshold', 1, 0],
      ['dhanasar_1', null, null],
      ['dhanasar_2', null, null],
      ['dhanasar_3', null, null],
    ]);
    expect(map.questions[1]!.points[0]!.source).toContain('Matter of Dhanasar');
  });
});

describe('content', () => {
  it('every kind has zh/en words and a source; keys unique per criterion; each criterion with kinds has one that counts', () => {
    for (const [criterion, c] of Object.entries(CRITERION_MAP)) {
      const seen = new Set<string>();
      for (const k of c.kinds) {
        expect(k.key, criterion).toMatch(/^[a-z0-9_]+$/);
        expect(seen.has(k.key), `${criterion}.${k.key}`).toBe(false);
        seen.add(k.key);
        for (const t of [k.label, k.why]) expect(t.zh && t.en, `${criterion}.${k.key}`).toBeTruthy();
        expect(k.source, `${criterion}.${k.key}`).toMatch(/CFR|Policy Manual|Dhanasar/);
      }
      if (c.kinds.length > 0)
        expect(
          c.kinds.some((k) => k.counts),
          criterion,
        ).toBe(true);
    }
  });
});
