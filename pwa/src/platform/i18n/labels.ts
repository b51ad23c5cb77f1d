/**
 * Tables of texts that stay in the active language (docs/contributing.md#texts-and-languages):
 * a module-level table of labels (strand names, role names, band words) keeps catalogue keys,
 * and each property is translated when it is read, so a language switch reaches every screen
 * that reads the table while it renders.
 */
import { t, type MessageId } from './index';

/**
 * A read-only object with the keys of `ids` whose every property is `t(ids[key])`, computed at
 * each read (enumerable getters, in `ids`' order): `STRAND_LABELS.linguistic` reads "Linguistic"
 * in English and "Lingüística" in Spanish. Reading a property before a catalogue is loaded throws,
 * as `t()` does.
 */
export function translatedTable<K extends string>(ids: Readonly<Record<K, MessageId>>): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const key of Object.keys(ids) as K[]) {
    Object.defineProperty(table, key, { enumerable: true, get: () => t(ids[key]) });
  }
  return Object.freeze(table);
}
