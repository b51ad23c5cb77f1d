import { IonAlert, IonContent, IonModal } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { DialogSaveBar, DialogTitleBar } from '../platform/ui/DialogParts';
import { TextAreaField, TextField } from '../platform/ui/FormField';
import { saveFailureMessage } from '../platform/ui/saveFailureMessage';
import { client, json } from '../platform/api/client';
import { useI18n } from '../platform/i18n';
import type { Notice } from './notices';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import '../platform/ui/formFields.css';

/** What the notice dialog edits: a new notice, or an existing one. */
export type NoticeDialogState = { mode: 'add' } | { mode: 'edit'; notice: Notice };

/** Props of {@link NoticeDialog}. */
export interface NoticeDialogProps {
  /** what to show; null closes the dialog */
  state: NoticeDialogState | null;
  /** called when the dialog closes without a save */
  onClose: () => void;
  /** called with the notice the server saved (created or updated) */
  onSaved: (notice: Notice, mode: 'add' | 'edit') => void;
}

/**
 * The notice dialog (docs/product.md#notices, docs/product.md#notice-dialog-validation): titled
 * "Add New Notice" or "Edit Notice", with Title, Description (4 rows),
 * Cancel and Save. Save with a blank field shows the alert "Please fill out
 * both fields!" and sends nothing; otherwise it sends `POST
 * /api/admin/notice` or `PUT /api/admin/notice/{id}` and hands the saved
 * notice to `onSaved`. A failed save keeps the dialog open and says so.
 */
export function NoticeDialog({ state, onClose, onSaved }: NoticeDialogProps) {
  const titleId = useId();
  const { t } = useI18n();
  const instance = useDialogInstance(state ? t(state.mode === 'edit' ? 'notices.edit' : 'notices.addNew') : null);
  return (
    <IonModal key={instance.key} isOpen={state !== null} onDidDismiss={onClose} className="notice-dialog" aria-label={instance.label}>
      {state && <NoticeDialogBody titleId={titleId} state={state} onCancel={onClose} onSaved={onSaved} />}
    </IonModal>
  );
}

function NoticeDialogBody(props: { titleId: string; state: NoticeDialogState; onCancel: () => void; onSaved: NoticeDialogProps['onSaved'] }) {
  const { titleId, state, onCancel, onSaved } = props;
  const { t } = useI18n();
  const editing = state.mode === 'edit' ? state.notice : null;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [incomplete, setIncomplete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    if (!title.trim() || !description.trim()) {
      setIncomplete(true);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = { title: title.trim(), description: description.trim() };
      const saved = editing ? await json(client.api.admin.notice[':id'].$put({ param: { id: editing.id }, json: body })) : await json(client.api.admin.notice.$post({ json: body }));
      onSaved(saved, editing ? 'edit' : 'add');
    } catch (error) {
      console.error('Failed to save the notice', error);
      setSaveError(saveFailureMessage('notice', error));
      setSaving(false);
    }
  };

  return (
    <>
      <DialogTitleBar id={titleId}>{t(editing ? 'notices.edit' : 'notices.addNew')}</DialogTitleBar>
      <IonContent className="ion-padding">
        <form aria-labelledby={titleId} noValidate onSubmit={(event) => void save(event)}>
          {saveError && (
            <p className="form-banner" role="alert">
              {saveError}
            </p>
          )}
          <div className="form-fields">
            <TextField label={t('notices.field.title')} value={title} maxLength={200} onChange={setTitle} />
            <TextAreaField label={t('notices.field.description')} value={description} rows={4} maxLength={5000} onChange={setDescription} />
          </div>
          <button type="submit" hidden />
        </form>
      </IonContent>
      <DialogSaveBar saving={saving} onCancel={onCancel} onSave={() => void save()} />
      <IonAlert isOpen={incomplete} header={t('notices.incomplete')} buttons={[t('common.ok')]} onDidDismiss={() => setIncomplete(false)} />
    </>
  );
}
