import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveEntryProblem } from './archive.js';
import { BadArchiveError, RefusedArchiveEntriesError, restoreBackup } from './restore.js';

// A restore takes only what a backup writes (docs/architecture.md#backups): hand-made archives.

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'oracy-restore-entries-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A folder laid out as a backup, with a manifest that is never read (the entries are refused first). */
function backupLikeFolder(name: string): string {
  const dir = join(root, name, 'src');
  mkdirSync(join(dir, 'db'), { recursive: true });
  mkdirSync(join(dir, 'uploads', 'chat'), { recursive: true });
  mkdirSync(join(dir, 'uploads', 'recordings'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'oracy-backup', formatVersion: 1 }));
  writeFileSync(join(dir, 'db', 'oracy.sqlite'), 'not read');
  writeFileSync(join(dir, 'uploads', 'course-0123456789abcdef01234567.png'), 'png');
  return dir;
}

describe('archiveEntryProblem (docs/architecture.md#backups)', () => {
  it('accepts every entry a backup writes', () => {
    const entries: Array<[string, string]> = [
      ['manifest.json', 'File'],
      ['db/', 'Directory'],
      ['db/oracy.sqlite', 'File'],
      ['uploads/', 'Directory'],
      ['uploads/course-0123456789abcdef01234567.jpg', 'File'],
      ['uploads/photo-0123456789abcdef01234567.webp', 'File'],
      ['uploads/chat/', 'Directory'],
      ['uploads/chat/chat-0123456789abcdef01234567.pdf', 'File'],
      ['uploads/chat/chat-0123456789abcdef01234567.docx', 'File'],
      ['uploads/chat/chat-0123456789abcdef01234567.gif', 'File'],
      ['uploads/recordings/', 'Directory'],
      ['uploads/recordings/recording-0123456789abcdef01234567.webm', 'File'],
      ['uploads/recordings/recording-0123456789abcdef01234567.wav', 'File'],
      ['uploads/recordings/recording-0123456789abcdef01234567.m4a', 'File'],
      ['uploads/recordings/recording-0123456789abcdef01234567.ogg', 'File'],
    ];
    for (const [path, type] of entries) expect(archiveEntryProblem({ path, type }), path).toBeNull();
  });

  it.each([
    ['uploads/evil.html', 'File', 'uploads/evil.html (a file type a backup does not hold)'],
    ['uploads/logo.svg', 'File', 'uploads/logo.svg (a file type a backup does not hold)'],
    ['uploads/chat/x.js', 'File', 'uploads/chat/x.js (a file type a backup does not hold)'],
    ['uploads/recordings/take.png', 'File', 'uploads/recordings/take.png (a file type a backup does not hold)'],
    ['uploads/.htaccess', 'File', 'uploads/.htaccess (a file type a backup does not hold)'],
    ['uploads/other/photo.png', 'File', 'uploads/other/photo.png (in a folder a backup does not hold)'],
    ['uploads/other/', 'Directory', 'uploads/other/ (a folder a backup does not hold)'],
    ['notes.txt', 'File', 'notes.txt (a file a backup does not hold)'],
    ['db/oracy.sqlite-wal', 'File', 'db/oracy.sqlite-wal (not a database file)'],
    ['../outside.png', 'File', "../outside.png (a path outside the backup's folders)"],
    ['uploads/../../etc/cron.d/x', 'File', "uploads/../../etc/cron.d/x (a path outside the backup's folders)"],
    ['/etc/passwd', 'File', "/etc/passwd (a path outside the backup's folders)"],
    ['uploads/link.png', 'SymbolicLink', 'uploads/link.png (a SymbolicLink, not a file or folder)'],
    ['uploads/hard.png', 'Link', 'uploads/hard.png (a Link, not a file or folder)'],
  ])('refuses %s (%s)', (path, type, problem) => {
    expect(archiveEntryProblem({ path, type })).toBe(problem);
  });
});

describe('restoreBackup refuses an archive with entries a backup never has (docs/architecture.md#backups)', () => {
  it('lists uploads/evil.html, a path-traversal entry and a link, and writes nothing', async () => {
    const dir = backupLikeFolder('evil');
    writeFileSync(join(dir, 'uploads', 'evil.html'), '<script>alert(document.cookie)</script>');
    symlinkSync('/etc/passwd', join(dir, 'uploads', 'link.png'));
    writeFileSync(join(root, 'evil', 'outside.html'), 'written beside the data folder');
    const file = join(root, 'evil', 'evil.tar.gz');
    // preservePaths keeps `../outside.html` as written, as a hand-made archive would carry it.
    await create({ file, cwd: dir, gzip: true, preservePaths: true }, ['manifest.json', 'db', 'uploads', '../outside.html']);
    rmSync(join(root, 'evil', 'outside.html'));

    const dataDir = join(root, 'evil', 'data');
    const refusal = await restoreBackup({ dataDir, file }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(RefusedArchiveEntriesError);
    expect(refusal).toBeInstanceOf(BadArchiveError);
    const error = refusal as RefusedArchiveEntriesError;
    expect([...error.refused].sort()).toEqual([
      "../outside.html (a path outside the backup's folders)",
      'uploads/evil.html (a file type a backup does not hold)',
      'uploads/link.png (a SymbolicLink, not a file or folder)',
    ]);
    expect(error.message).toMatch(/evil\.tar\.gz is not a usable Oracy backup: it holds 3 entries a backup never has, so nothing was restored: /);
    expect(error.message).toContain('uploads/evil.html (a file type a backup does not hold)');
    // nothing written: no database, no uploads, no staging folder, nothing beside the data folder.
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(join(root, 'evil', 'outside.html'))).toBe(false);
  });

  it('keeps what a data folder already holds when it refuses with --force', async () => {
    const dir = backupLikeFolder('forced');
    writeFileSync(join(dir, 'uploads', 'chat', 'page.html'), '<h1>hi</h1>');
    const file = join(root, 'forced', 'forced.tar.gz');
    await create({ file, cwd: dir, gzip: true }, ['manifest.json', 'db', 'uploads']);
    const dataDir = join(root, 'forced', 'data');
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'course-aaaaaaaaaaaaaaaaaaaaaaaa.png'), 'kept');
    writeFileSync(join(dataDir, 'db', 'oracy.sqlite'), 'kept');

    await expect(restoreBackup({ dataDir, file, force: true })).rejects.toThrow(/it holds an entry a backup never has, so nothing was restored: uploads\/chat\/page\.html/);
    expect(readdirSync(dataDir).sort()).toEqual(['db', 'uploads']);
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual(['course-aaaaaaaaaaaaaaaaaaaaaaaa.png']);
  });
});
