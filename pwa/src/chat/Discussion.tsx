import { IonButton, useIonToast } from '@ionic/react';
import { useCallback, useMemo, useState } from 'react';
import { PageLoading } from '../platform/ui/PageLoading';
import { SearchField } from '../platform/ui/SearchField';
import { useI18n, type MessageId } from '../platform/i18n';
import { Composer } from './Composer';
import { filterMessages } from './format';
import { MessageList } from './MessageList';
import { useChat, type SocketFactory } from './useChat';
import './chat.css';

/** How long a toast stays, in ms (docs/product.md#constants-and-limits). */
const TOAST_DURATION_MS = 6000;

/** The catalogue key of the empty list's text (the spec names none). */
export const NO_MESSAGES_TEXT: MessageId = 'chat.noMessages';
/** The catalogue key of the text when the search matches nothing. */
export const NO_MATCHES_TEXT: MessageId = 'chat.noMatches';

/** Props of {@link Discussion}. */
export interface DiscussionProps {
  /** the signed-in admin */
  user: { id: string; role: number };
  /** opens the socket; tests pass a fake */
  connect?: SocketFactory;
}

/**
 * The discussion chat (docs/product.md#discussion): the connection banner, "Search
 * messages...", the message list and the composer, in the chat area
 * (at most 90vh). States: "Loading messages..." until the first page;
 * an error with Retry when it cannot load; the empty text; the list.
 */
export function Discussion({ user, connect }: DiscussionProps) {
  const { t } = useI18n();
  const [presentToast] = useIonToast();
  const toast = useCallback(
    (message: string) => {
      void presentToast({ message, duration: TOAST_DURATION_MS, color: 'danger', position: 'top', buttons: [{ text: t('common.close'), role: 'cancel' }] });
    },
    [presentToast, t],
  );
  const chat = useChat(user, toast, connect);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterMessages(chat.messages, query), [chat.messages, query]);
  const searching = query.trim() !== '';

  let body;
  if (chat.loading) {
    body = <PageLoading label={t('chat.loadingMessages')} />;
  } else if (!chat.loaded && chat.loadError) {
    body = (
      <div className="screen-state screen-state--error chat-state" role="alert">
        <p>{chat.loadError}</p>
        <IonButton fill="outline" onClick={chat.reload}>
          {t('common.retry')}
        </IonButton>
      </div>
    );
  } else {
    body = (
      <MessageList
        messages={shown}
        ownUserId={user.id}
        hasMore={chat.hasMore}
        loadingMore={chat.loadingMore}
        onLoadOlder={chat.loadOlder}
        onRetry={chat.retry}
        emptyText={searching ? t(NO_MATCHES_TEXT) : chat.loaded ? t(NO_MESSAGES_TEXT) : ''}
      />
    );
  }

  return (
    <section className="chat" aria-labelledby="chat-title">
      <div className="chat__head">
        <h1 className="screen-title chat__title" id="chat-title">
          {t('chat.title')}
        </h1>
        <SearchField className="chat__search" label={t('chat.search')} value={query} onChange={setQuery} />
      </div>
      {chat.connectionError && (
        <div className="chat__banner" role="alert">
          <span>{chat.connectionError}</span>
          {chat.gaveUp && (
            <IonButton size="small" fill="outline" color="danger" onClick={chat.reconnect}>
              {t('chat.reconnect')}
            </IonButton>
          )}
        </div>
      )}
      {chat.loaded && chat.loadError && (
        <p className="chat__load-error" role="alert">
          {chat.loadError}
        </p>
      )}
      <div className="chat__panel">
        {body}
        <Composer onSend={chat.send} loading={chat.loading} />
      </div>
    </section>
  );
}
