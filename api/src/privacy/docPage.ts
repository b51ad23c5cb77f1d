import { DERIVED_DATA, PRIVACY_REGISTER, collectionOf, type OwnerPath, type RegisterEntry } from './register.js';

/**
 * `docs/personal-data.md`, written from the privacy register (docs/decisions/0027-one-privacy-register.md):
 * `docPage.test.ts` fails when the file differs from what this renders, so a new model, or a
 * changed entry, changes the page too. `writeDocPage.ts` writes it.
 */

/** Text safe inside a Markdown table cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const ROLE_WORDS: Record<OwnerPath['role'], string> = {
  subject: 'the record is about them',
  author: 'they wrote it',
  actor: 'they acted on it',
};

/** What one owner path's erasure does, in words. */
function erasureWords(owner: OwnerPath): string {
  if (owner.onErasure === 'delete') return 'deleted';
  if (owner.onErasure === 'detach') return `\`${owner.path}\` set to null`;
  const also = Object.entries(owner.replaceWith ?? {}).map(([key, value]) => `\`${key}\` ${value === null ? 'null' : JSON.stringify(value)}`);
  const unless = owner.deleteIf ? `; deleted instead when it matches \`${JSON.stringify(owner.deleteIf)}\`` : '';
  return `anonymised: \`${owner.path}\` null${also.length ? `, ${also.join(', ')}` : ''}${unless}`;
}

/** The retention rule a sweep applies, in words, or ''. */
function ruleWords(entry: RegisterEntry): string {
  const rule = entry.retention.rule;
  if (!rule) return '';
  if (rule.kind === 'until') return ` Rule: removed once \`${rule.path}\` has passed.`;
  if (rule.kind === 'afterDays') return ` Rule: removed ${rule.days} days after \`${rule.path}\`.`;
  return ` Rule: files removed from the records matching \`${JSON.stringify(rule.when)}\` once the school’s \`${rule.setting}\` days after \`${rule.path}\` have passed.`;
}

/** One collection's section. */
function section(entry: RegisterEntry): string {
  const lines = [`### ${entry.label}`, '', `Model \`${entry.model}\`, collection \`${collectionOf(entry)}\`. ${entry.purpose}`, ''];
  lines.push(entry.personalData.length ? `- **Personal data:** ${entry.personalData.map((f) => `\`${f.path}\` (${f.description})`).join('; ')}.` : '- **Personal data:** none.');
  if (entry.owners.length) {
    lines.push(`- **Whose:** ${entry.owners.map((o) => `\`${o.path}\` — ${ROLE_WORDS[o.role]}; on erasure ${erasureWords(o)}`).join('. ')}.`);
  }
  if (entry.linked?.length) lines.push(`- **Goes with:** ${entry.linked.map((l) => `the \`${l.model}\` record named by \`${l.path}\``).join('; ')}.`);
  if (entry.files?.length)
    lines.push(`- **Files:** ${entry.files.map((f) => `\`${f.path}\` — ${f.description.toLowerCase()}, in the ${f.store} upload store`).join('; ')}; removed with the record.`);
  lines.push(`- **Who can see it:** ${entry.whoCanSee}`);
  lines.push(`- **Retention:** ${entry.retention.text}${ruleWords(entry)}`);
  lines.push(`- **On erasure:** ${entry.onErasure}`);
  lines.push(`- **Export:** ${entry.export.how}${entry.export.omit?.length ? ` Never exported: ${entry.export.omit.map((p) => `\`${p}\``).join(', ')}.` : ''}`);
  return lines.join('\n');
}

/** The whole page, Markdown, ending with a newline. */
export function renderPersonalDataPage(): string {
  const table = [
    '| Collection | What it holds | Who can see it | Retention | On erasure |',
    '|---|---|---|---|---|',
    ...PRIVACY_REGISTER.map(
      (entry) =>
        `| [${cell(entry.label)}](#${slug(entry.label)}) (\`${collectionOf(entry)}\`) | ${cell(entry.personalData.length ? entry.personalData.map((f) => f.description).join('; ') : 'No personal data')} | ${cell(entry.whoCanSee)} | ${cell(entry.retention.text)} | ${cell(entry.onErasure)} |`,
    ),
  ];
  return [
    '# Personal data',
    '',
    '<!-- Written by `api/src/privacy/writeDocPage.ts` from `api/src/privacy/register.ts`; do not edit by hand. -->',
    '',
    'Every collection Oracy stores, with the personal data it holds, why, who can see it, how long it is',
    'kept and what deleting a person does to it. This page is generated from the privacy register',
    '(`api/src/privacy/register.ts`, [0027](decisions/0027-one-privacy-register.md)), the same',
    'declarations that drive the public notice (`GET /api/privacy/register`, the `/privacy` page),',
    'erasure and exports ([Privacy](product.md#privacy)); a test fails when the two differ. The',
    'register’s words are English: the notice shows them as written.',
    '',
    '## Summary',
    '',
    ...table,
    '',
    '## Collections',
    '',
    PRIVACY_REGISTER.map(section).join('\n\n'),
    '',
    '## Derived data',
    '',
    'Computed from the collections above each time it is shown and never stored: it has no retention,',
    'erasure or export of its own, and goes with the records it is computed from.',
    '',
    DERIVED_DATA.map((derived) =>
      [
        `### ${derived.label}`,
        '',
        derived.purpose,
        '',
        `- **From:** ${derived.from.map((m) => `\`${m}\``).join(', ')}.`,
        `- **Who can see it:** ${derived.whoCanSee}`,
        `- **Rules:** ${derived.rules}.`,
      ].join('\n'),
    ).join('\n\n'),
    '',
    '## What stays after an erasure',
    '',
    'Nothing of the person in the database or the upload stores: `api/src/privacy/erasure.test.ts`',
    'searches every collection and every stored file for their id, email and names after a deletion.',
    'Kept for others, without the person: feedback and speaking tasks a teacher wrote, discussion',
    'messages an admin sent (by "Deleted user"), courses they taught, complaints and settings they',
    'decided or saved. Backups taken before the deletion still hold the person until they are replaced',
    '([Backups](architecture.md#backups)).',
    '',
  ].join('\n');
}

/** GitHub's anchor of a heading made only of words, spaces and hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}
