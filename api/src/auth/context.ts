import type { HydratedDocFromModel } from 'mongoose';
import type { Session } from './sessionModel.js';
import type { User } from '../people/userModel.js';

/** A loaded user document, as `User.findById` returns it. */
export type UserDoc = HydratedDocFromModel<typeof User>;
/** A loaded sign-in session document (docs/product.md#sign-in-site). */
export type SessionDoc = HydratedDocFromModel<typeof Session>;

/**
 * The Hono environment of every Oracy route. `loadSession` sets both
 * variables on each request: the signed-in `user` (re-read from the database,
 * so a role change applies at once) and their `session`, or `null` for both
 * when there is no valid session cookie. Routes read them as `c.var.user` and
 * `c.var.session`.
 */
export type AppEnv = {
  Variables: {
    user: UserDoc | null;
    session: SessionDoc | null;
  };
};

/**
 * The environment after `requireAuth`/`requireRole`/`requireSelfOrAdmin`:
 * `c.var.user` and `c.var.session` are known to be present.
 */
export type AuthedEnv = {
  Variables: {
    user: UserDoc;
    session: SessionDoc;
  };
};
