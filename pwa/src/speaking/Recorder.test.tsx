import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMedia, mediaError } from '../test/fakeMedia';
import { formatClock, Recorder, RECORDER_ERROR_MESSAGES } from './Recorder';

/** Lets `ms` of fake time pass, running the timers and promises due, inside `act`. */
async function wait(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const ionButton = (name: string) => screen.getByText(name).closest('ion-button')!;
const isDisabled = (element: Element) => (element as HTMLElement & { disabled?: boolean }).disabled === true || element.hasAttribute('disabled');
const timer = () => document.querySelector('[aria-live="off"]')!;
const announcer = () => document.querySelector('[aria-live="polite"]')!;

/** Renders the recorder (two-minute limit unless told), presses Record and waits until it records. */
async function renderRecording(props: Partial<Parameters<typeof Recorder>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = render(<Recorder maxSeconds={120} onSubmit={onSubmit} {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  await wait();
  return { ...view, onSubmit };
}

describe('formatClock', () => {
  it('shows whole minutes and seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(12_400)).toBe('0:12');
    expect(formatClock(59_999)).toBe('0:59');
    expect(formatClock(120_000)).toBe('2:00');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('Recorder', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with a Record button, the time against the limit and an empty level meter', () => {
    installFakeMedia();
    render(<Recorder maxSeconds={120} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
    expect(timer()).toHaveTextContent('0:00 / 2:00');
    const meter = screen.getByRole('meter', { name: 'Input level' });
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '100');
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('records, shows the time and level, and stops into a player of the take', async () => {
    const media = installFakeMedia();
    media.amplitude = 0.1;
    await renderRecording();
    expect(announcer()).toHaveTextContent('Recording started');
    const stop = screen.getByRole('button', { name: 'Stop recording' });
    // jsdom cannot focus an <audio controls> (a browser can): watch the call instead
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');

    await wait(12_400);
    expect(timer()).toHaveTextContent('0:12 / 2:00');
    expect(screen.getByRole('meter', { name: 'Input level' })).toHaveAttribute('aria-valuenow', '67');

    fireEvent.click(stop);
    await wait();
    expect(announcer()).toHaveTextContent('Recording stopped at 0:12');
    expect(timer()).toHaveTextContent('0:12 / 2:00');
    expect(screen.getByRole('meter', { name: 'Input level' })).toHaveAttribute('aria-valuenow', '0');
    const player = screen.getByLabelText('Your recording');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', media.createdUrls[0]);
    expect(focus.mock.contexts).toEqual([player]);
    expect(screen.queryByRole('button', { name: 'Stop recording' })).not.toBeInTheDocument();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(media.audioContexts[0]!.closed).toBe(true);
  });

  it('stops by itself at maxSeconds', async () => {
    installFakeMedia();
    await renderRecording({ maxSeconds: 30 });
    await wait(30_000);
    expect(announcer()).toHaveTextContent('Recording stopped at 0:30');
    expect(timer()).toHaveTextContent('0:30 / 0:30');
    expect(screen.getByLabelText('Your recording')).toBeInTheDocument();
  });

  it('submits the Blob with its type and duration, and disables Submit and Record again while submitting', async () => {
    installFakeMedia({ supportedTypes: ['audio/webm'] });
    const { onSubmit, rerender } = await renderRecording();
    await wait(3_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await wait();

    expect(isDisabled(ionButton('Submit'))).toBe(false);
    fireEvent.click(ionButton('Submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const recording = onSubmit.mock.calls[0]![0] as { blob: Blob; type: string; durationMs: number };
    expect(recording.blob).toBeInstanceOf(Blob);
    expect(recording.blob.type).toBe('audio/webm');
    expect(recording).toMatchObject({ type: 'audio/webm', durationMs: 3_000 });
    expect(Object.keys(recording).sort()).toEqual(['blob', 'durationMs', 'type']);

    rerender(<Recorder maxSeconds={120} onSubmit={onSubmit} submitting />);
    expect(isDisabled(ionButton('Submit'))).toBe(true);
    expect(isDisabled(ionButton('Record again'))).toBe(true);
  });

  it('records again: the take is dropped and its URL revoked, and focus goes back to Record', async () => {
    const media = installFakeMedia();
    await renderRecording();
    await wait(5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await wait();

    const again = ionButton('Record again');
    fireEvent.click(again);
    expect(screen.queryByLabelText('Your recording')).not.toBeInTheDocument();
    expect(screen.queryByText('Submit')).not.toBeInTheDocument();
    expect(timer()).toHaveTextContent('0:00 / 2:00');
    expect(media.revokedUrls).toEqual([media.createdUrls[0]]);
    expect(screen.getByRole('button', { name: 'Record' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await wait();
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
  });

  it('lets go of the microphone when it unmounts while recording', async () => {
    const media = installFakeMedia();
    const { unmount } = await renderRecording();
    unmount();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(media.audioContexts[0]!.closed).toBe(true);
  });

  it.each([
    ['NotAllowedError', RECORDER_ERROR_MESSAGES.denied],
    ['NotFoundError', RECORDER_ERROR_MESSAGES['no-microphone']],
    ['NotReadableError', RECORDER_ERROR_MESSAGES.failed],
  ])('explains a %s and lets the student try again', async (name, message) => {
    const media = installFakeMedia();
    media.getUserMedia.mockRejectedValueOnce(mediaError(name));
    await renderRecording();
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await wait();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
  });

  it('says so where recording is not supported, with Record disabled', async () => {
    installFakeMedia({ without: ['mediaDevices'] });
    await renderRecording();
    expect(screen.getByRole('alert')).toHaveTextContent(RECORDER_ERROR_MESSAGES.unsupported);
    expect(screen.getByRole('button', { name: 'Record' })).toBeDisabled();
  });

  it('uses the texts of the product for each failure', () => {
    expect(RECORDER_ERROR_MESSAGES).toEqual({
      denied: "Oracy cannot use your microphone. Allow microphone access for this site in your browser's settings (the lock or camera icon in the address bar), then try again.",
      'no-microphone': 'No microphone was found. Connect one and try again.',
      unsupported: 'Recording is not supported in this browser. Try the latest Chrome, Safari or Firefox.',
      failed: 'Recording failed. Please try again.',
    });
  });

  it('records nothing while disabled', () => {
    const media = installFakeMedia();
    render(<Recorder maxSeconds={120} onSubmit={vi.fn()} disabled />);
    const record = screen.getByRole('button', { name: 'Record' });
    expect(record).toBeDisabled();
    fireEvent.click(record);
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });
});
