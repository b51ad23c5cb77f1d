/**
 * A fake microphone for tests of recording code in jsdom, which has none of the media APIs:
 * `navigator.mediaDevices.getUserMedia`, `MediaRecorder` (handing over one Blob on stop, like a
 * browser recording without a timeslice), `AudioContext` with an `AnalyserNode` whose samples have
 * a chosen amplitude, and `URL.createObjectURL` / `revokeObjectURL`. {@link installFakeMedia}
 * installs them for the current test and removes them when it finishes.
 */
import { onTestFinished, vi, type Mock } from 'vitest';

/** One microphone track: `stopped` turns true when the code under test stops it (the indicator goes off). */
export class FakeTrack {
  kind = 'audio';
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

/** A stream of one {@link FakeTrack}. */
export class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks;
  }
}

/** Handlers the code under test sets on a recorder, as the browser calls them. */
type Handler<E> = ((event: E) => void) | null;

/** What a test controls and observes; one per {@link installFakeMedia}. */
export interface FakeMedia {
  /** the fake `getUserMedia`; by default it resolves with a new {@link FakeStream} */
  getUserMedia: Mock<(constraints: MediaStreamConstraints) => Promise<FakeStream>>;
  /** every stream handed out, in order */
  streams: FakeStream[];
  /** every recorder constructed, in order */
  recorders: FakeMediaRecorder[];
  /** every audio context constructed, in order */
  audioContexts: FakeAudioContext[];
  /** the MIME types `MediaRecorder.isTypeSupported` accepts */
  supportedTypes: string[];
  /** the amplitude (0–1) of every sample the analyser gives */
  amplitude: number;
  /** object URLs created and revoked, in order */
  createdUrls: string[];
  revokedUrls: string[];
}

/** A `MediaRecorder` that records nothing: on `stop()` it hands over one Blob of its type, then fires `stop`, each a microtask later. */
export class FakeMediaRecorder {
  static media: FakeMedia;
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.media.supportedTypes.includes(type);
  }

  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  readonly options: MediaRecorderOptions | undefined;
  ondataavailable: Handler<{ data: Blob }> = null;
  onstop: Handler<Event> = null;
  onerror: Handler<Event> = null;

  constructor(
    readonly stream: FakeStream,
    options?: MediaRecorderOptions,
  ) {
    this.options = options;
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.media.recorders.push(this);
  }

  start(): void {
    if (this.state !== 'inactive') throw new DOMException('already recording', 'InvalidStateError');
    this.state = 'recording';
  }

  stop(): void {
    if (this.state === 'inactive') throw new DOMException('not recording', 'InvalidStateError');
    this.state = 'inactive';
    void Promise.resolve()
      .then(() => this.ondataavailable?.({ data: new Blob(['fake audio'], { type: this.mimeType }) }))
      .then(() => this.onstop?.(new Event('stop')));
  }

  /** Fails as a browser's recorder can mid-recording. */
  fail(): void {
    this.state = 'inactive';
    this.onerror?.(new Event('error'));
  }
}

/** An `AnalyserNode` whose time-domain samples all have the media's `amplitude`. */
export class FakeAnalyser {
  fftSize = 2048;
  constructor(private readonly media: FakeMedia) {}
  getFloatTimeDomainData(samples: Float32Array): void {
    samples.fill(this.media.amplitude);
  }
  connect(): void {}
  disconnect(): void {}
}

/** An `AudioContext` that only builds {@link FakeAnalyser}s; `closed` turns true on `close()`. */
export class FakeAudioContext {
  static media: FakeMedia;
  state: 'running' | 'suspended' | 'closed' = 'running';
  sources: FakeStream[] = [];
  constructor() {
    FakeAudioContext.media.audioContexts.push(this);
  }
  get closed(): boolean {
    return this.state === 'closed';
  }
  createAnalyser(): FakeAnalyser {
    return new FakeAnalyser(FakeAudioContext.media);
  }
  createMediaStreamSource(stream: FakeStream): { connect: (node: unknown) => void; disconnect: () => void } {
    this.sources.push(stream);
    return { connect: () => undefined, disconnect: () => undefined };
  }
  resume(): Promise<void> {
    this.state = 'running';
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}

/**
 * Installs the fake media APIs for the current test (removed again when it finishes). `without`
 * leaves pieces out, as an old browser or a page not served over HTTPS would: `mediaDevices`
 * (no `navigator.mediaDevices`), `MediaRecorder`, or `AudioContext`.
 */
export function installFakeMedia(options: { supportedTypes?: string[]; without?: Array<'mediaDevices' | 'MediaRecorder' | 'AudioContext'> } = {}): FakeMedia {
  const without = new Set(options.without ?? []);
  const media: FakeMedia = {
    getUserMedia: vi.fn(async () => {
      const stream = new FakeStream();
      media.streams.push(stream);
      return stream;
    }),
    streams: [],
    recorders: [],
    audioContexts: [],
    supportedTypes: options.supportedTypes ?? ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'],
    amplitude: 0,
    createdUrls: [],
    revokedUrls: [],
  };
  FakeMediaRecorder.media = media;
  FakeAudioContext.media = media;

  if (!without.has('mediaDevices')) {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: media.getUserMedia } });
    onTestFinished(() => {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    });
  }
  if (!without.has('MediaRecorder')) vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  if (!without.has('AudioContext')) vi.stubGlobal('AudioContext', FakeAudioContext);

  const urls = URL as unknown as { createObjectURL?: (blob: Blob) => string; revokeObjectURL?: (url: string) => void };
  const { createObjectURL, revokeObjectURL } = urls;
  urls.createObjectURL = () => {
    const url = `blob:fake/${media.createdUrls.length + 1}`;
    media.createdUrls.push(url);
    return url;
  };
  urls.revokeObjectURL = (url: string) => {
    media.revokedUrls.push(url);
  };
  onTestFinished(() => {
    urls.createObjectURL = createObjectURL;
    urls.revokeObjectURL = revokeObjectURL;
  });
  return media;
}

/** A `getUserMedia` failure as the browser reports it: a `DOMException` named `name` (e.g. `NotAllowedError`). */
export function mediaError(name: string): DOMException {
  return new DOMException(`fake ${name}`, name);
}
