/** The auth concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { type AppEnv, type AuthedEnv, type UserDoc } from './context.js';
export { OBJECT_ID_PATTERN, requireAuth, requireRole, requireSelfOrAdmin } from './middleware.js';
export { fillText, HTML_LANG, LOCALES } from './pageTexts.js';
export { generateOneTimePassword, hashPassword, verifyPassword } from './password.js';
export { type AuthLimiters, clientIp, createAuthLimiters } from './rateLimits.js';
export { type Role, ROLE_VALUES, ROLES } from './roles.js';
export { emailAddress, newPassword, PASSWORD_MAX_LENGTH, PASSWORDS_DIFFER_MESSAGE, personName } from './schema.js';
export { Session } from './sessionModel.js';
export { DEFAULT_SESSION_IDLE_MINUTES, deleteUserSessions, findSession, sessionTokenFromCookieHeader, startSession } from './sessions.js';
