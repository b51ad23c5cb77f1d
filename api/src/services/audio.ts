import { parseBuffer } from 'music-metadata';

/**
 * The length of a recording in ms, read from the file itself by music-metadata (docs/product.md#speaking-practice):
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
