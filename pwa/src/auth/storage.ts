/**
 * The client-side session keys in `localStorage` (docs/product.md#data "User and
 * session", docs/product.md#identity-on-the-device). Other screens read them (e.g. the student
 * dashboard reads `studentId`); the server never trusts them.
 */
import type { Role } from './roles';

/** Every key the session writes; logout removes all of them. */
export const SESSION_KEYS = ['userId', 'userRole', 'adminId', 'teacherId', 'studentId'] as const;

/** One of {@link SESSION_KEYS}. */
export type SessionKey = (typeof SESSION_KEYS)[number];

const ROLE_ID_KEY: Record<Role, SessionKey> = { 1: 'adminId', 2: 'teacherId', 3: 'studentId' };

/**
 * Stores the signed-in user: `userId`, `userRole` as `"1"`, `"2"` or `"3"`,
 * and `adminId` / `teacherId` / `studentId` equal to `userId` for the
 * matching role only (the other two are removed, so a previous user's ids
 * never linger). Storage failures (private mode, quota) are logged, not thrown.
 */
export function storeSessionKeys(user: { id: string; role: number }): void {
  try {
    localStorage.setItem('userId', user.id);
    localStorage.setItem('userRole', String(user.role));
    for (const [role, key] of Object.entries(ROLE_ID_KEY)) {
      if (Number(role) === user.role) localStorage.setItem(key, user.id);
      else localStorage.removeItem(key);
    }
  } catch (error) {
    console.error('Could not store the session keys', error);
  }
}

/** Removes every session key (docs/product.md#data: "Logout clears all of them"). */
export function clearSessionKeys(): void {
  try {
    for (const key of SESSION_KEYS) localStorage.removeItem(key);
  } catch (error) {
    console.error('Could not clear the session keys', error);
  }
}

/** Reads one session key; `null` when absent or when storage is unavailable. */
export function readSessionKey(key: SessionKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
