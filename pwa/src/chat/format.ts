/**
 * Formatting and checks of the discussion screen (docs/product.md#discussion, docs/product.md#chat-validation,
 * docs/product.md#constants-and-limits). Pure functions, tested in `format.test.ts`; texts,
 * times and sizes come out in the active language.
 */
import { intl, t, type MessageId } from '../platform/i18n';
import type { ChatEntry } from './state';
import { formatDate } from '../platform/i18n/dates';

/** Largest attachment: 5,242,880 bytes (docs/product.md#chat-validation, docs/product.md#constants-and-limits). */
export const MAX_ATTACHMENT_BYTES = 5_242_880;

/** The file chooser's `accept` (docs/product.md#chat-validation: image/*, .pdf, .doc, .docx). */
export const ATTACHMENT_ACCEPT = 'image/*,.pdf,.doc,.docx';

/** The catalogue key of the spec's text for a file over the limit (docs/product.md#error-messages); the server's `file_too_large` says the same. */
export const FILE_TOO_LARGE: MessageId = 'errors.file_too_large';

/**
 * The 8 sender-name colours (docs/product.md#constants-and-limits),
 * each at least 4.5:1 against the white bubble.
 */
export const SENDER_PALETTE = ['#b03a2e', '#1f618d', '#117a65', '#7d3c98', '#a04000', '#2e7d32', '#ad1457', '#5d4037'] as const;

/**
 * The same 8 hues, lighter, for dark colours (docs/architecture.md#dark-mode-and-reduced-motion):
 * each at least 4.5:1 against the dark bubble (`--oracy-surface-muted`, #2a2f2a).
 */
export const SENDER_PALETTE_DARK = ['#f28b82', '#8ab4f8', '#4db6ac', '#ce93d8', '#ffab70', '#81c784', '#f48fb1', '#bcaaa4'] as const;

/**
 * The colour of a sender's name (docs/product.md#discussion): a stable hash of the name
 * (31-multiplier over its UTF-16 code units, unsigned 32-bit) modulo 8, so
 * the same name always gets the same colour, on every device; `scheme` picks the light or the
 * dark palette's entry of that hue.
 */
export function senderColor(name: string, scheme: 'light' | 'dark' = 'light'): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) >>> 0;
  return (scheme === 'dark' ? SENDER_PALETTE_DARK : SENDER_PALETTE)[hash % SENDER_PALETTE.length]!;
}

/**
 * A message's time in the device's time zone, the app's `time` kind (docs/product.md#discussion:
 * "hh:mm in 12-hour form"): in English `hh:mm AM`/`hh:mm PM`, midnight and noon reading 12; in
 * Spanish and French the language's own `hh:mm` (24-hour, as those languages write times). An
 * unreadable time gives "".
 */
export function formatTime(iso: string): string {
  return formatDate(iso, 'time');
}

/** An attachment's size in KB to one decimal (docs/product.md#discussion), in the active language: 1536 → "1.5 KB" ("1,5 Ko" in French). */
export function formatSize(bytes: number): string {
  const size = intl().formatNumber(Number((bytes / 1024).toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return t('chat.fileSize', { size });
}

/**
 * A new tempId (docs/product.md#data): the current time in ms plus a random string,
 * e.g. `1718000000000-k3j9x2ab`.
 */
export function makeTempId(now: number = Date.now()): string {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  return `${now}-${Array.from(random, (n) => n.toString(36)).join('')}`;
}

/** The loaded messages whose content contains `query`, ignoring case (docs/product.md#discussion); all of them for a blank query. */
export function filterMessages<T extends Pick<ChatEntry, 'content'>>(messages: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...messages];
  return messages.filter((message) => message.content.toLowerCase().includes(needle));
}

/** Whether the composer can send (docs/product.md#chat-validation): text that is not blank, or a file; and not while loading. */
export function canSend(text: string, hasFile: boolean, loading: boolean): boolean {
  return !loading && (text.trim() !== '' || hasFile);
}

/**
 * Checks a chosen attachment (docs/product.md#chat-validation).
 * @returns the error text to show in the active language — {@link FILE_TOO_LARGE} over 5,242,880 bytes — or null when it may be attached
 */
export function checkAttachment(file: Pick<File, 'size'>): string | null {
  return file.size > MAX_ATTACHMENT_BYTES ? t(FILE_TOO_LARGE) : null;
}

/** True for a MIME type the bubble shows inline as an image. */
export function isImageType(type: string | null | undefined): boolean {
  return typeof type === 'string' && type.startsWith('image/');
}
