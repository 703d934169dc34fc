import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-test-app.ts';

/**
 * Makes the database refuse some notification inserts (issue 10 item 20: a record and its notification are
 * written together or not at all). `when` is a SQL condition on NEW (the notification row), e.g.
 * `NEW.customer_id = 7 AND NEW.key = 'welcome'`. The function and trigger have their own names, so test files
 * sharing one PostgreSQL database do not replace each other's. Returns the undo; call it in `finally`.
 */
export async function refuseNotifications(t: TestApp, when: string): Promise<() => Promise<void>> {
  const name = `refuse_test_notification_${randomBytes(6).toString('hex')}`;
  await t.ctx.db.exec(`
    CREATE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF ${when} THEN
        RAISE EXCEPTION 'notification refused by the test';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER ${name} BEFORE INSERT ON notification
      FOR EACH ROW EXECUTE FUNCTION ${name}();`);
  return async () => {
    await t.ctx.db.exec(`DROP TRIGGER IF EXISTS ${name} ON notification; DROP FUNCTION IF EXISTS ${name}();`);
  };
}
