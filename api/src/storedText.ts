import type { Model } from 'mongoose';
import { Assignment } from './assignments/model.js';
import { Complaint } from './complaints/model.js';
import { Course } from './courses/courseModel.js';
import { Notice } from './notices/model.js';
import { SpeakingTask } from './speaking/model.js';
import { User } from './people/userModel.js';
import type { Logger } from './platform/logger.js';
import { hasOnlyVisibleCharacters, stripInvisibleCharacters } from './platform/http/validation.js';

/** What stands in for a first or last name that held nothing but control or invisible characters. */
export const EMPTY_NAME = 'Unnamed';
/** What stands in for a title that held nothing but control or invisible characters. */
export const EMPTY_TITLE = 'Untitled';

/** The models whose `title` the start-up clean-up repairs (docs/product.md#names-and-titles). */
const TITLED_MODELS: ReadonlyArray<Model<{ title: string }>> = [Course, Notice, Complaint, SpeakingTask, Assignment] as never;

/** True when `value` is a string the name and title rule would refuse or store differently. */
function needsCleaning(value: unknown): value is string {
  return typeof value === 'string' && (!hasOnlyVisibleCharacters(value) || value !== value.normalize('NFC'));
}

/** `stripInvisibleCharacters(value)`, or `fallback` when nothing is left. */
function cleaned(value: string, fallback: string): string {
  return stripInvisibleCharacters(value) || fallback;
}

/**
 * Repairs the people stored before the name rule (docs/product.md#names-and-titles): every user
 * whose first or last name holds a control or invisible character, or is not NFC, gets it
 * cleaned (`stripInvisibleCharacters`, `EMPTY_NAME` when nothing is left) and `name` rebuilt.
 * Reads every user's names once; a second run finds nothing to do.
 * @returns how many users were changed.
 */
export async function cleanStoredNames(): Promise<number> {
  const users = await User.find({}, { firstName: 1, lastName: 1 }).lean();
  let changed = 0;
  for (const user of users) {
    if (!needsCleaning(user.firstName) && !needsCleaning(user.lastName)) continue;
    const firstName = cleaned(user.firstName, EMPTY_NAME);
    const lastName = cleaned(user.lastName, EMPTY_NAME);
    // updateOne runs no validate hook, so `name` is set here as the hook would.
    await User.updateOne({ _id: user._id }, { $set: { firstName, lastName, name: `${firstName} ${lastName}` } });
    changed += 1;
  }
  return changed;
}

/**
 * Repairs the titles of courses, notices, complaints, speaking tasks and assignments stored before
 * the title rule (docs/product.md#names-and-titles), as `cleanStoredNames` does names
 * (`EMPTY_TITLE` when nothing is left).
 * @returns how many records were changed, over all five collections.
 */
export async function cleanStoredTitles(): Promise<number> {
  let changed = 0;
  for (const model of TITLED_MODELS) {
    const records = await model.find({}, { title: 1 }).lean();
    for (const record of records) {
      if (!needsCleaning(record.title)) continue;
      await model.updateOne({ _id: record._id }, { $set: { title: cleaned(record.title, EMPTY_TITLE) } });
      changed += 1;
    }
  }
  return changed;
}

/**
 * The start-up clean-up of stored names and titles (`server.ts`, docs/product.md#names-and-titles):
 * runs `cleanStoredNames` and `cleanStoredTitles` and logs one line for each that changed anything
 * ("Cleaned N stored names with control or invisible characters", N counting people).
 * @returns the two counts.
 */
export async function cleanStoredText(log: Pick<Logger, 'info'>): Promise<{ names: number; titles: number }> {
  const names = await cleanStoredNames();
  if (names > 0) log.info(`Cleaned ${names} stored names with control or invisible characters`);
  const titles = await cleanStoredTitles();
  if (titles > 0) log.info(`Cleaned ${titles} stored titles with control or invisible characters`);
  return { names, titles };
}
