import { IonCard, IonCardContent, IonIcon, IonProgressBar } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Paginator } from '../platform/ui/Paginator';
import { ScreenState } from '../platform/ui/ScreenState';
import { SearchField } from '../platform/ui/SearchField';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../platform/ui/useMediaQuery';
import { useI18n } from '../platform/i18n';
import { breakableEmail, PeopleTable, shortId, type PeopleColumn } from './PeopleTable';
import { deletePerson, type PersonRow } from './peopleApi';
import { useToast } from '../platform/ui/useToast';
import { useConfirm } from '../platform/ui/useConfirm';
import { usePeopleList } from './usePeopleList';
import '../platform/ui/admin.css';

/** Page sizes of the student and teacher lists (docs/product.md#constants-and-limits: 10, 25, 50, 100; default 10). */
export const PERSON_PAGE_SIZES = [10, 25, 50, 100] as const;

/** What differs between the student and the teacher list (docs/product.md#student-list, docs/product.md#teacher-list). */
export interface PersonListConfig {
  kind: 'students' | 'teachers';
  /** the screen heading, translated, e.g. "Students" */
  title: string;
  /** "student" or "teacher", as the console log of a failed delete names it */
  noun: 'student' | 'teacher';
  /** the search box's label, translated, e.g. "Search for students" */
  searchLabel: string;
  /** the snackbar after a delete, translated, e.g. "Student deleted successfully!" */
  deletedText: string;
  /** students only: the "Assign Courses" link of each row */
  assignLink?: (person: PersonRow) => string;
}

/**
 * The admin student or teacher list (docs/product.md#student-list, docs/product.md#teacher-list, docs/product.md#delete-confirmation,
 * docs/product.md#paged-tables, docs/product.md#lists-reload-after-changes, docs/product.md#error-messages,
 * docs/product.md#constants-and-limits): a debounced search sent with the list
 * query; columns ID, Name, Email, Action; "Assign Courses" (students) and a
 * delete icon opening "Confirm Delete" (Cancel, Delete — the dialog closes
 * after the delete whatever its outcome; a failure is logged only); a
 * snackbar on success and a reload; "Rows per page:" 10/25/50/100 with
 * "from–to of count", a new page size going back to page 1.
 */
export function PersonListScreen({ kind, title, noun, searchLabel, deletedText, assignLink }: PersonListConfig) {
  const { t } = useI18n();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const list = usePeopleList(kind);
  const { data, error, loading, reload } = list.resource;
  const toast = useToast();
  const confirm = useConfirm();
  const deleting = useRef(false);

  const remove = async (person: PersonRow) => {
    if (deleting.current) return;
    deleting.current = true;
    try {
      await deletePerson(kind, person.id);
      toast(deletedText);
      void reload();
    } catch (err) {
      // docs/product.md#error-messages: "A failure is logged only, and the dialog closes."
      console.error(`Failed to delete ${noun}`, err);
    } finally {
      deleting.current = false;
    }
  };

  // The dialog is presented with a handler bound to its own row, so it never acts on another row.
  const confirmDelete = (person: PersonRow) =>
    confirm({
      header: t('common.confirmDelete'),
      message: t(`admin.${kind}.deleteConfirm`),
      confirmText: t('common.delete'),
      // Settles after the delete, so the dialog closes once it is done, whatever the outcome (docs/product.md#states-and-transitions).
      onConfirm: () => remove(person),
    });

  const columns: PeopleColumn<PersonRow>[] = [
    { header: t('admin.people.id'), cell: (person) => shortId(person.id), className: 'people-id', wideOnly: true },
    { header: t('admin.people.name'), cell: (person) => person.name },
    { header: t('admin.people.email'), cell: (person) => breakableEmail(person.email), className: 'people-email' },
    {
      header: t('admin.people.action'),
      cell: (person) => (
        <span className="row-actions">
          {assignLink ? (
            <Link className="link-button" to={assignLink(person)} aria-label={t('admin.people.assignCoursesTo', { name: person.name })}>
              {t('admin.people.assignCourses')}
            </Link>
          ) : null}
          <button type="button" className="icon-button icon-button--labelled" aria-label={t('admin.people.deleteName', { name: person.name })} onClick={() => confirmDelete(person)}>
            <IonIcon icon={trashOutline} aria-hidden="true" />
            <span>{t('common.delete')}</span>
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <h1 className="screen-title">{title}</h1>
      <SearchField label={searchLabel} value={list.search} onChange={list.setSearch} />
      <IonCard className="admin-panel">
        {loading && data ? <IonProgressBar type="indeterminate" className="admin-reloading" aria-label={t(`admin.${kind}.reloading`)} /> : null}
        <IonCardContent>
          <ScreenState
            loading={loading && !data}
            error={data ? undefined : error}
            empty={(data?.rows.length ?? 0) === 0}
            loadingText={t(`admin.${kind}.loading`)}
            errorText={t(`admin.${kind}.loadFailed`)}
            emptyText={list.search.trim() ? t(`admin.${kind}.noMatch`) : t(`admin.${kind}.empty`)}
            onRetry={() => void reload()}
          >
            <PeopleTable caption={title} rows={data?.rows ?? []} columns={columns} wide={wide} />
          </ScreenState>
          {error !== undefined && data ? <p role="alert">{t(`admin.${kind}.loadFailed`)}</p> : null}
          <Paginator
            label={t(`admin.${kind}.paginatorLabel`)}
            page={list.page}
            rowsPerPage={list.rowsPerPage}
            count={data?.total ?? 0}
            options={PERSON_PAGE_SIZES}
            onPageChange={list.setPage}
            onRowsPerPageChange={list.setRowsPerPage}
          />
        </IonCardContent>
      </IonCard>
    </>
  );
}
