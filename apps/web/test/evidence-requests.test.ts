import type { TLetter } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { fileRequest, letterRequest, letterValues } from '../src/features/workbench/evidence/requests.ts';

/** The evidence, letter and attachment dialogs send exactly what they show (decision 0019). */
describe('fileRequest', () => {
  it('a personal translation keeps the translated file and the English name', () => {
    expect(
      fileRequest(
        {
          name: ' Award certificate ',
          name_en: 'Award certificate',
          web_link: ' https://example.org ',
          needs_translation: true,
          translation_mode: 'personal',
          original_upload_id: 4,
          translation_upload_id: 5,
        },
        true,
      ),
    ).toEqual({
      name: 'Award certificate',
      name_en: 'Award certificate',
      web_link: 'https://example.org',
      needs_translation: true,
      translation_mode: 'personal',
      original_upload_id: 4,
      translation_upload_id: 5,
    });
  });

  it('no translation: the method and a translated file chosen earlier are not sent', () => {
    const body = fileRequest(
      {
        name: 'x',
        needs_translation: false,
        translation_mode: 'personal',
        original_upload_id: 4,
        translation_upload_id: 5,
      },
      true,
    );
    expect(body.translation_mode).toBeNull();
    expect(body.translation_upload_id).toBeNull();
  });

  it('the translation service: no translated file; an attachment has no web link at all', () => {
    const body = fileRequest(
      {
        name: 'x',
        needs_translation: true,
        translation_mode: 'service',
        original_upload_id: 4,
        translation_upload_id: 5,
      },
      false,
    );
    expect(body.translation_mode).toBe('service');
    expect(body.translation_upload_id).toBeNull();
    expect('web_link' in body).toBe(false);
  });

  it('nothing chosen stays null, so the server names what is missing', () => {
    expect(fileRequest({}, true)).toEqual({
      name: null,
      name_en: null,
      web_link: null,
      needs_translation: null,
      translation_mode: null,
      original_upload_id: null,
      translation_upload_id: null,
    });
  });
});

describe('letterRequest', () => {
  const letter: TLetter = {
    id: 7,
    name: '王教授',
    position: '教授',
    name_en: 'Prof. Wang',
    position_en: 'Professor',
    needs_translation: true,
    translation_mode: 'personal',
    letter: { upload_id: 1, name: 'l.pdf', status: 'ready', pages: 2, pdf_size: 1000, refusal: null },
    letter_translation: {
      upload_id: 2,
      name: 'lt.pdf',
      status: 'ready',
      pages: 2,
      pdf_size: 1000,
      refusal: null,
    },
    resume: null,
    resume_translation: null,
    status: 'signed',
    independent: true,
    relation: 'independent',
    coauthored: false,
    evidence_folder_ids: [3],
    order: 1,
    updated_at: '2026-11-24T00:00:00Z',
  };

  it('the Upload dialog (files only) sends the whole row, the rest from the saved letter', () => {
    const body = letterRequest(letterValues(letter), {
      resume_upload_id: 9,
      resume_translation_upload_id: 10,
    });
    expect(body).toMatchObject({
      name: '王教授',
      position: '教授',
      name_en: 'Prof. Wang',
      letter_upload_id: 1,
      letter_translation_upload_id: 2,
      resume_upload_id: 9,
      resume_translation_upload_id: 10,
      status: 'signed',
      independent: true,
      relation: 'independent',
      coauthored: false,
      evidence_folder_ids: [3],
    });
  });

  it('a stated relation decides the independent flag; a co-author co-authored (issue 31 item 5)', () => {
    expect(letterRequest(letterValues(letter), { relation: 'supervisor' })).toMatchObject({
      relation: 'supervisor',
      independent: false,
      coauthored: false,
    });
    expect(letterRequest(letterValues(letter), { relation: 'coauthor' })).toMatchObject({
      independent: false,
      coauthored: true,
    });
    expect(letterRequest({ independent: true }, { relation: null })).toMatchObject({
      relation: null,
      independent: true,
    });
  });

  it('switching to no translation drops the translated files and the method', () => {
    const body = letterRequest(letterValues(letter), { needs_translation: false });
    expect(body.translation_mode).toBeNull();
    expect(body.letter_translation_upload_id).toBeNull();
    expect(body.resume_translation_upload_id).toBeNull();
  });

  it('a new recommender starts as drafting, not independent, citing nothing', () => {
    expect(
      letterRequest({ status: 'drafting', independent: false }, { name: 'A', position: 'B' }),
    ).toMatchObject({
      status: 'drafting',
      independent: false,
      evidence_folder_ids: [],
    });
  });
});
