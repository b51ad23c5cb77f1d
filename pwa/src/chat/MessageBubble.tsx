import { IonIcon } from '@ionic/react';
import { downloadOutline, documentOutline } from 'ionicons/icons';
import { memo, type CSSProperties } from 'react';
import { useI18n } from '../platform/i18n';
import { formatSize, formatTime, isImageType, senderColor } from './format';
import type { ChatEntry } from './state';

/** Props of {@link MessageBubble}. */
export interface MessageBubbleProps {
  entry: ChatEntry;
  /** true for the signed-in admin's own message: right-aligned, blue, with its status mark */
  own: boolean;
  /** sends a failed own message again (its mark is a button then) */
  onRetry: (tempId: string) => void;
}

/** The own message's status mark (docs/product.md#discussion): ⏳ sending, ✓✓ sent, ✗ failed (a retry button, beyond the spec). */
function StatusMark({ entry, onRetry }: Pick<MessageBubbleProps, 'entry' | 'onRetry'>) {
  const { t } = useI18n();
  if (entry.status === 'failed' && entry.tempId) {
    const tempId = entry.tempId;
    return (
      <button type="button" className="chat-status chat-status--failed" onClick={() => onRetry(tempId)} aria-label={t('chat.status.failed')}>
        <span aria-hidden="true">✗</span> {t('common.retry')}
      </button>
    );
  }
  if (entry.status === 'sending') {
    return (
      <span className="chat-status" role="img" aria-label={t('chat.status.sending')}>
        ⏳
      </span>
    );
  }
  return (
    <span className="chat-status" role="img" aria-label={t('chat.status.sent')}>
      ✓✓
    </span>
  );
}

/** An attachment (docs/product.md#discussion): the inline image for images, the name, the size in KB and a download button. */
function Attachment({ entry }: { entry: ChatEntry }) {
  const { t } = useI18n();
  const file = entry.file;
  if (!file) return null;
  const type = entry.file_type ?? file.type;
  // Until the server stored it, our own image shows from the data we are sending.
  const imageSrc = entry.file_url ?? (entry.outgoing?.file?.data || null);
  return (
    <div className="chat-attachment">
      {isImageType(type) && imageSrc ? (
        <img className="chat-attachment__image" src={imageSrc} alt={file.name} loading="lazy" />
      ) : (
        <IonIcon className="chat-attachment__icon" icon={documentOutline} aria-hidden="true" />
      )}
      <div className="chat-attachment__info">
        <span className="chat-attachment__name">{file.name}</span>
        {entry.file_size !== null && <span className="chat-attachment__size">{formatSize(entry.file_size)}</span>}
      </div>
      {entry.file_url && (
        <a className="chat-attachment__download" href={entry.file_url} download={file.name} aria-label={t('chat.downloadNamed', { name: file.name })}>
          <IonIcon icon={downloadOutline} aria-hidden="true" />
          <span>{t('chat.download')}</span>
        </a>
      )}
    </div>
  );
}

/**
 * One message (docs/product.md#discussion): own messages right-aligned and
 * blue with their status mark; others left-aligned with the sender's name in
 * its palette colour; the time as hh:mm AM/PM.
 */
export const MessageBubble = memo(function MessageBubble({ entry, own, onRetry }: MessageBubbleProps) {
  const { t } = useI18n();
  return (
    <li className={own ? 'chat-message chat-message--own' : 'chat-message'}>
      <article className="chat-bubble" aria-label={own ? t('chat.ownMessage') : t('chat.messageFrom', { sender: entry.sender })}>
        {!own && (
          <span className="chat-bubble__sender" style={{ '--chat-sender-light': senderColor(entry.sender), '--chat-sender-dark': senderColor(entry.sender, 'dark') } as CSSProperties}>
            {entry.sender}
          </span>
        )}
        {entry.content && <p className="chat-bubble__text">{entry.content}</p>}
        <Attachment entry={entry} />
        <span className="chat-bubble__meta">
          <time dateTime={entry.timestamp}>{formatTime(entry.timestamp)}</time>
          {own && <StatusMark entry={entry} onRetry={onRetry} />}
        </span>
      </article>
    </li>
  );
});
