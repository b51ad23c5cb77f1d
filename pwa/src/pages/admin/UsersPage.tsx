import { IonButton, IonCard, IonCardContent, IonIcon, IonProgressBar } from '@ionic/react';
import { keyOutline, personAddOutline, trashOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
import { HttpError } from '../../data/api';
import { Paginator } from '../../components/Paginator';
import { ScreenState } from '../../components/ScreenState';
import { SearchField } from '../../components/SearchField';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../components/useMediaQuery';
import { PeopleTable, type PeopleColumn } from './PeopleTable';
import { deletePerson, resetPassword, updateRole, type OneTimePasswordGrant, type UserRow } from './peopleApi';
import { CreateUserDialog } from './CreateUserDialog';
import { OneTimePasswordDialog, type OneTimePasswordReason } from './OneTimePasswordDialog';
import { ROLE_OPTIONS, roleName, type Role } from '../../session/roles';
import { useAdminToast } from './useAdminToast';
import { useConfirm } from './useConfirm';
import { usePeopleList } from './usePeopleList';
import './admin.css';

/** Page sizes of the users table (docs/product.md#constants-and-limits: 10, 25, 50; default 10). */
export const USER_PAGE_SIZES = [10, 25, 50] as const;

/** The confirm text of a role change (docs/product.md#users-table). */
export const roleChangeQuestion = (name: string, role: Role) => `Are you sure you want to change the role of ${name} to ${roleName(role)}?`;
/** The confirm text of a user delete (docs/product.md#users-table). */
export const DELETE_USER_QUESTION = 'Are you sure you want to delete this user? This action cannot be undone.';
/** The confirm text of a password reset (docs/product.md#password-reset). */
export const resetPasswordQuestion = (name: string) =>
  `Reset the password of ${name}? They will be signed out everywhere and must sign in with a one-time password.`;

/**
 * The users table at /admin/users (docs/product.md#users-table, docs/product.md#role-change, docs/product.md#error-messages,
 * docs/product.md#constants-and-limits): a debounced "Search for users" sent with the list
 * query; columns ID, Name, Email, Role (a select: Student, Teacher, Admin)
 * and Action (delete); 10 / 25 / 50 rows per page. Choosing a role asks
 * "Are you sure you want to change the role of {name} to {role}?"; while the
 * change is pending that row's select is disabled and blurred, and on
 * success the row changes in place. Results show as 6 s toasts with Close.
 * "Create User" opens the form of docs/product.md#admin-made-accounts, and each row's "Reset
 * password for {name}" asks first (docs/product.md#password-reset); either way the new one-time
 * password is shown once in a dialog and forgotten when it closes.
 * On a phone each user is a card with the same fields and actions.
 */
export default function UsersPage() {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const list = usePeopleList('users');
  const { data, error, loading, reload, setData } = list.resource;
  const toast = useAdminToast();
  const confirm = useConfirm();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const deleting = useRef(false);
  const resetting = useRef(false);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ grant: OneTimePasswordGrant; reason: OneTimePasswordReason } | null>(null);

  const changeRole = async (user: UserRow, role: Role) => {
    setPending((ids) => new Set(ids).add(user.id));
    try {
      const updated = await updateRole(user.id, role);
      setData((page) => ({ total: page?.total ?? 0, rows: (page?.rows ?? []).map((row) => (row.id === user.id ? { ...row, role: updated?.role ?? role } : row)) }));
      toast('Role updated successfully!');
    } catch (err) {
      console.error('Failed to update role', err);
      toast('Failed to update role. Please try again.', 'danger');
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(user.id);
        return next;
      });
    }
  };

  // Each dialog is presented with handlers bound to its own row, so a dialog never acts on another row.
  const confirmRoleChange = (user: UserRow, role: Role) =>
    confirm({
      header: 'Change Role',
      message: roleChangeQuestion(user.name, role),
      confirmText: 'Confirm',
      // The dialog closes at once; the row shows the pending state instead (docs/product.md#role-change).
      onConfirm: () => void changeRole(user, role),
    });

  const confirmDelete = (user: UserRow) =>
    confirm({ header: 'Confirm Delete', message: DELETE_USER_QUESTION, confirmText: 'Delete', onConfirm: () => removeUser(user) });

  const removeUser = async (user: UserRow) => {
    if (deleting.current) return;
    deleting.current = true;
    try {
      await deletePerson('users', user.id);
      toast('User deleted successfully!');
      void reload();
    } catch (err) {
      console.error('Failed to delete user', err);
      toast('Failed to delete user. Please try again.', 'danger');
    } finally {
      deleting.current = false;
    }
  };

  const created = (grant: OneTimePasswordGrant) => {
    setCreating(false);
    setShown({ grant, reason: 'created' });
    void reload();
  };

  const confirmReset = (user: UserRow) =>
    confirm({ header: 'Reset Password', message: resetPasswordQuestion(user.name), confirmText: 'Reset', onConfirm: () => reset(user) });

  const reset = async (user: UserRow) => {
    if (resetting.current) return;
    resetting.current = true;
    try {
      setShown({ grant: await resetPassword(user.id), reason: 'reset' });
    } catch (err) {
      console.error('Failed to reset the password', err);
      // Resetting one's own password is refused with a reason worth reading.
      toast(err instanceof HttpError && err.status === 409 ? err.message : 'Failed to reset password. Please try again.', 'danger');
    } finally {
      resetting.current = false;
    }
  };

  const columns: PeopleColumn<UserRow>[] = [
    { header: 'ID', cell: (user) => user.id, className: 'people-id' },
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', cell: (user) => user.email, className: 'people-email' },
    {
      header: 'Role',
      cell: (user) => {
        const busy = pending.has(user.id);
        return (
          <select
            className={`role-select${busy ? ' role-select--pending' : ''}`}
            aria-label={`Role of ${user.name}`}
            aria-busy={busy}
            disabled={busy}
            value={String(user.role)}
            onChange={(event) => confirmRoleChange(user, Number(event.target.value) as Role)}
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        );
      },
    },
    {
      header: 'Action',
      cell: (user) => (
        <div className="row-actions">
          <button type="button" className="icon-button icon-button--neutral" aria-label={`Reset password for ${user.name}`} title="Reset password" onClick={() => confirmReset(user)}>
            <IonIcon icon={keyOutline} aria-hidden="true" />
          </button>
          <button type="button" className="icon-button" aria-label={`Delete ${user.name}`} title="Delete" onClick={() => confirmDelete(user)}>
            <IonIcon icon={trashOutline} aria-hidden="true" />
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="screen-header">
        <h1 className="screen-title">Users</h1>
        <IonButton onClick={() => setCreating(true)}>
          <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
          Create User
        </IonButton>
      </div>
      <SearchField placeholder="Search for users" value={list.search} onChange={list.setSearch} />
      <IonCard className="admin-panel">
        {loading && data ? <IonProgressBar type="indeterminate" className="admin-reloading" aria-label="Loading users" /> : null}
        <IonCardContent>
          <ScreenState
            loading={loading && !data}
            error={data ? undefined : error}
            empty={(data?.rows.length ?? 0) === 0}
            loadingText="Loading users..."
            errorText="Failed to load users. Please try again."
            emptyText={list.search.trim() ? 'No users match your search.' : 'No users found.'}
            onRetry={() => void reload()}
          >
            <PeopleTable caption="Users" rows={data?.rows ?? []} columns={columns} wide={wide} />
          </ScreenState>
          {error !== undefined && data ? (
            <p role="alert" className="ion-text-center">
              Failed to load users. Please try again.
            </p>
          ) : null}
          <Paginator
            label="users"
            page={list.page}
            rowsPerPage={list.rowsPerPage}
            count={data?.total ?? 0}
            options={USER_PAGE_SIZES}
            onPageChange={list.setPage}
            onRowsPerPageChange={list.setRowsPerPage}
          />
        </IonCardContent>
      </IonCard>
      <CreateUserDialog isOpen={creating} onClose={() => setCreating(false)} onCreated={created} />
      <OneTimePasswordDialog grant={shown?.grant ?? null} reason={shown?.reason ?? 'created'} onClose={() => setShown(null)} />
    </>
  );
}
