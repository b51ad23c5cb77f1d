/**
 * How `GET /uploads/:name` presents a file (docs/product.md#files): the image types course images and
 * profile photos are shown as — PNG, JPEG, WebP and GIF — are answered inline; every other type
 * (another raster format such as BMP or TIFF, or a file that reached the folder some other way, an
 * HTML page or an SVG among them) is answered as a download, so the browser never renders it as a
 * page of the app's origin. An `<img>` shows an image whatever its disposition.
 */

/** The content types `/uploads` answers inline: `image/png`, `image/jpeg`, `image/webp`, `image/gif`. */
export const INLINE_UPLOAD_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * The extra headers of an `/uploads` answer: none for a type of `INLINE_UPLOAD_TYPES`, else
 * `Content-Disposition: attachment; filename="<name>"` (`X-Content-Type-Options: nosniff` is sent
 * with every stored file by `sendServedFile`).
 * @param type the file's content type, e.g. `image/png` (parameters after `;` are ignored)
 * @param name the stored name, which `UPLOAD_NAME_PATTERN` keeps to letters, digits, `.`, `_` and `-`
 */
export function uploadDispositionHeaders(type: string, name: string): Record<string, string> {
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (INLINE_UPLOAD_TYPES.has(bare)) return {};
  return { 'Content-Disposition': `attachment; filename="${name.replace(/["\\]/g, '_')}"` };
}
