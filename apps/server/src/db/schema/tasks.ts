import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer } from './accounts.ts';
import { entitlement } from './shop.ts';
import { staffUser } from './staff.ts';
import { workbenchCase } from './workbench.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A review or translation task (issue 16, decision 0031): the request behind one REVIEW / TRANSLATION
 * entitlement, so its id is the entitlement's id. Created on first use. `status` moves only through
 * modules/tasks/tasks.transitions.ts (conditional UPDATE … WHERE status IN …).
 */
export const serviceTask = pgTable(
  'service_task',
  {
    id: integer('id')
      .primaryKey()
      .references(() => entitlement.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => workbenchCase.id, { onDelete: 'cascade' }),
    /** 'REVIEW' | 'TRANSLATION' */
    service: text('service').notNull(),
    /** TASK_STATUSES */
    status: text('status').notNull(),
    /** TaskCover[] chosen at the last submit. */
    covers: jsonb('covers').$type<string[]>().notNull().default([]),
    submittedAt: ts('submitted_at'),
    holderId: integer('holder_id').references(() => staffUser.id, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at'),
    /** The latest result: review comments, an optional comments file, who and when. */
    resultComments: text('result_comments'),
    resultUploadId: integer('result_upload_id'),
    resultBy: text('result_by'),
    resultAt: ts('result_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('service_task_queue_idx').on(t.status, t.submittedAt),
    index('service_task_customer_idx').on(t.customerId),
  ],
);

/**
 * What a task in progress covers, as it stood when claimed (a translation's result lands per item): one row
 * per file or document, `key` = `<kind>:<row id>`.
 */
export const serviceTaskItem = pgTable(
  'service_task_item',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => serviceTask.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    name: text('name').notNull(),
    uploadId: integer('upload_id'),
    translationUploadId: integer('translation_upload_id'),
    /** The translator's display name (certification), set with the translation. */
    translatorName: text('translator_name'),
  },
  (t) => [uniqueIndex('service_task_item_uq').on(t.taskId, t.key)],
);
