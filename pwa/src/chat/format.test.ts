import { describe, expect, it } from 'vitest';
import { t } from '../platform/i18n';
import {
  canSend,
  checkAttachment,
  FILE_TOO_LARGE,
  filterMessages,
  formatSize,
  formatTime,
  makeTempId,
  MAX_ATTACHMENT_BYTES,
  SENDER_PALETTE,
  SENDER_PALETTE_DARK,
  senderColor,
} from './format';

/** WCAG 2.x contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('senderColor (docs/product.md#discussion, docs/product.md#constants-and-limits: 8-colour palette)', () => {
  it('has 8 distinct colours', () => {
    expect(new Set(SENDER_PALETTE).size).toBe(8);
  });

  it('gives a name the same colour every time, from the palette', () => {
    for (const name of ['Ada Admin', 'Grace Hopper', 'Deleted user', '', 'Zoë Ñandú 🙂']) {
      const colour = senderColor(name);
      expect(SENDER_PALETTE).toContain(colour);
      expect(senderColor(name)).toBe(colour);
      expect(senderColor(String(name))).toBe(colour);
    }
  });

  it('is a fixed function of the name (the same on every device and after reloads)', () => {
    // 31-multiplier hash modulo 8: "A" = 65 → 1, "B" = 66 → 2, "H" = 72 → 0, "AB" = 65·31 + 66 = 2081 → 1.
    expect(senderColor('A')).toBe(SENDER_PALETTE[1]);
    expect(senderColor('B')).toBe(SENDER_PALETTE[2]);
    expect(senderColor('H')).toBe(SENDER_PALETTE[0]);
    expect(senderColor('AB')).toBe(SENDER_PALETTE[1]);
  });

  it('reads at 4.5:1 or more on the bubble, in light (white) and in dark (#2a2f2a) colours', () => {
    for (const colour of SENDER_PALETTE) expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    for (const colour of SENDER_PALETTE_DARK) expect(contrast(colour, '#2a2f2a')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a name the same hue in dark colours, from the dark palette', () => {
    expect(new Set(SENDER_PALETTE_DARK).size).toBe(8);
    for (const name of ['Ada Admin', 'Grace Hopper', 'A', 'B']) {
      expect(SENDER_PALETTE_DARK.indexOf(senderColor(name, 'dark') as never)).toBe(SENDER_PALETTE.indexOf(senderColor(name) as never));
    }
  });

  it('spreads different names over the palette', () => {
    const names = Array.from({ length: 64 }, (_, i) => `Person ${i}`);
    expect(new Set(names.map((name) => senderColor(name))).size).toBe(8);
  });
});

describe('formatTime (docs/product.md#discussion: hh:mm in 12-hour form)', () => {
  const at = (h: number, m: number) => new Date(2024, 4, 6, h, m).toISOString();

  it.each([
    [0, 5, '12:05 AM'],
    [9, 7, '09:07 AM'],
    [12, 0, '12:00 PM'],
    [13, 30, '01:30 PM'],
    [23, 59, '11:59 PM'],
  ])('%i:%i → %s', (h, m, text) => {
    expect(formatTime(at(h, m))).toBe(text);
  });

  it('gives nothing for an unreadable time', () => {
    expect(formatTime('not a time')).toBe('');
  });
});

describe('formatSize (docs/product.md#discussion: KB to one decimal)', () => {
  it.each([
    [0, '0.0 KB'],
    [100, '0.1 KB'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [5_242_880, '5120.0 KB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('checkAttachment (docs/product.md#chat-validation: at most 5,242,880 bytes)', () => {
  it('accepts exactly 5 MB and refuses one byte more with the spec text', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(5_242_880);
    expect(checkAttachment({ size: 5_242_880 })).toBeNull();
    expect(checkAttachment({ size: 5_242_881 })).toBe('File size exceeds 5MB limit');
    expect(t(FILE_TOO_LARGE)).toBe('File size exceeds 5MB limit');
  });
});

describe('filterMessages (docs/product.md#discussion)', () => {
  const messages = [{ content: 'Hello World' }, { content: 'the WORLD cup' }, { content: 'nothing here' }, { content: '' }];

  it('keeps messages whose content contains the query, ignoring case', () => {
    expect(filterMessages(messages, 'world')).toEqual([messages[0], messages[1]]);
    expect(filterMessages(messages, '  WoRlD ')).toEqual([messages[0], messages[1]]);
    expect(filterMessages(messages, 'xyz')).toEqual([]);
  });

  it('keeps everything for a blank query', () => {
    expect(filterMessages(messages, '   ')).toEqual(messages);
  });
});

describe('canSend (docs/product.md#chat-validation)', () => {
  it('needs text that is not blank or a file, and not while loading', () => {
    expect(canSend('', false, false)).toBe(false);
    expect(canSend('  \n ', false, false)).toBe(false);
    expect(canSend('hi', false, false)).toBe(true);
    expect(canSend('', true, false)).toBe(true);
    expect(canSend('hi', true, true)).toBe(false);
  });
});

describe('makeTempId (docs/product.md#data: time plus a random string)', () => {
  it('starts with the time and differs every time', () => {
    const a = makeTempId(1718000000000);
    const b = makeTempId(1718000000000);
    expect(a).toMatch(/^1718000000000-[a-z0-9]+$/);
    expect(a).not.toBe(b);
  });
});
