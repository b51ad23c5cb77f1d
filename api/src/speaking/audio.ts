import { parseBuffer } from 'music-metadata';

/**
 * The length of a trusted recording in ms — the demo data's own files (`demo/seed.ts`); uploads are
 * measured from their audio by `speaking/audioLength.ts` instead (docs/product.md#speaking-practice) —
 * read by music-metadata:
 * from the container's header where it records one, else by reading the whole file. `null` when
 * the file cannot be parsed as audio or says nothing of its length.
 * @param type the MIME type its signature gave (`audio/webm`, `audio/ogg`, `audio/mp4`, `audio/wav`)
 */
export async function audioDurationMs(bytes: Uint8Array, type: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(bytes, { mimeType: type, size: bytes.byteLength }, { duration: true, skipCovers: true });
    return format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0 ? Math.round(format.duration * 1000) : null;
  } catch {
    return null;
  }
}
