/** A take as the analysis reads it: mono samples, −1…1, at `sampleRate` Hz. */
export interface DecodedTake {
  samples: Float32Array;
  /** Hz */
  sampleRate: number;
}

/**
 * Decodes a recorded take for the delivery analysis (docs/product.md#how-did-it-sound): the
 * browser decodes it (`AudioContext.decodeAudioData`, off the main thread), then an
 * `OfflineAudioContext` with one channel at `sampleRate` renders it, which mixes the channels to
 * mono ((L + R) / 2) and resamples in one pass. A take without audio gives no samples.
 * @param sampleRate the analysis' rate, Hz (`ANALYSIS_SAMPLE_RATE`, 16 000)
 * @throws when the browser has no Web Audio or cannot decode the take's format.
 */
export async function decodeTake(blob: Blob, sampleRate: number): Promise<DecodedTake> {
  const encoded = await blob.arrayBuffer();
  const context = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await context.decodeAudioData(encoded);
  } finally {
    void context.close().catch(() => undefined);
  }
  const length = Math.ceil(decoded.duration * sampleRate);
  if (length === 0) return { samples: new Float32Array(0), sampleRate };
  const offline = new OfflineAudioContext(1, length, sampleRate);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  return { samples: rendered.getChannelData(0), sampleRate };
}
