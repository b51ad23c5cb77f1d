import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireSelfOrAdmin } from '../auth/middleware.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { clientIp } from '../platform/security/clientIp.js';
import { createAuthLimiters, type AuthLimiters } from '../auth/rateLimits.js';
import { deleteUserSessions, startSession } from '../auth/sessions.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { ROLES } from '../auth/roles.js';
import { User } from './userModel.js';
import { presentProfile, profileJsonSchema, userPhotoJsonSchema } from './userPresenter.js';
import { ApiError, badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../platform/http/errors.js';
import { MAX_UPLOAD_BYTES, type UploadStore } from '../platform/uploads.js';
import { studentProfileFigures, teacherProfileFigures } from './profile.js';
import { validate } from '../platform/http/validation.js';
import { profileParamSchema, userLanguageBodySchema, userPasswordBodySchema } from './userSchema.js';
import { describe, json, NOT_JSON, okSchema, TOO_LARGE } from '../platform/http/describe.js';
import { userLanguageSchema } from './answers.js';
import { z } from 'zod';

/** A photo as Edit Profile sends it: one image file. */
const photoFormDoc = z.object({
  photo: z.string().meta({ format: 'binary', description: 'a PNG, JPEG, GIF or WebP image of at most 5 MB' }),
});

/** The 400 of a password change whose current password is wrong (code `wrong_current_password`). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
/** The 400 of a password change whose new password is the current one. */
export const SAME_AS_CURRENT_PASSWORD = 'Choose a new password other than your current one.';

/** Largest photo request: the 5 MB image (MAX_UPLOAD_BYTES) plus 64 KiB of multipart framing. */
export const PHOTO_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const limitPhotoBody = bodyLimit({
  maxSize: PHOTO_BODY_LIMIT,
  onError: () => {
    throw payloadTooLarge('The file is larger than 5 MB.');
  },
});

/** What the user's own calls need from the app. */
export interface UserRoutesOptions {
  /** the public upload store (`createUploadStores(env).public`), which serves photos at `/uploads/{name}` */
  uploads: UploadStore;
  /** the sign-in limiters: a wrong current password counts as a failed sign-in */
  limiters?: AuthLimiters;
  /** ends the discussion sockets of the user's other sessions after a password change */
  sockets?: SocketRevocation;
  /** `SESSION_TTL_DAYS` and `TRUST_PROXY`, for the fresh session of the browser that changed its password */
  session: { ttlDays: number; trustProxy: boolean };
}

/** The `photo` file of a `multipart/form-data` body. @throws 400 for a malformed body or no file; 415 for another content type */
async function readPhoto(c: Context): Promise<File> {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'multipart/form-data') throw unsupportedMediaType('Send the photo as multipart/form-data.');
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest('The multipart body could not be read.');
  }
  const photo = body.photo;
  if (!(photo instanceof File) || photo.size === 0) throw badRequest('Choose a photo.', { photo: 'Choose a photo.' });
  return photo;
}

/** Mounted at `/api`; the calls and their rules: docs/product.md#user-calls (the reference: `/api/docs`). */
export function createUserRoutes(opts: UserRoutesOptions) {
  return new Hono<AppEnv>()
    .route('/', profileRoutes())
    .route('/', photoRoutes(opts.uploads))
    .route('/', passwordRoutes(opts, opts.limiters ?? createAuthLimiters()));
}

/** A profile's read and the signed-in user's language (docs/product.md#teacher-and-student-profiles). */
function profileRoutes() {
  return new Hono<AppEnv>()
    .get(
      '/user/profile/:userId',
      describe({
        summary: "A user's profile",
        tag: 'Profile',
        description:
          'The user themself or an admin (docs/product.md#teacher-and-student-profiles): name, email, role, photo and own language, with a student’s progress (share of their assignments completed), enrolled courses and badges (docs/product.md#badges), or a teacher’s courses taught, subjects and teaching progress.',
        success: { status: 200, answer: json('The profile.', profileJsonSchema) },
        errors: { 404: 'No user has this id.' },
      }),
      requireSelfOrAdmin('userId'),
      validate('param', profileParamSchema),
      async (c) => {
        const user = await User.findById(c.req.valid('param').userId, { name: 1, email: 1, role: 1, profilePicture: 1, language: 1 }).lean();
        if (!user) throw notFound('No such user.');
        const figures =
          user.role === ROLES.student ? { student: await studentProfileFigures(user._id) } : user.role === ROLES.teacher ? { teacher: await teacherProfileFigures(user._id) } : {};
        return c.json(presentProfile(user, figures), 200);
      },
    )
    .put(
      '/user/language',
      describe({
        summary: 'Choose my language',
        tag: 'Profile',
        description: 'Any signed-in user (docs/product.md#language): English, Spanish or French, or null to follow the school’s language.',
        success: { status: 200, answer: json('Saved.', userLanguageSchema) },
        errors: { 413: TOO_LARGE, 415: NOT_JSON },
      }),
      requireAuth,
      validate('json', userLanguageBodySchema),
      async (c) => {
        const { language } = c.req.valid('json');
        await User.updateOne({ _id: c.var.user._id }, { $set: { language } }, { runValidators: true });
        return c.json({ language }, 200);
      },
    );
}

/** The signed-in user's photo: choose and remove (docs/product.md#edit-profile). */
function photoRoutes(uploads: UploadStore) {
  return new Hono<AppEnv>()
    .put(
      '/user/photo',
      describe({
        summary: 'Choose my photo',
        tag: 'Profile',
        description:
          'Any signed-in user (docs/product.md#edit-profile): multipart with one `photo` image file of at most 5 MB, judged by its content (never SVG). It replaces the previous photo, which is removed.',
        success: { status: 200, answer: json('Saved: the photo’s path.', userPhotoJsonSchema) },
        errors: { 400: '`validation_error`: no `photo` file, or a malformed body.', 413: 'The file is larger than 5 MB.', 415: 'The body is not multipart, or the file is not an image.' },
        body: { content: { 'multipart/form-data': photoFormDoc } },
      }),
      requireAuth,
      limitPhotoBody,
      async (c) => {
        const photo = await readPhoto(c);
        if (photo.size > MAX_UPLOAD_BYTES) throw payloadTooLarge('The file is larger than 5 MB.');
        const stored = await uploads.save(new Uint8Array(await photo.arrayBuffer()), 'image', 'photo');
        const profilePicture = `/uploads/${stored.name}`;
        const before = await User.findOneAndUpdate({ _id: c.var.user._id }, { $set: { photo: stored.name, profilePicture } }).lean();
        // a leftover file is harmless, so a failed removal is ignored.
        if (before?.photo) await uploads.remove(before.photo).catch(() => undefined);
        return c.json({ profilePicture: profilePicture as string | null }, 200);
      },
    )
    .delete(
      '/user/photo',
      describe({
        summary: 'Remove my photo',
        tag: 'Profile',
        description: 'Any signed-in user (docs/product.md#edit-profile): the photo is removed; the profile shows initials again.',
        success: { status: 200, answer: json('Removed.', userPhotoJsonSchema) },
      }),
      requireAuth,
      async (c) => {
        const before = await User.findOneAndUpdate({ _id: c.var.user._id }, { $set: { photo: null, profilePicture: null } }).lean();
        if (before?.photo) await uploads.remove(before.photo).catch(() => undefined);
        return c.json({ profilePicture: null as string | null }, 200);
      },
    );
}

/** The signed-in user's password change (docs/product.md#change-password). */
function passwordRoutes(opts: UserRoutesOptions, limiters: AuthLimiters) {
  return new Hono<AppEnv>().post(
    '/user/password',
    describe({
      summary: 'Change my password',
      tag: 'Profile',
      description:
        'Any signed-in user (docs/product.md#change-password): the current password and the new one typed twice, under the rules of registration. Every other session of the user ends (their discussion sockets too); this one continues in a fresh session (a new cookie). A wrong current password counts as a failed sign-in.',
      success: { status: 200, answer: json('Changed; a fresh session cookie is set.', okSchema) },
      errors: {
        400: '`validation_error` naming the fields (the password rules, a confirmation that differs, the current password again), or `wrong_current_password`.',
        413: TOO_LARGE,
        415: NOT_JSON,
        429: '`rate_limited`: too many wrong passwords for this account; see `Retry-After`.',
      },
    }),
    requireAuth,
    validate('json', userPasswordBodySchema),
    async (c) => {
      const user = c.var.user;
      const { currentPassword, password } = c.req.valid('json');
      const attempt = { ip: clientIp(c, opts.session.trustProxy), email: user.email };
      await limiters.checkLogin(attempt);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        await limiters.recordLoginFailure(attempt);
        throw new ApiError(400, 'wrong_current_password', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }, {}, { currentPassword: 'wrong_password' });
      }
      await limiters.recordLoginSuccess(attempt);
      if (password === currentPassword) throw badRequest(SAME_AS_CURRENT_PASSWORD, { password: SAME_AS_CURRENT_PASSWORD }, { password: 'same_as_current' });
      await User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(password) } });
      // Every session of the user ends; this browser goes on in a fresh one.
      await deleteUserSessions(user._id);
      opts.sockets?.endUserSockets(user.id as string);
      await startSession(c, user._id, opts.session);
      return c.json({ ok: true as const }, 200);
    },
  );
}
