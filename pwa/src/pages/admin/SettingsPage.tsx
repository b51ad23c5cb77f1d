import { IonButton, IonCard, IonCardContent, IonCardHeader, IonItem, IonList, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { downloadExport, type ExportType } from './peopleApi';
import { useAdminToast } from './useAdminToast';
import './admin.css';

/** Language choices (docs/product.md#constants-and-limits); default English. */
export const LANGUAGES = ['English', 'Spanish', 'French'] as const;
/** Backup frequencies (docs/product.md#constants-and-limits); default Daily. */
export const BACKUP_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;

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
 * "Revert to Default". Only the export does anything: the language and
 * backup choices are not saved anywhere (docs/product.md#settings).
 */
export default function SettingsPage() {
  const toast = useAdminToast();
  const [language, setLanguage] = useState<string>('English');
  const [backup, setBackup] = useState<string>('Daily');
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

  return (
    <>
      <h1 className="screen-title">Settings</h1>
      <p className="admin-intro">Manage your dashboard preferences and system settings.</p>
      <div className="settings-grid">
        <SelectCard heading="General Settings" label="Language" options={LANGUAGES} value={language} onChange={setLanguage} />
        <SelectCard heading="Data & Backup" label="Backup Frequency" options={BACKUP_FREQUENCIES} value={backup} onChange={setBackup} />

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
      <div className="settings-actions">
        <IonButton>Save All Changes</IonButton>
        <IonButton fill="outline" color="medium">
          Revert to Default
        </IonButton>
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
