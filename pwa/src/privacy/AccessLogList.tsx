import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { largestTimeUnit } from '../platform/ui/relativeTime';
import { callOptions, client, json, type Answer } from '../platform/api/client';
import { useI18n, type MessageId } from '../platform/i18n';
import { formatDate } from '../platform/i18n/dates';

/** One entry of the signed-in person's own access log: `{at, actor: {name, role}, what}`. */
export type OwnAccessLogEntry = Answer<(typeof client.api.privacy)['access-log']['$get']>[number];

/** `GET /api/privacy/access-log`: who else opened the signed-in person's data in the last 90 days, newest first. @throws the errors of `data/api.ts` */
export function fetchOwnAccessLog(signal?: AbortSignal): Promise<OwnAccessLogEntry[]> {
  return json(client.api.privacy['access-log'].$get(undefined, callOptions({ signal })));
}

/** The catalogue keys of what was opened (docs/product.md#access-log). */
export const ACCESS_WHAT: Record<OwnAccessLogEntry['what'], MessageId> = {
  recording_audio: 'accessLog.what.recording_audio',
  oracy_profile: 'accessLog.what.oracy_profile',
  privacy_export: 'accessLog.what.privacy_export',
  recording_transcript: 'accessLog.what.recording_transcript',
  peer_listen: 'accessLog.what.peer_listen',
};

/** The catalogue keys of the actor's role. */
export const ACCESS_ROLE: Record<OwnAccessLogEntry['actor']['role'], MessageId> = {
  admin: 'accessLog.role.admin',
  teacher: 'accessLog.role.teacher',
  student: 'accessLog.role.student',
};

/**
 * "Who looked at your data" (docs/product.md#access-log): the teachers and admins who opened the
 * signed-in student's recordings, Oracy profile or data export in the last 90 days — who (name
 * and role), what, and when ("3 days ago", with the date and time on hover) — newest first; a
 * spinner while loading, a message and "Retry" when it fails, a sentence when nobody did. Hosted
 * by a card of the profile screen; `headingLevel` sets its heading's level.
 */
export function AccessLogList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, intl } = useI18n();
  const [entries, setEntries] = useState<OwnAccessLogEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchOwnAccessLog(controller.signal).then(setEntries, (err: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Could not load the access log', err);
      setFailed(true);
    });
    return () => controller.abort();
  }, [attempt]);

  const ago = (iso: string) => {
    const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
    const [unit, length] = largestTimeUnit(Math.max(seconds, 1));
    return intl.formatRelativeTime(-Math.floor(seconds / length), unit, { numeric: 'auto' });
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="access-log-list" aria-labelledby="access-log-own-title">
      <Heading id="access-log-own-title" className="panel__title">
        {t('accessLog.own.title')}
      </Heading>
      <p>{t('accessLog.own.intro')}</p>
      {failed ? (
        <div role="alert">
          <p>{t('accessLog.own.loadFailed')}</p>
          <IonButton fill="outline" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : entries === null ? (
        <IonSpinner name="crescent" role="status" aria-label={t('accessLog.own.loading')} />
      ) : entries.length === 0 ? (
        <p>{t('accessLog.own.empty')}</p>
      ) : (
        <ul className="access-log-list__entries">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              {t('accessLog.own.entry', { who: t('accessLog.actor', { name: entry.actor.name, role: t(ACCESS_ROLE[entry.actor.role]) }), what: t(ACCESS_WHAT[entry.what]) })}{' '}
              <time dateTime={entry.at} title={formatDate(entry.at, 'dateTime')}>
                {ago(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
