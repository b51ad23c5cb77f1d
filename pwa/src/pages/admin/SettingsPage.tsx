import { IonButton, IonCard, IonCardContent, IonCardHeader, IonItem, IonList, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useState } from 'react';
import { downloadExport, fetchSettings, saveSettings, type ExportType, type SchoolSettings, type SchoolSettingsFields } from './peopleApi';
import { PrivacySettingsCard } from './PrivacySettingsCard';
import { useAdminToast } from './useAdminToast';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { useConfirm } from './useConfirm';
import './admin.css';

/** Language choices (docs/product.md#constants-and-limits); default English. */
export const LANGUAGES = ['English', 'Spanish', 'French'] as const;
/** Backup frequencies (docs/product.md#constants-and-limits); default Daily. */
export const BACKUP_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
/** What "Revert to Default" restores (docs/product.md#settings). */
export const DEFAULT_SETTINGS = { language: 'English', backupFrequency: 'Daily' } as const;

/** The saved settings as the screen edits them. */
type Draft = SchoolSettingsFields;
const draftOf = ({ language, backupFrequency, schoolName, privacyContact }: Draft): Draft => ({ language, backupFrequency, schoolName, privacyContact });

/** The texts of saving (docs/product.md#settings). */
export const SETTINGS_TEXTS = {
  saved: 'Settings saved',
  notSaved: 'Failed to save settings',
  reverted: 'Settings reverted to default',
  loadFailed: 'The settings could not be loaded.',
  revertHeader: 'Revert to Default',
  revertMessage: 'Restore English and Daily and save them for the whole school?',
} as const;

/**
 * The school's saved settings on the screen: loads them, holds the edits, saves them, and asks
 * before the screen is left while an edit is unsaved ({@link useLeaveGuard}).
 */
function useSchoolSettings() {
  const [saved, setSaved] = useState<SchoolSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchSettings(controller.signal).then(
      (settings) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the settings', err);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const dirty = saved !== null && draft !== null && (Object.keys(draft) as (keyof Draft)[]).some((key) => draft[key] !== saved[key]);
  useLeaveGuard(dirty);

  const save = useCallback(async (values: Draft) => {
    setSaving(true);
    try {
      const stored = await saveSettings(values);
      setSaved(stored);
      setDraft(draftOf(stored));
    } finally {
      setSaving(false);
    }
  }, []);

  return { saved, draft, setDraft, dirty, failed, saving, save, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Saves a blob under `fileName` through a temporary object URL and a
 * download link (docs/product.md#clarified-behaviour: "the PWA saves the blob under that name").
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Admin settings at /admin/setting (docs/product.md#settings, docs/product.md#error-messages,
 * docs/product.md#constants-and-limits): General Settings (Language: English, Spanish, French),
 * Data & Backup (Backup Frequency: Daily, Weekly, Monthly), Export Data (JSON
 * or CSV, "Export Now" with a spinner while working; the file is saved as
 * user_data.json / user_data.csv; toasts "Data exported successfully" /
 * "Failed to export data"), Import Data ("Import"), "Save All Changes" and
 * "Revert to Default". Language and Backup Frequency are the school's saved settings
 * (`GET`/`PUT /api/admin/settings`): "Save All Changes" is enabled while an edit is unsaved and
 * saves it ("Settings saved"); "Revert to Default" asks, then saves English and Daily; following a
 * link, closing or reloading the page with an unsaved edit asks first (docs/product.md#settings). "Import" does nothing yet.
 */
export default function SettingsPage() {
  const toast = useAdminToast();
  const confirm = useConfirm();
  const settings = useSchoolSettings();
  const [fileType, setFileType] = useState<ExportType>('json');
  const [exporting, setExporting] = useState(false);

  const exportNow = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await downloadExport(fileType);
      saveBlob(blob, fileName);
      toast('Data exported successfully');
    } catch (err) {
      console.error('Failed to export data', err);
      toast('Failed to export data', 'danger');
    } finally {
      setExporting(false);
    }
  };

  const saveDraft = async (values: Draft, success: string) => {
    try {
      await settings.save(values);
      toast(success);
    } catch (err) {
      console.error('Failed to save settings', err);
      toast(SETTINGS_TEXTS.notSaved, 'danger');
    }
  };

  const { draft, saved } = settings;
  return (
    <>
      <h1 className="screen-title">Settings</h1>
      <p className="admin-intro">Manage your dashboard preferences and system settings.</p>
      {settings.failed ? (
        <div className="settings-status" role="alert">
          <p>{SETTINGS_TEXTS.loadFailed}</p>
          <IonButton fill="outline" onClick={settings.retry}>
            Retry
          </IonButton>
        </div>
      ) : null}
      <div className="settings-grid">
        {draft ? (
          <>
            <SelectCard heading="General Settings" label="Language" options={LANGUAGES} value={draft.language} onChange={(language) => settings.setDraft({ ...draft, language: language as Draft['language'] })} />
            <SelectCard
              heading="Data & Backup"
              label="Backup Frequency"
              options={BACKUP_FREQUENCIES}
              value={draft.backupFrequency}
              onChange={(backupFrequency) => settings.setDraft({ ...draft, backupFrequency: backupFrequency as Draft['backupFrequency'] })}
            />
            <PrivacySettingsCard value={draft} onChange={(privacy) => settings.setDraft({ ...draft, ...privacy })} />
          </>
        ) : settings.failed ? null : (
          <IonCard>
            <IonCardContent>
              <IonSpinner name="crescent" aria-label="Loading the settings" role="status" />
            </IonCardContent>
          </IonCard>
        )}

        <IonCard>
          <IonCardHeader>
            <h2 className="admin-subtitle">Export Data</h2>
          </IonCardHeader>
          <IonCardContent>
            <IonList lines="none">
              <IonItem>
                <IonSelect
                  label="Export Format"
                  labelPlacement="stacked"
                  interface="popover"
                  value={fileType}
                  disabled={exporting}
                  onIonChange={(event) => setFileType(event.detail.value === 'csv' ? 'csv' : 'json')}
                >
                  <IonSelectOption value="json">JSON</IonSelectOption>
                  <IonSelectOption value="csv">CSV</IonSelectOption>
                </IonSelect>
              </IonItem>
            </IonList>
            <div className="export-row">
              <IonButton disabled={exporting} onClick={() => void exportNow()}>
                Export Now
              </IonButton>
              {exporting ? <IonSpinner name="crescent" aria-label="Exporting" role="status" /> : null}
            </div>
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <h2 className="admin-subtitle">Import Data</h2>
          </IonCardHeader>
          <IonCardContent>
            <IonButton fill="outline">Import</IonButton>
          </IonCardContent>
        </IonCard>
      </div>
      {saved?.updatedAt ? (
        <p className="settings-saved-by">
          Last saved {new Date(saved.updatedAt).toLocaleString()}
          {saved.updatedBy ? ` by ${saved.updatedBy.name}` : ''}
        </p>
      ) : null}
      <div className="settings-actions">
        <IonButton disabled={!settings.dirty || settings.saving} onClick={() => draft && void saveDraft(draft, SETTINGS_TEXTS.saved)}>
          Save All Changes
        </IonButton>
        <IonButton
          fill="outline"
          color="medium"
          disabled={!draft || settings.saving}
          onClick={() =>
            confirm({
              header: SETTINGS_TEXTS.revertHeader,
              message: SETTINGS_TEXTS.revertMessage,
              confirmText: 'Revert',
              onConfirm: () => saveDraft({ ...draftOf(saved ?? draft!), ...DEFAULT_SETTINGS }, SETTINGS_TEXTS.reverted),
            })
          }
        >
          Revert to Default
        </IonButton>
        {settings.saving ? <IonSpinner name="crescent" aria-label="Saving" role="status" /> : null}
      </div>
    </>
  );
}

/** A settings card holding one popover select whose options are shown as they are stored. */
function SelectCard({ heading, label, options, value, onChange }: { heading: string; label: string; options: readonly string[]; value: string; onChange: (value: string) => void }) {
  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{heading}</h2>
      </IonCardHeader>
      <IonCardContent>
        <IonList lines="none">
          <IonItem>
            <IonSelect label={label} labelPlacement="stacked" interface="popover" value={value} onIonChange={(event) => onChange(String(event.detail.value))}>
              {options.map((option) => (
                <IonSelectOption key={option} value={option}>
                  {option}
                </IonSelectOption>
              ))}
            </IonSelect>
          </IonItem>
        </IonList>
      </IonCardContent>
    </IonCard>
  );
}
