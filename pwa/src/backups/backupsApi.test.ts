import { afterEach, describe, expect, it } from 'vitest';
import { installMessages } from '../platform/i18n';
import en from '../platform/i18n/messages/en.json';
import fr from '../platform/i18n/messages/fr.json';
import { formatSize } from './backupsApi';

afterEach(() => installMessages('en', en));

describe('formatSize (docs/product.md#backups-on-the-settings-screen: sizes as the backup command prints them)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [999, '999 B'],
    [1_000, '1.0 KB'],
    [123_456, '123.5 KB'],
    [120_000, '120.0 KB'],
    [12_000_000, '12.0 MB'],
    [1_234_567_890, '1.2 GB'],
    [5_000_000_000_000, '5.0 TB'],
  ])('%i bytes read "%s" in English (powers of 1000)', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('follows the active language: a decimal comma and French units', () => {
    installMessages('fr', fr);
    expect(formatSize(123_456)).toBe('123,5\u00a0Ko');
    expect(formatSize(512)).toBe('512\u00a0o');
  });
});
