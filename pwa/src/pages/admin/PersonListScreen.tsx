import { IonCard, IonCardContent, IonIcon, IonProgressBar } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Paginator } from '../../components/Paginator';
import { ScreenState } from '../../components/ScreenState';
import { SearchField } from '../../components/SearchField';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../components/useMediaQuery';
import { PeopleTable, type PeopleColumn } from './PeopleTable';
import { deletePerson, type PersonRow } from './peopleApi';
import { useAdminToast } from './useAdminToast';
import { useConfirm } from './useConfirm';
import { usePeopleList } from './usePeopleList';
import './admin.css';

/** Page sizes of the student and teacher lists (docs/product.md#constants-and-limits: 10, 25, 50, 100; default 10). */
export const PERSON_PAGE_SIZES = [10, 25, 50, 100] as const;

/** What differs between the student and the teacher list (docs/product.md#student-list, docs/product.md#teacher-list). */
export interface PersonListConfig {
  kind: 'students' | 'teachers';
  /** the screen heading, e.g. "Students" */
  title: string;
  /** "student" or "teacher", as the texts use it */
  noun: 'student' | 'teacher';
  /** the search placeholder, e.g. "Search for students" */
  searchPlaceholder: string;
  /** the snackbar after a delete, e.g. "Student deleted successfully!" */
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
export function PersonListScreen({ kind, title, noun, searchPlaceholder, deletedText, assignLink }: PersonListConfig) {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const list = usePeopleList(kind);
  const { data, error, loading, reload } = list.resource;
  const toast = useAdminToast();
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
      header: 'Confirm Delete',
      message: `Are you sure you want to delete this ${noun}? This action cannot be undone.`,
      confirmText: 'Delete',
      // Settles after the delete, so the dialog closes once it is done, whatever the outcome (docs/product.md#states-and-transitions).
      onConfirm: () => remove(person),
    });

  const columns: PeopleColumn<PersonRow>[] = [
    { header: 'ID', cell: (person) => person.id, className: 'people-id' },
    { header: 'Name', cell: (person) => person.name },
    { header: 'Email', cell: (person) => person.email, className: 'people-email' },
    {
      header: 'Action',
      cell: (person) => (
        <span className="row-actions">
          {assignLink ? (
            <Link className="link-button" to={assignLink(person)} aria-label={`Assign Courses to ${person.name}`}>
              Assign Courses
            </Link>
          ) : null}
          <button type="button" className="icon-button" aria-label={`Delete ${person.name}`} onClick={() => confirmDelete(person)}>
            <IonIcon icon={trashOutline} aria-hidden="true" />
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <h1 className="screen-title">{title}</h1>
      <SearchField placeholder={searchPlaceholder} value={list.search} onChange={list.setSearch} />
      <IonCard className="admin-panel">
        {loading && data ? <IonProgressBar type="indeterminate" className="admin-reloading" aria-label={`Loading ${kind}`} /> : null}
        <IonCardContent>
          <ScreenState
            loading={loading && !data}
            error={data ? undefined : error}
            empty={(data?.rows.length ?? 0) === 0}
            loadingText={`Loading ${kind}...`}
            errorText={`Failed to load ${kind}. Please try again.`}
            emptyText={list.search.trim() ? `No ${kind} match your search.` : `No ${kind} found.`}
            onRetry={() => void reload()}
          >
            <PeopleTable caption={title} rows={data?.rows ?? []} columns={columns} wide={wide} />
          </ScreenState>
          {error !== undefined && data ? <p role="alert">{`Failed to load ${kind}. Please try again.`}</p> : null}
          <Paginator
            label={kind}
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
