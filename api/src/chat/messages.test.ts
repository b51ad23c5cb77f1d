import { describe, expect, it } from 'vitest';
import { ChatInputError, decodeAttachment, FILE_TOO_LARGE_TEXT, FILE_TYPE_TEXT, sanitizeFileName } from './messages.js';
import { DELETED_USER_NAME, presentChatMessage } from './presenter.js';
import { contentDisposition } from './routes.js';

describe('sanitizeFileName', () => {
  it.each([
    ['C:\\fakepath\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\nc.png', 'abc.png'],
    ['   ', 'attachment'],
    ['x'.repeat(300), 'x'.repeat(255)],
  ])('%j → %j', (input, output) => {
    expect(sanitizeFileName(input)).toBe(output);
  });
});

describe('decodeAttachment', () => {
  const file = (data: string, type = 'image/png') => ({ data, name: 'a.png', type });

  it('decodes a base64 data URL', () => {
    const decoded = decodeAttachment(file('data:image/png;base64,AQID'));
    expect([...decoded.bytes]).toEqual([1, 2, 3]);
    expect(decoded.declaredType).toBe('image/png');
  });

  it('refuses a size over 5,242,880 bytes before decoding', () => {
    const payload = 'A'.repeat(Math.ceil(5_242_881 / 3) * 4);
    expect(() => decodeAttachment(file(`data:image/png;base64,${payload}`))).toThrow(FILE_TOO_LARGE_TEXT);
  });

  it.each([
    ['a data URL that is not base64', 'data:image/png,abc', 'The file data must be a base64 data URL.'],
    ['broken base64', 'data:image/png;base64,ab$c', 'The file data is not valid base64.'],
    ['an empty file', 'data:image/png;base64,', 'The file is empty.'],
  ])('refuses %s', (_label, data, text) => {
    expect(() => decodeAttachment(file(data))).toThrow(new ChatInputError(text));
  });

  it('refuses a declared type other than image/*, PDF, DOC or DOCX', () => {
    expect(() => decodeAttachment(file('data:text/html;base64,AQID', 'text/html'))).toThrow(FILE_TYPE_TEXT);
  });
});

describe('presentChatMessage', () => {
  it('names a deleted sender "Deleted user"', () => {
    const json = presentChatMessage({ _id: '0123456789abcdef01234567', userId: null, senderName: 'Old Name', createdAt: new Date(0) });
    expect(json).toMatchObject({ sender: DELETED_USER_NAME, user_id: null, content: '', timestamp: '1970-01-01T00:00:00.000Z' });
  });
});

describe('contentDisposition', () => {
  it('keeps a plain name and quotes nothing dangerous', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});
