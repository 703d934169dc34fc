import type { AssessmentArea, TAssessmentData } from '@dossier/contract';
import { ASSESSMENT_FIELD_ERRORS, ZAssessment, ZSubmitAssessmentResponse } from '@dossier/contract';
import { api } from './client.ts';

/**
 * The free-assessment calls (spec §7 Assessment), typed by the contract. The draft of each area is created on
 * first read; an update replaces the whole draft; submit happens once per person across both areas.
 */
export const assessmentApi = {
  mine: (area: AssessmentArea, signal?: AbortSignal) =>
    api.get('/customer/assess/my_assessment/', { signal, query: { area }, schema: ZAssessment }),
  update: (area: AssessmentArea, data: TAssessmentData) =>
    api.patch('/customer/assess/update_my_assessment/', { area, data }, { schema: ZAssessment }),
  submit: (id: number) =>
    api.patch(`/customer/assess/${id}/submit/`, undefined, {
      schema: ZSubmitAssessmentResponse,
      // Shown under the field of the form (decision 0017).
      inlineCodes: Object.keys(ASSESSMENT_FIELD_ERRORS),
    }),
};
