import { useState } from 'react';

/** What {@link useDialogInstance} returns: a key and an accessible name for one opening of a dialog. */
export interface DialogInstance {
  /** changes each time the dialog opens; give it to the IonModal as its `key` */
  key: number;
  /** the name it had when it opened; give it to the IonModal as its `aria-label` */
  label: string;
}

/**
 * One IonModal per opening. Ionic copies a modal's `aria-label` onto its
 * dialog element only once, when the element first loads (and an
 * `aria-labelledby` cannot reach across its shadow root), so a dialog whose
 * title changes between openings ("Add New Course", "Edit Course", "View
 * Course") needs a fresh element each time it opens. The key stays the same
 * while it closes, so the closing animation still runs.
 * @param title the dialog's title while it is open, or null while it is closed
 */
export function useDialogInstance(title: string | null): DialogInstance {
  const [instance, setInstance] = useState({ key: 0, label: '', open: false });
  const open = title !== null;
  // Derived from the previous render (React's "storing information from previous renders").
  if (open !== instance.open) setInstance(open ? { key: instance.key + 1, label: title, open } : { ...instance, open });
  return { key: instance.key, label: open && instance.open ? instance.label : (title ?? instance.label) };
}
