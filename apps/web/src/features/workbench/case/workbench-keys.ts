/** Query keys of the workbench; a save refreshes the case (`case`) so the shell, schedule and lists agree. */
export const workbenchKeys = {
  all: ['workbench'] as const,
  case: (project: string) => ['workbench', 'case', project] as const,
  form: (id: number) => ['workbench', 'form', id] as const,
  profile: (caseId: number) => ['workbench', 'profile', caseId] as const,
  eta9089: (caseId: number) => ['workbench', 'eta9089', caseId] as const,
  evidence: (caseId: number) => ['workbench', 'evidence', caseId] as const,
  letters: (caseId: number) => ['workbench', 'letters', caseId] as const,
  letterExamples: (caseId: number) => ['workbench', 'letter-examples', caseId] as const,
  attachments: (caseId: number) => ['workbench', 'attachments', caseId] as const,
};
