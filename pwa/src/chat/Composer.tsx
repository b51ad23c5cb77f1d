import { IonButton, IonIcon } from '@ionic/react';
import { attachOutline, closeOutline, documentOutline, happyOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { TextAreaField } from '../platform/ui/FormField';
import { focusIonicControl } from '../platform/ui/ionicFocus';
import { useI18n } from '../platform/i18n';
import { ATTACHMENT_ACCEPT, canSend, checkAttachment, formatSize, isImageType } from './format';

const EmojiPicker = lazy(() => import('./EmojiPicker'));

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** sends the text (untrimmed) and the chosen file */
  onSend: (content: string, file: File | null) => void;
  /** true while the discussion loads: Send is disabled (docs/product.md#chat-validation) */
  loading: boolean;
}

/**
 * True when a key press in the message box should send (docs/product.md#discussion: Enter
 * sends, Shift+Enter does not); never while an input method is composing.
 */
export function isSendKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}

/**
 * The composer's state (docs/product.md#discussion): the text, the chosen file (and its image
 * preview's object URL, revoked when replaced), the file's error, the emoji picker; `submit` sends
 * and clears, `insertEmoji` puts an emoji at the caret.
 */
function useComposer(onSend: ComposerProps['onSend'], loading: boolean) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const textareaRef = useRef<HTMLIonTextareaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [emojiToggle, setEmojiToggle] = useState<HTMLIonButtonElement | null>(null);
  const pickerId = useId();

  const previewUrl = useMemo(() => (file && isImageType(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const sendable = canSend(text, file !== null, loading);

  const submit = () => {
    if (!sendable) return;
    onSend(text, file);
    setText('');
    setFile(null);
    setFileError(null);
    setPickerOpen(false);
    void textareaRef.current?.setFocus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLIonTextareaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    submit();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Let the same file be chosen again after a removal.
    event.target.value = '';
    if (!chosen) return;
    const problem = checkAttachment(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  // the emoji goes where the caret is in Ionic's native textarea, and the caret after it.
  const insertEmoji = async (emoji: string) => {
    const box = await textareaRef.current?.getInputElement();
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    setText((current) => current.slice(0, start) + emoji + current.slice(end));
    requestAnimationFrame(() => {
      if (!box) return;
      box.focus();
      box.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const closePicker = () => {
    setPickerOpen(false);
    // The focus goes back to the toggle.
    focusIonicControl(emojiToggle);
  };

  return {
    text,
    setText,
    file,
    setFile,
    fileError,
    pickerOpen,
    setPickerOpen,
    textareaRef,
    fileInputRef,
    emojiToggle,
    setEmojiToggle,
    pickerId,
    previewUrl,
    sendable,
    submit,
    onKeyDown,
    onFileChosen,
    insertEmoji,
    closePicker,
  };
}

/** The chosen file: the image's preview or a document icon, its name and size, and a remove control. */
function ChosenAttachment({ file, previewUrl, onRemove }: { file: File; previewUrl: string | null; onRemove: () => void }) {
  const { t } = useI18n();
  return (
    <div className="chat-composer__attachment">
      {previewUrl ? (
        <img className="chat-composer__preview" src={previewUrl} alt={t('chat.composer.preview', { name: file.name })} />
      ) : (
        <IonIcon className="chat-composer__file-icon" icon={documentOutline} aria-hidden="true" />
      )}
      <span className="chat-composer__file-name">
        {file.name} <span className="chat-composer__file-size">({formatSize(file.size)})</span>
      </span>
      <button type="button" className="chat-composer__remove" aria-label={t('chat.composer.remove', { name: file.name })} onClick={onRemove}>
        <IonIcon icon={closeOutline} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The composer (docs/product.md#discussion, docs/product.md#chat-validation): the emoji picker toggle,
 * the attach button (images, PDF, DOC, DOCX, at most 5 MB), the chosen file with a remove control,
 * the "Type your message..." box (Enter sends, Shift+Enter starts a new line) and "Send".
 */
export function Composer({ onSend, loading }: ComposerProps) {
  const { t } = useI18n();
  const composer = useComposer(onSend, loading);
  const { text, setText, file, setFile, fileError, pickerOpen, setPickerOpen, textareaRef, fileInputRef, emojiToggle, setEmojiToggle, pickerId, previewUrl } = composer;
  const { sendable, submit, onKeyDown, onFileChosen, insertEmoji, closePicker } = composer;

  return (
    <div
      className="chat-composer"
      // Capture: the picker stops Escape from bubbling out of its shadow root.
      onKeyDownCapture={(event) => {
        if (event.key === 'Escape' && pickerOpen) {
          event.stopPropagation();
          closePicker();
        }
      }}
    >
      {pickerOpen && (
        <div className="chat-composer__picker" id={pickerId}>
          <Suspense fallback={<p className="chat-composer__picker-loading">{t('chat.composer.loadingEmoji')}</p>}>
            <EmojiPicker toggle={emojiToggle} onSelect={(emoji) => void insertEmoji(emoji)} onClose={() => setPickerOpen(false)} />
          </Suspense>
        </div>
      )}
      {fileError && (
        <p className="chat-composer__error" role="alert">
          {fileError}
        </p>
      )}
      {file && <ChosenAttachment file={file} previewUrl={previewUrl} onRemove={() => setFile(null)} />}
      <div className="chat-composer__row">
        <IonButton
          ref={setEmojiToggle}
          fill="clear"
          shape="round"
          className="chat-composer__tool"
          aria-label={t('chat.composer.emoji')}
          aria-expanded={pickerOpen}
          aria-controls={pickerOpen ? pickerId : undefined}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <IonIcon slot="icon-only" icon={happyOutline} aria-hidden="true" />
        </IonButton>
        <IonButton fill="clear" shape="round" className="chat-composer__tool" aria-label={t('chat.composer.attachFile')} onClick={() => fileInputRef.current?.click()}>
          <IonIcon slot="icon-only" icon={attachOutline} aria-hidden="true" />
        </IonButton>
        <input ref={fileInputRef} type="file" accept={ATTACHMENT_ACCEPT} onChange={onFileChosen} hidden aria-label={t('chat.composer.chooseFile')} />
        <TextAreaField
          textareaRef={textareaRef}
          className="chat-composer__input"
          label={t('chat.composer.placeholder')}
          labelPlacement="floating"
          rows={1}
          autoGrow
          value={text}
          enterKeyHint="send"
          onChange={setText}
          onKeyDown={onKeyDown}
        />
        <IonButton className="chat-composer__send" disabled={!sendable} onClick={submit}>
          {t('chat.composer.send')}
        </IonButton>
      </div>
    </div>
  );
}
