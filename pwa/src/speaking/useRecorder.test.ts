import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStream, installFakeMedia, mediaError } from '../test/fakeMedia';
import { levelFromSamples, pickRecordingType, recorderErrorOf, RECORDING_TYPES, SPEECH_BITS_PER_SECOND, useRecorder } from './useRecorder';

/** Lets `ms` of fake time pass, running the timers and promises due, inside `act`. */
async function wait(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Renders the hook with a two-minute limit and starts recording; resolves once it records. */
async function startRecording(maxSeconds = 120) {
  const hook = renderHook(() => useRecorder({ maxSeconds }));
  act(() => hook.result.current.start());
  await wait();
  expect(hook.result.current.status).toBe('recording');
  return hook;
}

describe('pickRecordingType', () => {
  it('takes Opus in WebM, then WebM, then MP4, then Opus in Ogg, asking in that order', () => {
    const asked: string[] = [];
    expect(pickRecordingType((type) => (asked.push(type), false))).toBe('');
    expect(asked).toEqual(['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus']);

    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((type) => type !== 'audio/webm;codecs=opus')).toBe('audio/webm');
    expect(pickRecordingType((type) => type === 'audio/mp4' || type === 'audio/ogg;codecs=opus')).toBe('audio/mp4');
    expect(pickRecordingType((type) => type === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
  });

  it('leaves the choice to the browser when it supports none of them, and skips a type whose check throws', () => {
    expect(pickRecordingType(() => false)).toBe('');
    expect(
      pickRecordingType((type) => {
        if (type === RECORDING_TYPES[0]) throw new Error('odd browser');
        return true;
      }),
    ).toBe('audio/webm');
  });
});

describe('levelFromSamples', () => {
  it('maps the RMS from -60 dBFS (0) to 0 dBFS (1)', () => {
    expect(levelFromSamples(new Float32Array(8))).toBe(0);
    expect(levelFromSamples([])).toBe(0);
    expect(levelFromSamples(new Float32Array(8).fill(1))).toBe(1);
    expect(levelFromSamples(new Float32Array(8).fill(-0.1))).toBeCloseTo(2 / 3);
    expect(levelFromSamples(new Float32Array(8).fill(0.0005))).toBe(0);
  });
});

describe('recorderErrorOf', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotFoundError', 'no-microphone'],
    ['OverconstrainedError', 'no-microphone'],
    ['NotReadableError', 'failed'],
    ['AbortError', 'failed'],
  ])('%s is %s', (name, expected) => {
    expect(recorderErrorOf(mediaError(name))).toBe(expected);
  });

  it('anything without a name is failed', () => {
    expect(recorderErrorOf(new Error('boom'))).toBe('failed');
    expect(recorderErrorOf(undefined)).toBe('failed');
  });
});

describe('useRecorder', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the microphone, records in the chosen type and gives a Blob with its duration on stop', async () => {
    const media = installFakeMedia({ supportedTypes: ['audio/mp4', 'audio/ogg;codecs=opus'] });
    const { result } = renderHook(() => useRecorder({ maxSeconds: 120 }));
    expect(result.current.status).toBe('idle');

    act(() => result.current.start());
    expect(result.current.status).toBe('requesting');
    await wait();
    expect(result.current.status).toBe('recording');
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(media.recorders[0]!.options).toEqual({ mimeType: 'audio/mp4', audioBitsPerSecond: SPEECH_BITS_PER_SECOND });

    await wait(12_400);
    act(() => result.current.stop());
    await wait();

    expect(result.current.status).toBe('recorded');
    const take = result.current.take!;
    expect(take.blob).toBeInstanceOf(Blob);
    expect(take.blob.size).toBeGreaterThan(0);
    expect(take.blob.type).toBe('audio/mp4');
    expect(take.type).toBe('audio/mp4');
    expect(take.durationMs).toBe(12_400);
    expect(take.url).toBe(media.createdUrls[0]);
    expect(result.current.elapsedMs).toBe(12_400);
  });

  it("lets the browser choose the type when it supports none of the list, and keeps the recorder's type", async () => {
    const media = installFakeMedia({ supportedTypes: [] });
    const { result } = await startRecording();
    expect(media.recorders[0]!.options).toEqual({ audioBitsPerSecond: SPEECH_BITS_PER_SECOND });
    act(() => result.current.stop());
    await wait();
    expect(result.current.take!.type).toBe('');
  });

  it('counts the elapsed time and the input level while recording', async () => {
    const media = installFakeMedia();
    media.amplitude = 0.1;
    const { result } = await startRecording();
    expect(result.current.elapsedMs).toBe(0);

    await wait(1_000);
    expect(result.current.elapsedMs).toBe(1_000);
    expect(result.current.level).toBeCloseTo(2 / 3);

    media.amplitude = 0;
    await wait(300);
    expect(result.current.elapsedMs).toBe(1_300);
    expect(result.current.level).toBe(0);
  });

  it('stops by itself at maxSeconds', async () => {
    const media = installFakeMedia();
    const { result } = await startRecording(5);
    await wait(4_900);
    expect(result.current.status).toBe('recording');
    expect(result.current.elapsedMs).toBe(4_900);

    await wait(100);
    expect(result.current.status).toBe('recorded');
    expect(result.current.take!.durationMs).toBe(5_000);
    expect(media.streams[0]!.tracks.every((track) => track.stopped)).toBe(true);

    await wait(10_000);
    expect(result.current.elapsedMs).toBe(5_000);
  });

  it('stops the microphone and closes the AudioContext on stop', async () => {
    const media = installFakeMedia();
    const { result } = await startRecording();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(false);
    expect(media.audioContexts[0]!.closed).toBe(false);

    act(() => result.current.stop());
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(media.audioContexts[0]!.closed).toBe(true);
    expect(result.current.level).toBe(0);
  });

  it('stops the microphone, closes the AudioContext and drops the audio when unmounted while recording', async () => {
    const media = installFakeMedia();
    const { unmount } = await startRecording();
    unmount();
    await wait();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(media.audioContexts[0]!.closed).toBe(true);
    expect(media.recorders[0]!.state).toBe('inactive');
    expect(media.createdUrls).toEqual([]);
  });

  it("revokes the take's URL when unmounted", async () => {
    const media = installFakeMedia();
    const { result, unmount } = await startRecording();
    act(() => result.current.stop());
    await wait();
    unmount();
    expect(media.revokedUrls).toEqual([media.createdUrls[0]]);
  });

  it('gives the microphone straight back when permission comes after an unmount', async () => {
    const media = installFakeMedia();
    const stream = new FakeStream();
    let grant: () => void = () => undefined;
    media.getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (grant = () => resolve(stream))));
    const { result, unmount } = renderHook(() => useRecorder({ maxSeconds: 120 }));
    act(() => result.current.start());
    unmount();
    grant();
    await wait();
    expect(stream.tracks[0]!.stopped).toBe(true);
    expect(media.recorders).toEqual([]);
  });

  it('records again after reset, which drops the take and revokes its URL', async () => {
    const media = installFakeMedia();
    const { result } = await startRecording();
    await wait(2_000);
    act(() => result.current.stop());
    await wait();
    const first = result.current.take!.url;

    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
    expect(result.current.take).toBeNull();
    expect(result.current.elapsedMs).toBe(0);
    expect(media.revokedUrls).toEqual([first]);

    act(() => result.current.start());
    await wait(3_000);
    act(() => result.current.stop());
    await wait();
    expect(result.current.take!.durationMs).toBe(3_000);
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no-microphone'],
    ['OverconstrainedError', 'no-microphone'],
    ['NotReadableError', 'failed'],
  ])('shows %s from getUserMedia as %s', async (name, status) => {
    const media = installFakeMedia();
    media.getUserMedia.mockRejectedValueOnce(mediaError(name));
    const { result } = renderHook(() => useRecorder({ maxSeconds: 120 }));
    act(() => result.current.start());
    await wait();
    expect(result.current.status).toBe(status);
    expect(media.recorders).toEqual([]);
  });

  it.each([['mediaDevices'], ['MediaRecorder']] as const)('is unsupported without %s', async (missing) => {
    const media = installFakeMedia({ without: [missing] });
    const { result } = renderHook(() => useRecorder({ maxSeconds: 120 }));
    act(() => result.current.start());
    await wait();
    expect(result.current.status).toBe('unsupported');
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('fails, and lets go of the microphone, when the recorder fails', async () => {
    const media = installFakeMedia();
    const { result } = await startRecording();
    act(() => media.recorders[0]!.fail());
    expect(result.current.status).toBe('failed');
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(media.audioContexts[0]!.closed).toBe(true);
  });

  it('still records, with the meter at 0, without Web Audio', async () => {
    const media = installFakeMedia({ without: ['AudioContext'] });
    media.amplitude = 0.5;
    const { result } = await startRecording();
    await wait(1_000);
    expect(result.current.level).toBe(0);
    act(() => result.current.stop());
    await wait();
    expect(result.current.status).toBe('recorded');
  });
});
