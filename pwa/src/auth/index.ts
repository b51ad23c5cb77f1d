/**
 * The auth concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { SessionProvider, useRequiredUser, useSession, type CurrentUser } from './SessionProvider';
export { prefetchCurrentUser } from './currentUser';
export { ROLE, ROLE_OPTIONS, coursesPathFor, homePathFor, isRole, profilePathFor, roleName, roleTitle, type Role } from './roles';
export { readSessionKey } from './storage';
export { useLayoutLogout } from './useLayoutLogout';
