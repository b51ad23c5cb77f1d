import { IonButton, IonFooter, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';

/**
 * The title bar of a dialog: an `h2` with `id`, which the dialog's form and modal name themselves
 * by (`aria-labelledby`).
 */
export function DialogTitleBar(props: { id: string; className?: string; children: ReactNode }) {
  return (
    <IonHeader>
      <IonToolbar>
        <IonTitle>
          <h2 id={props.id} className={props.className ?? 'dialog-title'}>
            {props.children}
          </h2>
        </IonTitle>
      </IonToolbar>
    </IonHeader>
  );
}

/**
 * The footer of an editing dialog: "Cancel" and "Save" ("Saving..." and both disabled while
 * `saving`), the product's words for every form dialog (docs/product.md#course-management).
 */
export function DialogSaveBar(props: { saving: boolean; onCancel: () => void; onSave: () => void }) {
  return (
    <IonFooter>
      <div className="dialog-actions">
        <DialogSaveButtons {...props} />
      </div>
    </IonFooter>
  );
}

/** "Cancel" and "Save" of {@link DialogSaveBar}, for a footer that shows other buttons at other times. */
export function DialogSaveButtons(props: { saving: boolean; onCancel: () => void; onSave: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <IonButton fill="outline" onClick={props.onCancel} disabled={props.saving}>
        {t('common.cancel')}
      </IonButton>
      <IonButton onClick={props.onSave} disabled={props.saving}>
        {props.saving ? t('common.saving') : t('common.save')}
      </IonButton>
    </>
  );
}
