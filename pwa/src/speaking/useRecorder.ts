import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The recording's bit rate, bits a second: 32 kbit/s Opus carries a voice clearly and keeps a
 * minute near 240 KB (Chromium's default, 128 kbit/s, makes about 950 KB), which a phone on a weak
 * signal uploads four times sooner (docs/product.md#recordings).
 */
export const SPEECH_BITS_PER_SECOND = 32_000;

/**
 * The audio types a take is recorded in, best first: Opus in WebM (Chrome, Edge, Firefox), WebM with
 * the browser's codec, MP4 (Safari, which records AAC), then Opus in Ogg (older Firefox).
 */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'] as const;

/** How often, in ms, `elapsedMs` and `level` are refreshed while recording (ten times a second). */
export const TICK_MS = 100;

/** The quietest input, in dBFS, that still moves the level meter; silence and anything quieter show 0. */
const LEVEL_FLOOR_DB = -60;

/**
 * The first of {@link RECORDING_TYPES} that `isTypeSupported` (normally `MediaRecorder.isTypeSupported`)
 * accepts, or `''` when it accepts none, meaning "let the browser choose". Never throws: a checker
 * that throws counts as not supporting that type.
 */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string {
  for (const type of RECORDING_TYPES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // an odd browser's checker failing on one type should not stop the others being tried
    }
  }
  return '';
}

/**
 * The input level, 0–1, of one block of time-domain samples (-1…1, as `AnalyserNode.getFloatTimeDomainData`
 * gives them): their RMS in dBFS mapped linearly from -60 dBFS (0) to 0 dBFS (1), so quiet speech
 * still moves the meter visibly.
 */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const sample = samples[i] ?? 0;
    sum += sample * sample;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB));
}

/** The ways recording can fail, each shown to the student with its own message. */
export type RecorderError = 'denied' | 'no-microphone' | 'unsupported' | 'failed';

/**
 * Which {@link RecorderError} a failure of `getUserMedia` or `MediaRecorder` is, by the `name` of the
 * `DOMException`: `denied` for NotAllowedError and SecurityError (and PermissionDeniedError, the name
 * older Chrome used), `no-microphone` for NotFoundError and OverconstrainedError (and
 * DevicesNotFoundError, older Chrome's), `failed` for anything else.
 */
export function recorderErrorOf(error: unknown): RecorderError {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'no-microphone';
    default:
      return 'failed';
  }
}

/** A finished take: the audio, its MIME type, and how long it is in ms. */
export interface Recording {
  /** the recorded audio */
  blob: Blob;
  /** its MIME type, e.g. `audio/webm;codecs=opus` or `audio/mp4` (may be `''` if the browser names none) */
  type: string;
  /** from the start of recording to its stop, in ms, measured with `performance.now()`; at most `maxSeconds` × 1000 */
  durationMs: number;
}

/** A finished take with an object URL for an `<audio>` player; the hook revokes the URL when the take is replaced or the hook unmounts. */
export interface RecordedTake extends Recording {
  url: string;
}

/**
 * Where the recorder is: `idle` (nothing recorded), `requesting` (waiting for the microphone permission),
 * `recording`, `recorded` (a take is ready), or one of the {@link RecorderError}s.
 */
export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'recorded' | RecorderError;

/** What {@link useRecorder} returns. */
export interface RecorderControls {
  status: RecorderStatus;
  /** time recorded so far in ms (refreshed every {@link TICK_MS} while recording, at most `maxSeconds` × 1000); the take's duration once recorded; 0 otherwise */
  elapsedMs: number;
  /** the input level, 0–1, while recording (see {@link levelFromSamples}); 0 otherwise */
  level: number;
  /** the take once `status` is `recorded`, otherwise null */
  take: RecordedTake | null;
  /** asks for the microphone and starts recording; does nothing while already requesting or recording */
  start: () => void;
  /** stops recording; the take follows as soon as the browser hands over the audio; does nothing unless recording */
  stop: () => void;
  /** drops the take (or an error, or a recording in progress, unsaved) and returns to `idle`, ready to record again */
  reset: () => void;
}

/** The live pieces of one recording, released together. */
interface Session {
  stream: MediaStream;
  recorder: MediaRecorder | null;
  audioContext: AudioContext | null;
  chunks: Blob[];
  type: string;
  startedAt: number;
  stoppedAt: number | null;
  ticker: ReturnType<typeof setInterval> | null;
  limit: ReturnType<typeof setTimeout> | null;
}

/** Whether this browser (and context: `getUserMedia` exists only on HTTPS and localhost) can record audio at all. */
function canRecord(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder !== 'undefined';
}

/** Stops the timers, the microphone and the audio graph of `current`; safe to call more than once. */
function releaseSession(current: Session): void {
  if (current.ticker !== null) clearInterval(current.ticker);
  if (current.limit !== null) clearTimeout(current.limit);
  current.ticker = null;
  current.limit = null;
  for (const track of current.stream.getTracks()) track.stop();
  const context = current.audioContext;
  current.audioContext = null;
  if (context && context.state !== 'closed') context.close().catch(() => undefined);
}

/** Stops `current`'s recorder without keeping its audio, then releases the session. */
function abandonSession(current: Session): void {
  const recorder = current.recorder;
  if (recorder) {
    recorder.ondataavailable = null;
    recorder.onstop = null;
    recorder.onerror = null;
    if (recorder.state !== 'inactive') {
      try {
        recorder.stop();
      } catch {
        // already stopping: the tracks are stopped below either way
      }
    }
  }
  releaseSession(current);
}

/** A new session on `stream`, in the best type {@link pickRecordingType} finds; nothing started yet. */
function newSession(stream: MediaStream): Session {
  const type = pickRecordingType((candidate) => typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(candidate));
  return { stream, recorder: null, audioContext: null, chunks: [], type, startedAt: 0, stoppedAt: null, ticker: null, limit: null };
}

/** Creates and starts `current`'s `MediaRecorder`, collecting its chunks; throws what the browser throws. */
function startRecorder(current: Session, onStop: () => void, onError: () => void): void {
  const recorder = new MediaRecorder(current.stream, { ...(current.type ? { mimeType: current.type } : {}), audioBitsPerSecond: SPEECH_BITS_PER_SECOND });
  current.recorder = recorder;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) current.chunks.push(event.data);
  };
  recorder.onstop = onStop;
  recorder.onerror = onError;
  recorder.start();
}

/** Every {@link TICK_MS} while `current` is live and not stopped, reports the time recorded (ms, at most `maxMs`) and the input level. */
function startTicker(current: Session, isLive: () => boolean, maxMs: { current: number }, setElapsedMs: (ms: number) => void, setLevel: (level: number) => void): void {
  const analyser = listen(current);
  const samples = analyser ? new Float32Array(analyser.fftSize) : null;
  current.ticker = setInterval(() => {
    if (!isLive() || current.stoppedAt !== null) return;
    setElapsedMs(Math.min(performance.now() - current.startedAt, maxMs.current));
    if (analyser && samples) {
      analyser.getFloatTimeDomainData(samples);
      setLevel(levelFromSamples(samples));
    }
  }, TICK_MS);
}

/** The recorder's visible state, the take (its object URL revoked when replaced) and the limit in ms. */
function useRecorderState(maxSeconds: number) {
  const maxMs = Math.max(0, maxSeconds) * 1000;
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [take, setTake] = useState<RecordedTake | null>(null);
  const mountedRef = useRef(true);
  const takeUrl = useRef<string | null>(null);
  const maxMsRef = useRef(maxMs);
  maxMsRef.current = maxMs;

  const replaceTake = useCallback((next: RecordedTake | null) => {
    if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
    takeUrl.current = next?.url ?? null;
    if (mountedRef.current) setTake(next);
  }, []);

  return { status, setStatus, elapsedMs, setElapsedMs, level, setLevel, take, replaceTake, mountedRef, maxMsRef };
}

/** The session in progress and the ways it ends: discarded, failed, stopped, or finished into a take. */
function useRecorderSession({ setStatus, setElapsedMs, setLevel, replaceTake, mountedRef, maxMsRef }: ReturnType<typeof useRecorderState>) {
  const sessionRef = useRef<Session | null>(null);
  const busyRef = useRef(false);

  /** Forgets the session in progress without keeping its audio. */
  const discard = useCallback(() => {
    const current = sessionRef.current;
    sessionRef.current = null;
    busyRef.current = false;
    if (current) abandonSession(current);
  }, []);

  const fail = useCallback(
    (error: RecorderError) => {
      discard();
      if (!mountedRef.current) return;
      setStatus(error);
      setElapsedMs(0);
      setLevel(0);
    },
    [discard, mountedRef, setStatus, setElapsedMs, setLevel],
  );

  const stop = useCallback(() => {
    const current = sessionRef.current;
    if (!current?.recorder || current.recorder.state === 'inactive' || current.stoppedAt !== null) return;
    current.stoppedAt = performance.now();
    try {
      current.recorder.stop();
    } catch {
      fail('failed');
      return;
    }
    // the recorder still hands over its last data after the tracks stop; the indicator goes off now
    releaseSession(current);
    if (mountedRef.current) setLevel(0);
  }, [fail, mountedRef, setLevel]);

  const finish = useCallback(
    (current: Session) => {
      if (sessionRef.current !== current) return;
      sessionRef.current = null;
      busyRef.current = false;
      releaseSession(current);
      const stoppedAt = current.stoppedAt ?? performance.now();
      const durationMs = Math.min(Math.max(0, Math.round(stoppedAt - current.startedAt)), maxMsRef.current);
      const type = current.recorder?.mimeType || current.type || current.chunks[0]?.type || '';
      const blob = new Blob(current.chunks, { type });
      if (!mountedRef.current) return;
      replaceTake({ blob, type, durationMs, url: URL.createObjectURL(blob) });
      setElapsedMs(durationMs);
      setLevel(0);
      setStatus('recorded');
    },
    [maxMsRef, mountedRef, replaceTake, setElapsedMs, setLevel, setStatus],
  );

  return { sessionRef, busyRef, discard, fail, stop, finish };
}

/**
 * Records one spoken answer from the microphone (docs/product.md#speaking-practice): `start()` asks
 * for the microphone and records with `MediaRecorder` until `stop()` or `maxSeconds` (seconds);
 * `elapsedMs` and `level` update every {@link TICK_MS}. Stop, reset and unmount give the microphone
 * back. Failures are not thrown but shown in `status` ({@link RecorderError}).
 */
export function useRecorder({ maxSeconds }: { maxSeconds: number }): RecorderControls {
  const state = useRecorderState(maxSeconds);
  const { status, elapsedMs, level, take, setStatus, setElapsedMs, setLevel, replaceTake, mountedRef, maxMsRef } = state;
  const { sessionRef, busyRef, discard, fail, stop, finish } = useRecorderSession(state);
  // bumped by reset and unmount, so a permission prompt answered afterwards starts nothing
  const attempt = useRef(0);

  const start = useCallback(() => {
    if (busyRef.current) return;
    if (!canRecord()) {
      setStatus('unsupported');
      return;
    }
    busyRef.current = true;
    const thisAttempt = ++attempt.current;
    replaceTake(null);
    setElapsedMs(0);
    setLevel(0);
    setStatus('requesting');

    void (async () => {
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        if (thisAttempt !== attempt.current) return;
        fail(recorderErrorOf(error));
        return;
      }
      if (thisAttempt !== attempt.current) {
        // reset or unmounted while the browser asked: give the microphone straight back
        for (const track of stream.getTracks()) track.stop();
        return;
      }

      const current = newSession(stream);
      sessionRef.current = current;
      try {
        startRecorder(
          current,
          () => finish(current),
          () => {
            if (sessionRef.current === current) fail('failed');
          },
        );
      } catch (error) {
        fail(recorderErrorOf(error));
        return;
      }
      current.startedAt = performance.now();
      startTicker(current, () => sessionRef.current === current, maxMsRef, setElapsedMs, setLevel);
      current.limit = setTimeout(stop, maxMsRef.current);
      setStatus('recording');
    })();
  }, [busyRef, fail, finish, maxMsRef, replaceTake, sessionRef, setElapsedMs, setLevel, setStatus, stop]);

  const reset = useCallback(() => {
    attempt.current += 1;
    discard();
    replaceTake(null);
    setElapsedMs(0);
    setLevel(0);
    setStatus('idle');
  }, [discard, replaceTake, setElapsedMs, setLevel, setStatus]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      attempt.current += 1;
      discard();
      replaceTake(null);
    };
  }, [discard, mountedRef, replaceTake]);

  return { status, elapsedMs, level, take, start, stop, reset };
}

/**
 * Connects `current`'s microphone to an `AnalyserNode` for the level meter, keeping the
 * `AudioContext` on the session so it is closed with it. Returns null when Web Audio is missing or
 * refuses: the meter then stays at 0 while the recording itself goes on.
 */
function listen(current: Session): AnalyserNode | null {
  if (typeof AudioContext === 'undefined') return null;
  try {
    const context = new AudioContext();
    current.audioContext = context;
    // a context created outside a user gesture can start suspended (Safari); the tap on Record allows resuming it
    if (context.state === 'suspended') context.resume().catch(() => undefined);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(current.stream).connect(analyser);
    return analyser;
  } catch {
    return null;
  }
}
