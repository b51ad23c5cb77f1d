import { IonButton, IonCard, IonCardContent, IonIcon, IonProgressBar } from '@ionic/react';
import { keyOutline, personAddOutline, trashOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
import { HttpError } from '../platform/api/api';
import { SelectField } from '../platform/ui/FormField';
import { returnFocusTo } from '../platform/ui/ionicFocus';
import { Paginator } from '../platform/ui/Paginator';
import { ScreenState } from '../platform/ui/ScreenState';
import { SearchField } from '../platform/ui/SearchField';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../platform/ui/useMediaQuery';
import { t as translate, useI18n } from '../platform/i18n';
import { breakableEmail, PeopleTable, shortId, type PeopleColumn } from './PeopleTable';
import { deletePerson, resetPassword, updateRole, type OneTimePasswordGrant, type UserRow } from './peopleApi';
import { CreateUserDialog } from './CreateUserDialog';
import { OneTimePasswordDialog, type OneTimePasswordReason } from './OneTimePasswordDialog';
import { ROLE_OPTIONS, roleName, type Role } from '../auth';
import { useToast } from '../platform/ui/useToast';
import { useConfirm } from '../platform/ui/useConfirm';
import { usePeopleList } from './usePeopleList';
import '../platform/ui/admin.css';

/** Page sizes of the users table (docs/product.md#constants-and-limits: 10, 25, 50; default 10). */
export const USER_PAGE_SIZES = [10, 25, 50] as const;

/** The confirm text of a role change (docs/product.md#users-table), in the active language. */
export const roleChangeQuestion = (name: string, role: Role) => translate('admin.users.roleChangeQuestion', { name, role: roleName(role) });
/** The confirm text of a password reset (docs/product.md#password-reset), in the active language. */
export const resetPasswordQuestion = (name: string) => translate('admin.users.resetPasswordQuestion', { name });

/**
 * The users page's state and actions (docs/product.md#users-table, docs/product.md#role-change,
 * docs/product.md#password-reset): the list, the rows whose role change is pending, each row's role
 * select (to give the focus back), the Create User and one-time password dialogs, and the confirmed
 * actions, each bound to its own row.
 */
function useUsersPageState() {
  const { t } = useI18n();
  const list = usePeopleList('users');
  const { reload, setData } = list.resource;
  const toast = useToast();
  const confirm = useConfirm();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const deleting = useRef(false);
  const resetting = useRef(false);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ grant: OneTimePasswordGrant; reason: OneTimePasswordReason } | null>(null);
  // Each row's role select, which gets the focus back once its change is done.
  const selects = useRef(new Map<string, HTMLIonSelectElement>());

  const changeRole = async (user: UserRow, role: Role) => {
    setPending((ids) => new Set(ids).add(user.id));
    try {
      const updated = await updateRole(user.id, role);
      setData((page) => ({ total: page?.total ?? 0, rows: (page?.rows ?? []).map((row) => (row.id === user.id ? { ...row, role: updated?.role ?? role } : row)) }));
      toast(t('admin.users.roleUpdated'));
    } catch (err) {
      console.error('Failed to update role', err);
      toast(t('admin.users.roleUpdateFailed'), 'danger');
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(user.id);
        return next;
      });
      // A select is disabled while its change is pending, which drops the focus the confirmation
      // gave back to it: once drawn enabled again, it takes the focus back unless something else has it.
      const select = selects.current.get(user.id);
      // i18n-exempt: a selector, not a text
      if (select) returnFocusTo(select, 'ion-alert, ion-popover');
    }
  };

  // Each dialog is presented with handlers bound to its own row, so a dialog never acts on another row.
  const confirmRoleChange = (user: UserRow, role: Role) =>
    confirm({
      header: t('admin.users.changeRole'),
      message: roleChangeQuestion(user.name, role),
      confirmText: t('common.confirm'),
      // The dialog closes at once; the row shows the pending state instead (docs/product.md#role-change).
      onConfirm: () => void changeRole(user, role),
    });

  const confirmDelete = (user: UserRow) =>
    confirm({ header: t('common.confirmDelete'), message: t('admin.users.deleteQuestion'), confirmText: t('common.delete'), onConfirm: () => removeUser(user) });

  const removeUser = async (user: UserRow) => {
    if (deleting.current) return;
    deleting.current = true;
    try {
      await deletePerson('users', user.id);
      toast(t('admin.users.deleted'));
      void reload();
    } catch (err) {
      console.error('Failed to delete user', err);
      toast(t('admin.users.deleteFailed'), 'danger');
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
    confirm({ header: t('admin.users.resetPassword'), message: resetPasswordQuestion(user.name), confirmText: t('admin.users.reset'), onConfirm: () => reset(user) });

  const reset = async (user: UserRow) => {
    if (resetting.current) return;
    resetting.current = true;
    try {
      setShown({ grant: await resetPassword(user.id), reason: 'reset' });
    } catch (err) {
      console.error('Failed to reset the password', err);
      // Resetting one's own password is refused with a reason worth reading.
      toast(err instanceof HttpError && err.status === 409 ? err.message : t('admin.users.resetFailed'), 'danger');
    } finally {
      resetting.current = false;
    }
  };

  return { list, pending, selects, creating, setCreating, shown, setShown, created, confirmRoleChange, confirmDelete, confirmReset };
}

type UsersPageState = ReturnType<typeof useUsersPageState>;

/** The users table's columns: ID (tablet only), Name, Email, Role (a select) and Action (reset, delete). */
function userColumns(t: ReturnType<typeof useI18n>['t'], state: UsersPageState): PeopleColumn<UserRow>[] {
  const { pending, selects, confirmRoleChange, confirmReset, confirmDelete } = state;
  return [
    { header: t('admin.people.id'), cell: (user) => shortId(user.id), className: 'people-id', wideOnly: true },
    { header: t('admin.people.name'), cell: (user) => user.name },
    { header: t('admin.people.email'), cell: (user) => breakableEmail(user.email), className: 'people-email' },
    {
      header: t('admin.users.role'),
      cell: (user) => {
        const busy = pending.has(user.id);
        return (
          <SelectField<Role>
            ref={(element: HTMLIonSelectElement | null) => {
              if (element) selects.current.set(user.id, element);
              else selects.current.delete(user.id);
            }}
            className={`role-select${busy ? ' role-select--pending' : ''}`}
            label={t('admin.users.roleOf', { name: user.name })}
            hideLabel
            disabled={busy}
            value={user.role}
            options={ROLE_OPTIONS}
            onChange={(role) => confirmRoleChange(user, role)}
          />
        );
      },
    },
    {
      header: t('admin.people.action'),
      cell: (user) => (
        <div className="row-actions">
          <button
            type="button"
            className="icon-button icon-button--labelled icon-button--neutral"
            aria-label={t('admin.users.resetPasswordFor', { name: user.name })}
            onClick={() => confirmReset(user)}
          >
            <IonIcon icon={keyOutline} aria-hidden="true" />
            <span>{t('admin.users.resetPasswordTip')}</span>
          </button>
          <button type="button" className="icon-button icon-button--labelled" aria-label={t('admin.people.deleteName', { name: user.name })} onClick={() => confirmDelete(user)}>
            <IonIcon icon={trashOutline} aria-hidden="true" />
            <span>{t('common.delete')}</span>
          </button>
        </div>
      ),
    },
  ];
}

/**
 * The users table at /admin/users (docs/product.md#users-table, docs/product.md#role-change,
 * docs/product.md#password-reset, docs/product.md#admin-made-accounts): a debounced search, 10 / 25 / 50
 * rows per page, a role select and Reset password / Delete per row (each asks first), results as
 * toasts; a new one-time password is shown once. On a phone each user is a card.
 */
export default function UsersPage() {
  const { t } = useI18n();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const state = useUsersPageState();
  const { list, creating, setCreating, shown, setShown, created } = state;
  const { data, error, loading, reload } = list.resource;
  const columns = userColumns(t, state);

  return (
    <>
      <div className="screen-header">
        <h1 className="screen-title">{t('admin.users.title')}</h1>
        <IonButton onClick={() => setCreating(true)}>
          <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
          {t('admin.users.create')}
        </IonButton>
      </div>
      <SearchField label={t('admin.users.search')} value={list.search} onChange={list.setSearch} />
      <IonCard className="admin-panel">
        {loading && data ? <IonProgressBar type="indeterminate" className="admin-reloading" aria-label={t('admin.users.reloading')} /> : null}
        <IonCardContent>
          <ScreenState
            loading={loading && !data}
            error={data ? undefined : error}
            empty={(data?.rows.length ?? 0) === 0}
            loadingText={t('admin.users.loading')}
            errorText={t('admin.users.loadFailed')}
            emptyText={list.search.trim() ? t('admin.users.noMatch') : t('admin.users.empty')}
            onRetry={() => void reload()}
          >
            <PeopleTable caption={t('admin.users.title')} rows={data?.rows ?? []} columns={columns} wide={wide} />
          </ScreenState>
          {error !== undefined && data ? (
            <p role="alert" className="ion-text-center">
              {t('admin.users.loadFailed')}
            </p>
          ) : null}
          <Paginator
            label={t('admin.users.paginatorLabel')}
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
