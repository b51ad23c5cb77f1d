import { IonButton, IonCard, IonCardContent, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../platform/api/errorMessage';
import { useI18n } from '../platform/i18n';
import { ACCESS_ROLE, ACCESS_WHAT } from './AccessLogList';
import { fetchPeople } from '../people';
import { ROLE } from '../auth';
import { downloadAccessLog, fetchAccessLog, type AccessLogFilter, type AccessLogPage as Page } from './privacyApi';
import { saveBlob } from '../platform/ui/saveBlob';
import { SelectField } from '../platform/ui/FormField';
import { useToast } from '../platform/ui/useToast';
import '../platform/ui/admin.css';
import './AccessLogPage.css';
import { formatDate } from '../platform/i18n/dates';

/** Entries per page of the screen. */
export const ACCESS_LOG_PAGE_SIZE = 20;
/** People offered per filter list (the API's largest page). */
const CHOICES = 100;

/** A person a filter can choose. */
interface Choice {
  id: string;
  name: string;
}

/** The students, and the staff (teachers and admins), the filters offer: a page of 100 of each, by name. */
function useFilterChoices() {
  const [students, setStudents] = useState<Choice[]>([]);
  const [staff, setStaff] = useState<Choice[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const request = { page: 1, rowsPerPage: CHOICES, search: '' };
    const { signal } = controller;
    Promise.all([fetchPeople('students', request, signal), fetchPeople('teachers', request, signal), fetchPeople('users', request, signal)]).then(
      ([s, teachers, users]) => {
        setStudents(s.rows.map(({ id, name }) => ({ id, name })));
        const admins = users.rows.filter((u) => u.role === ROLE.admin).map(({ id, name }) => ({ id, name }));
        setStaff([...teachers.rows.map(({ id, name }) => ({ id, name })), ...admins].sort((a, b) => a.name.localeCompare(b.name)));
      },
      (err: unknown) => {
        // the filters are a help: without them the whole log still shows.
        if (!signal.aborted) console.error('Could not load the people to filter by', err);
      },
    );
    return () => controller.abort();
  }, []);
  return { students, staff };
}

/**
 * The access log's state (docs/product.md#access-log): the filters, the page (20 entries), the
 * loaded page or its error; `choose` changes a filter and goes back to page 1, `exportCsv` saves
 * every entry of the filters.
 */
function useAccessLog() {
  const { t } = useI18n();
  const toast = useToast();
  const [filter, setFilter] = useState<AccessLogFilter>({ subjectId: '', actorId: '' });
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    setLog(null);
    fetchAccessLog(filter, page, ACCESS_LOG_PAGE_SIZE, controller.signal).then(setLog, (err: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Could not load the access log', err);
      setError(errorMessage(err, t('admin.accessLog.loadFailed')));
    });
    return () => controller.abort();
  }, [filter, page, attempt, t]);

  const choose = (change: Partial<AccessLogFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await downloadAccessLog(filter);
      saveBlob(blob, fileName);
      toast(t('admin.accessLog.exported'));
    } catch (err) {
      console.error('Could not export the access log', err);
      toast(t('admin.accessLog.exportFailed'), 'danger');
    } finally {
      setExporting(false);
    }
  };

  const pages = log ? Math.max(1, Math.ceil(log.total / ACCESS_LOG_PAGE_SIZE)) : 1;

  return { filter, page, setPage, pages, log, error, retry: () => setAttempt((n) => n + 1), exporting, choose, exportCsv };
}

/** One entry: when, who (name and role), whose data, what, and from which address. */
function AccessLogEntry({ entry }: { entry: Page['entries'][number] }) {
  const { t } = useI18n();
  return (
    <li className="access-log__entry">
      <dl>
        <div>
          <dt>{t('admin.accessLog.when')}</dt>
          <dd>
            <time dateTime={entry.at}>{formatDate(entry.at, 'dateTime')}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.accessLog.who')}</dt>
          <dd>{t('accessLog.actor', { name: entry.actor.name, role: t(ACCESS_ROLE[entry.actor.role]) })}</dd>
        </div>
        <div>
          <dt>{t('admin.accessLog.whose')}</dt>
          <dd>{entry.subject.name}</dd>
        </div>
        <div>
          <dt>{t('admin.accessLog.what')}</dt>
          <dd>{t(ACCESS_WHAT[entry.what])}</dd>
        </div>
        <div>
          <dt>{t('admin.accessLog.ip')}</dt>
          <dd className="access-log__ip">{entry.ip}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The access log at /admin/access-log (docs/product.md#access-log): who opened which student's
 * recording, Oracy profile or data export, newest first, 20 a page; filtered by student and by staff
 * member; "Export CSV" saves every entry of the filters.
 */
export default function AccessLogPage() {
  const { t } = useI18n();
  const { students, staff } = useFilterChoices();
  const { filter, page, setPage, pages, log, error, retry, exporting, choose, exportCsv } = useAccessLog();

  return (
    <>
      <h1 className="screen-title">{t('admin.accessLog.title')}</h1>
      <p className="admin-intro">{t('admin.accessLog.intro')}</p>
      <IonCard>
        <IonCardContent>
          <div className="access-log__filters">
            <SelectField
              label={t('admin.accessLog.student')}
              value={filter.subjectId}
              options={[{ value: '', label: t('admin.accessLog.anyStudent') }, ...students.map((s) => ({ value: s.id, label: s.name }))]}
              onChange={(subjectId) => choose({ subjectId })}
            />
            <SelectField
              label={t('admin.accessLog.staff')}
              value={filter.actorId}
              options={[{ value: '', label: t('admin.accessLog.anyStaff') }, ...staff.map((s) => ({ value: s.id, label: s.name }))]}
              onChange={(actorId) => choose({ actorId })}
            />
          </div>
          <div className="access-log__actions">
            <IonButton fill="outline" disabled={exporting} onClick={() => void exportCsv()}>
              {t('admin.accessLog.exportCsv')}
            </IonButton>
            {log ? <span className="access-log__total">{t('admin.accessLog.total', { count: log.total })}</span> : null}
          </div>
        </IonCardContent>
      </IonCard>

      {error ? (
        <div className="settings-status" role="alert">
          <p>{error}</p>
          <IonButton fill="outline" onClick={retry}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : !log ? (
        <IonSpinner name="crescent" role="status" aria-label={t('admin.accessLog.loading')} />
      ) : log.entries.length === 0 ? (
        <p className="access-log__empty">{t('admin.accessLog.empty')}</p>
      ) : (
        <ul className="access-log__entries" aria-label={t('admin.accessLog.title')}>
          {log.entries.map((entry) => (
            <AccessLogEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}

      {log && log.total > ACCESS_LOG_PAGE_SIZE ? (
        <nav className="access-log__paging" aria-label={t('admin.accessLog.page', { page, pages })}>
          <IonButton fill="clear" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('admin.accessLog.previous')}
          </IonButton>
          <span>{t('admin.accessLog.page', { page, pages })}</span>
          <IonButton fill="clear" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('admin.accessLog.next')}
          </IonButton>
        </nav>
      ) : null}
    </>
  );
}
