import { IonButton, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useI18n } from '../platform/i18n';
import { dayKey, formatDay } from '../platform/i18n/dates';
import { useToday } from '../platform/i18n/useToday';
import { MessageBubble } from './MessageBubble';
import type { ChatEntry } from './state';

/** Wait after the last scroll event before loading older messages, in ms (docs/product.md#constants-and-limits). */
export const SCROLL_DEBOUNCE_MS = 150;
/** How close to the top counts as "at the top", in px. */
const TOP_THRESHOLD_PX = 24;
/** How close to the bottom counts as "reading the newest", in px. */
const BOTTOM_THRESHOLD_PX = 120;

/** Props of {@link MessageList}. */
export interface MessageListProps {
  /** the messages to show (already filtered by the search), oldest first */
  messages: readonly ChatEntry[];
  ownUserId: string;
  hasMore: boolean;
  loadingMore: boolean;
  /** asks for the next older page */
  onLoadOlder: () => void;
  onRetry: (tempId: string) => void;
  /** what to show when `messages` is empty */
  emptyText: string;
}

/**
 * The scrolling message list (docs/product.md#discussion, docs/product.md#states-and-transitions "Loading older
 * chat messages"): "Load More" while more exist, and the same when
 * scrolled to the top (debounced 150 ms). When older messages are
 * prepended the visible ones stay where they were; new messages scroll into
 * view when the reader is at the bottom or wrote them. The messages are grouped by the day they
 * were sent, each day under a heading "Today", "Yesterday" or its date in the active language
 * (docs/product.md#discussion), so that a time such as "02:36 AM" is never read against the wrong day;
 * the headings follow the clock past midnight on an open screen.
 */
export function MessageList({ messages, ownUserId, hasMore, loadingMore, onLoadOlder, onRetry, emptyText }: MessageListProps) {
  const { t } = useI18n();
  const today = useToday();
  const scroller = useRef<HTMLDivElement>(null);
  const snapshot = useRef<{ firstId: string | null; lastId: string | null; height: number; top: number; atBottom: boolean } | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ hasMore, loadingMore, onLoadOlder });

  useEffect(() => {
    latest.current = { hasMore, loadingMore, onLoadOlder };
  });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    const firstId = messages[0]?.id ?? null;
    const lastId = messages[messages.length - 1]?.id ?? null;
    if (!before || before.lastId === null) {
      el.scrollTop = el.scrollHeight;
    } else if (before.firstId !== firstId && before.lastId === lastId) {
      // Older messages were prepended: keep the reader's place.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (before.atBottom || (before.lastId !== lastId && messages[messages.length - 1]?.user_id === ownUserId)) {
      // A reader at the bottom stays there (new messages, a status growing a Retry button); so does one who just wrote.
      el.scrollTop = el.scrollHeight;
    }
    snapshot.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el) };
  }, [messages, ownUserId]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // An image that finishes loading pushes the newest messages down: follow them if the reader was there.
    const onImageLoad = () => {
      if (snapshot.current?.atBottom) {
        el.scrollTop = el.scrollHeight;
        snapshot.current = { ...snapshot.current, top: el.scrollTop, height: el.scrollHeight };
      }
    };
    el.addEventListener('load', onImageLoad, true);
    return () => {
      el.removeEventListener('load', onImageLoad, true);
      if (debounce.current) clearTimeout(debounce.current);
    };
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    if (snapshot.current) snapshot.current = { ...snapshot.current, top: el.scrollTop, height: el.scrollHeight, atBottom: isAtBottom(el) };
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      const { hasMore: more, loadingMore: busy, onLoadOlder: load } = latest.current;
      if (el.scrollTop <= TOP_THRESHOLD_PX && more && !busy) load();
    }, SCROLL_DEBOUNCE_MS);
  }, []);

  return (
    <div className="chat-list" ref={scroller} onScroll={onScroll} tabIndex={0} role="log" aria-label={t('chat.messages')}>
      {hasMore && (
        <div className="chat-list__more">
          {loadingMore ? (
            <IonSpinner name="dots" aria-label={t('chat.loadingOlder')} />
          ) : (
            <IonButton size="small" fill="outline" onClick={onLoadOlder}>
              {t('chat.loadMore')}
            </IonButton>
          )}
        </div>
      )}
      {messages.length === 0 ? (
        <p className="chat-list__empty" role="status">
          {emptyText}
        </p>
      ) : (
        byDay(messages).map(({ day, entries }) => (
          <section key={day} className="chat-day" aria-labelledby={`chat-day-${day}`}>
            <h2 className="chat-day__label" id={`chat-day-${day}`}>
              <time dateTime={day}>{formatDay(day, today)}</time>
            </h2>
            <ul className="chat-list__items">
              {entries.map((entry) => (
                <MessageBubble key={entry.tempId ? `${entry.user_id ?? ''}:${entry.tempId}` : entry.id} entry={entry} own={entry.user_id === ownUserId} onRetry={onRetry} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/**
 * The messages (oldest first) in runs of one calendar day each, in the device's time zone: the
 * day `YYYY-MM-DD` and its messages. A message whose time cannot be read stays in the run before it.
 */
export function byDay(messages: readonly ChatEntry[]): { day: string; entries: ChatEntry[] }[] {
  const days: { day: string; entries: ChatEntry[] }[] = [];
  for (const entry of messages) {
    const day = dayKey(entry.timestamp) || days.at(-1)?.day || '';
    const last = days.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_THRESHOLD_PX;
}
