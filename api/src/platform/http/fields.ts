import { z } from 'zod';

/*
 * Field schemas the presenters' answer schemas share. The answer schemas are
 * the one declaration of each JSON answer: their `z.infer` is the presenters'
 * return type, and `openapi/document.ts` turns them into the OpenAPI document.
 */

/** An ISO 8601 timestamp, e.g. `2025-01-31T09:00:00.000Z`. */
export const timestamp = () => z.string().meta({ format: 'date-time' });

/** A 24-hex-digit ObjectId as a string. */
export const objectId = () => z.string().meta({ pattern: '^[a-fA-F0-9]{24}$' });

/** Role code: 1 admin, 2 teacher, 3 student (docs/product.md#role-codes). */
export const roleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({ id: 'Role', description: 'Role code: 1 admin, 2 teacher, 3 student.' });

/** Oracy level of a mean score (docs/product.md#self-assessment-flow). */
export const oracyLevelSchema = z.enum(['Beginner', 'Developing', 'Proficient', 'Advanced']).meta({ id: 'OracyLevel' });

/** A language of the school or a user (docs/product.md#language). */
export const languageSchema = z.enum(['English', 'Spanish', 'French']).meta({ id: 'Language' });
/** A language the product speaks (docs/product.md#language). */
export type Language = z.infer<typeof languageSchema>;
