import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { SocketRevocation } from '../chat/revocation.js';
import { ROLES } from '../auth/roles.js';
import { User } from '../people/userModel.js';
import { ApiError } from '../platform/http/errors.js';
import { createAccount } from '../people/accounts.js';
import { addEnrollments, changeRoleEndingSockets } from '../people/service.js';
import type { PlannedRow, RowAction } from './plan.js';
import type { ImportPasswordJson, ImportRowJson } from './schema.js';

/** The reason of a row that changed under the import (deleted, made an admin) between its plan and its write. */
export const CHANGED_MEANWHILE = 'The account changed while the file was imported: import the file again.';
/** The reason of the rows left when the import had to stop (docs/product.md#import). */
export const NOT_IMPORTED = 'Not imported: the import stopped on an unexpected error. Import the file again to finish it.';
/** Added to a created account whose courses could not be added when the import stopped. */
export const NOT_ENROLLED = 'Not enrolled yet: the import stopped on an unexpected error. Import the file again to add the courses.';

/** What the services' own refusals of a row mean for it: its reason (a taken email, a user gone). */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  return error.status === 409 ? error.message : CHANGED_MEANWHILE;
}

/**
 * Writes an update: names, then the role as the users table changes it, then the new enrollments.
 * Every query names the user by `_id` alone, the one filter the embedded database answers without
 * reading the whole collection (docs/architecture.md#the-embedded-database).
 */
async function applyUpdate(action: Extract<RowAction, { kind: 'update' }>, sockets: SocketRevocation | undefined): Promise<void> {
  // The plan saw no admin; an account deleted or made an admin since is left alone.
  const current = await User.findById(action.userId, { role: 1 }).lean();
  if (!current || current.role === ROLES.admin) throw new ApiError(404, 'not_found', CHANGED_MEANWHILE);
  if (action.names) {
    const { firstName, lastName } = action.names;
    // `name` is derived by the model's validate hook, which an update does not run.
    await User.updateOne({ _id: action.userId }, { $set: { firstName, lastName, name: `${firstName} ${lastName}` } });
  }
  if (action.role !== null) await changeRoleEndingSockets(String(action.userId), action.role, sockets);
  await addEnrollments(action.userId, action.courseIds);
}

/**
 * Applies a planned import (docs/product.md#import), row by row in the file's order: `create`
 * rows become accounts with a one-time password (`createAccount`) and their enrollments, `update`
 * rows get their new names, role (`changeRoleEndingSockets`, as the users table) and enrollments;
 * `skip` and `error` rows are not touched. Enrollments are only ever added. A row the services
 * refuse (an email taken meanwhile, an account deleted or made an admin meanwhile) becomes an
 * `error` with the reason. No transactions (docs/decisions/0013-no-transactions.md): on any
 * other failure (the database stops) the import stops, the rows not yet written become errors,
 * and what was made so far — with its one-time passwords — is still answered.
 * @param rows the plan of `planImport`, made just before
 * @param opts.sockets ends the discussion sockets of a user whose role changes
 * @param opts.log where an unexpected failure is logged
 * @returns the rows as applied and the one-time passwords of the accounts made, in row order
 */
export async function applyImport(
  rows: readonly PlannedRow[],
  opts: { sockets?: SocketRevocation | undefined; log?: Pick<Logger, 'error'> | undefined },
): Promise<{ rows: ImportRowJson[]; passwords: ImportPasswordJson[] }> {
  const passwords: ImportPasswordJson[] = [];
  const done: ImportRowJson[] = [];
  let stopped = false;
  for (const { action, ...row } of rows) {
    if (!action) {
      done.push(row);
      continue;
    }
    if (stopped) {
      done.push({ ...row, status: 'error', reasons: [NOT_IMPORTED] });
      continue;
    }
    let created = false;
    try {
      if (action.kind === 'create') {
        const grant = await createAccount(action.input, { checked: true });
        created = true;
        passwords.push({ email: grant.user.email, password: grant.oneTimePassword });
        await addEnrollments(new Types.ObjectId(grant.user.id), action.courseIds);
      } else {
        await applyUpdate(action, opts.sockets);
      }
      done.push(row);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== null && !created) {
        done.push({ ...row, status: 'error', reasons: [refusal] });
        continue;
      }
      opts.log?.error({ err: error, row: row.row }, 'The import stopped on an unexpected error');
      stopped = true;
      done.push(created ? { ...row, reasons: [...row.reasons, NOT_ENROLLED] } : { ...row, status: 'error', reasons: [NOT_IMPORTED] });
    }
  }
  return { rows: done, passwords };
}
