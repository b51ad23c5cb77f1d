import { IonApp } from '@ionic/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../platform/i18n';
import { COPIED, COPY_FAILED, ONE_TIME_PASSWORD_WARNING, OneTimePasswordDialog, type OneTimePasswordReason } from './OneTimePasswordDialog';

const GRANT = { user: { id: 'a1a1a1a1a1a1a1a1a1a1a1a1', name: 'Nia Okafor', email: 'nia@school.example', role: 2 as const }, oneTimePassword: 'K7PM-3XQD-HW2N-9ZRC' };

function show(reason: OneTimePasswordReason = 'created', onClose = vi.fn()) {
  const view = render(
    <IonApp>
      <OneTimePasswordDialog grant={GRANT} reason={reason} onClose={onClose} />
    </IonApp>,
  );
  return { ...view, onClose, user: userEvent.setup() };
}

/** An Ionic button by its text (jsdom gives `ion-button` no role). */
const ionButton = (container: HTMLElement, text: string) => within(container).getByText(text, { selector: 'ion-button' });

/** The open dialog, once Ionic has presented it (its password field is then in the document). */
async function dialog(): Promise<HTMLElement> {
  await screen.findByLabelText('One-time password', undefined, { timeout: 8000 });
  return document.querySelector('ion-modal.otp-dialog') as HTMLElement;
}

describe('the one-time password dialog (docs/product.md#one-time-passwords)', { timeout: 30_000 }, () => {
  it('shows who it is for, the password in a labelled read-only field, and the warning that it will not be shown again', async () => {
    show('created');
    const modal = await dialog();
    expect(modal).toHaveAttribute('aria-label', 'Account Created');
    expect(within(modal).getByRole('heading', { level: 2, name: 'Account Created' })).toBeInTheDocument();
    expect(within(modal).getByText(/Nia Okafor \(nia@school\.example\) signs in with this one-time password/)).toBeInTheDocument();
    const field = within(modal).getByLabelText('One-time password');
    expect(field).toHaveValue('K7PM-3XQD-HW2N-9ZRC');
    expect(field).toHaveAttribute('readonly');
    expect(within(modal).getByText(t(ONE_TIME_PASSWORD_WARNING))).toBeInTheDocument();
    // A stray tap on the backdrop or Escape must not lose the password: only "Done" closes.
    expect((modal as HTMLElement & { backdropDismiss?: boolean }).backdropDismiss).toBe(false);
  });

  it('says that a reset signed the person out everywhere', async () => {
    show('reset');
    const modal = await dialog();
    expect(modal).toHaveAttribute('aria-label', 'Password Reset');
    expect(within(modal).getByText(/has been signed out everywhere/)).toBeInTheDocument();
  });

  it('copies the password to the clipboard and says so', async () => {
    const { user } = show();
    const writeText = vi.fn(async () => undefined);
    // userEvent installs its own clipboard on setup: replace it after.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const modal = await dialog();
    await user.click(ionButton(modal, 'Copy'));
    expect(writeText).toHaveBeenCalledWith('K7PM-3XQD-HW2N-9ZRC');
    expect(await within(modal).findByRole('status')).toHaveTextContent(t(COPIED));
  });

  it('asks to copy by hand when the browser refuses the clipboard, and selects the password on focus', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = show();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError'))) }, configurable: true });
    const modal = await dialog();
    await user.click(ionButton(modal, 'Copy'));
    expect(await within(modal).findByRole('status')).toHaveTextContent(t(COPY_FAILED));
    const field = within(modal).getByLabelText<HTMLInputElement>('One-time password');
    field.focus();
    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'K7PM-3XQD-HW2N-9ZRC'.length]));
  });

  it('closes with "Done"', async () => {
    const { user, onClose } = show();
    const modal = await dialog();
    await user.click(ionButton(modal, 'Done'));
    expect(onClose).toHaveBeenCalled();
  });
});
