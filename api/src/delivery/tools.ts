import { decodeForAnalysis } from './analysis/decode.js';
import { analyseInThread, decodeWavInThread } from './analysisThread.js';
import type { DeliveryTools } from './service.js';

export { ffmpegAvailable } from './analysis/decode.js';

/**
 * The decoder and the analysis the server measures recordings with
 * (docs/product.md#measured-by-the-server): `decodeForAnalysis` (WAV in the worker thread, WebM, Ogg
 * and MP4 through an ffmpeg child process) and `analyseDelivery`, both of `api/src/delivery/`, the
 * analysis in the worker thread too (`analysisThread.ts`): no decoding nor analysis runs on the
 * main thread, so none holds up requests.
 * @param opts.ffmpegPath the ffmpeg program (default `ffmpeg` on PATH)
 * @param opts.timeoutMs one decoding's time limit, ms (the decoder's default, 20,000, when left out)
 */
export function serverDeliveryTools(opts: { ffmpegPath?: string; timeoutMs?: number } = {}): DeliveryTools {
  return {
    decode: (bytes, type) => (type === 'audio/wav' ? decodeWavInThread(bytes) : decodeForAnalysis(bytes, type, opts)),
    analyse: analyseInThread,
  };
}
