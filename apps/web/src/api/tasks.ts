import type { ProjectCode, TaskCover } from '@dossier/contract';
import { TaskErrorCode, ZTask, ZTaskList, ZTaskZipUrl } from '@dossier/contract';
import { api } from './client.ts';

/** The task refusals the dialogs show inline (not toasted), with the server's localised msg. */
export const TASK_INLINE_CODES = [
  ...Object.values(TaskErrorCode),
  'purchase_before_use',
  'entitlement_expired',
  'case_locked',
];

/**
 * Review and translation tasks as the customer sees them (spec §3 Task, §4 Rights entries; decision 0031):
 * a task's id is the id of its my_rights row.
 */
export const tasksApi = {
  list: (projectCode?: ProjectCode, signal?: AbortSignal) =>
    api.get('/customer/task/', { signal, query: { project_code: projectCode }, schema: ZTaskList }),
  submit: (id: number, covers: TaskCover[]) =>
    api.patch(`/customer/task/${id}/submit/`, { covers }, { schema: ZTask, inlineCodes: TASK_INLINE_CODES }),
  cancel: (id: number) =>
    api.patch(`/customer/task/${id}/cancel_submit/`, {}, { schema: ZTask, inlineCodes: TASK_INLINE_CODES }),
  zipUrl: (id: number) =>
    api.get(`/customer/task/${id}/get_zip_file_url/`, {
      schema: ZTaskZipUrl,
      inlineCodes: TASK_INLINE_CODES,
    }),
};

export const taskKeys = {
  all: ['tasks'] as const,
  list: (project?: ProjectCode) => ['tasks', 'list', project ?? 'all'] as const,
};
