/** Query keys of the checklist and the print file (shared by the ReadMe tab and /previewToPdf). */
export const readmeKeys = {
  readme: (caseId: number) => ['workbench', 'readme', caseId] as const,
  packet: (caseId: number) => ['workbench', 'packet', caseId] as const,
};
