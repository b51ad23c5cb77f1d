import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits a little longer than Testing Library's default: a modal's first render is slow on a busy machine. */
const SLOW = { timeout: 8000 };

/**
 * The dialog's text field `name` once Ionic has finished presenting the modal:
 * at that moment the modal moves the focus into itself, so keys typed into a
 * field found earlier (on a busy machine) would land on the modal instead.
 */
export async function dialogField(name: string): Promise<HTMLElement> {
  const field = await screen.findByRole('textbox', { name }, SLOW);
  const modal = field.closest('ion-modal');
  await waitFor(() => expect(modal?.contains(document.activeElement)).toBe(true), SLOW);
  return field;
}

/**
 * The Ionic modal with CSS class `className` once it is presented and its content drawn: Ionic
 * adds the element first and draws the dialog's children a moment later (longer on a busy
 * machine), so querying the element as soon as it exists finds an empty box.
 */
export async function openModal(className: string): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = document.querySelector(`ion-modal.${className}`);
    if (!(modal instanceof HTMLElement)) throw new Error(`no ${className} yet`);
    if (modal.classList.contains('overlay-hidden') || !modal.querySelector('ion-button')) throw new Error(`${className} not drawn yet`);
    return modal;
  }, SLOW);
}
