/**
 * The emoji picker (docs/product.md#constants-and-limits, docs/product.md#api "Emoji picker
 * data", docs/product.md#clarified-behaviour): emoji-mart's picker element with the
 * bundled `@emoji-mart/data`, its texts in the active language (its built-in English, or the
 * package's own Spanish and French bundled as chunks), so it never fetches from a CDN and works
 * offline. Loaded lazily, on first open.
 */
import data from '@emoji-mart/data';
import { Picker } from 'emoji-mart';
import { useEffect, useRef } from 'react';
import { useI18n, type Language } from '../platform/i18n';

/** emoji-mart's own texts per language; English is built into the picker. */
const PICKER_TEXTS: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('@emoji-mart/data/i18n/es.json'),
  fr: () => import('@emoji-mart/data/i18n/fr.json'),
};

/** The picker's `locale` and `i18n` options for a language. */
function pickerLanguage(language: Language): { locale: Language; i18n?: () => Promise<unknown> } {
  if (language === 'en') return { locale: 'en' };
  const load = PICKER_TEXTS[language];
  return { locale: language, i18n: () => load().then((module) => module.default) };
}

/**
 * The spec's defaults: 9 emojis per line, 4 frequently-used rows, emoji
 * size 24, button size 36. The search's "at most 90 results" is emoji-mart's
 * own limit (`SearchIndex.search` keeps 90). `set: 'native'` draws system
 * emoji, so no sprite sheet is fetched either.
 */
export const EMOJI_PICKER_OPTIONS = {
  perLine: 9,
  maxFrequentRows: 4,
  emojiSize: 24,
  emojiButtonSize: 36,
  set: 'native',
  theme: 'light',
  previewPosition: 'none',
  skinTonePosition: 'search',
} as const;

/** Props of {@link EmojiPicker}. */
export interface EmojiPickerProps {
  /** called with the chosen emoji's text, e.g. "😀" */
  onSelect: (emoji: string) => void;
  /** called on a click outside the picker (except on `toggle`); the composer handles Escape */
  onClose: () => void;
  /** the toggle button, whose clicks are not "outside" */
  toggle?: HTMLElement | null;
}

/** emoji-mart's picker in a dialog region; focus starts in its search box. */
export default function EmojiPicker({ onSelect, onClose, toggle }: EmojiPickerProps) {
  const { t, language } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onSelect, onClose, toggle });

  useEffect(() => {
    callbacks.current = { onSelect, onClose, toggle };
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const picker = new Picker({
      ...EMOJI_PICKER_OPTIONS,
      ...pickerLanguage(language),
      data,
      autoFocus: true,
      onEmojiSelect: (emoji: { native?: string }) => {
        if (emoji.native) callbacks.current.onSelect(emoji.native);
      },
      onClickOutside: (event: MouseEvent) => {
        const { toggle: button, onClose: close } = callbacks.current;
        if (button && event.composedPath().includes(button)) return;
        close();
      },
    }) as unknown as HTMLElement;
    el.appendChild(picker);
    return () => picker.remove();
  }, [language]);

  return <div ref={host} className="chat-emoji" role="dialog" aria-label={t('chat.emojiPicker')} />;
}
