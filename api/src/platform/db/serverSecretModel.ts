import { Schema, model } from 'mongoose';

/**
 * A random key the API processes sharing one database must agree on, by name
 * (`_id`): today `device-cookie-key`, which signs device cookies when
 * `DEVICE_COOKIE_KEY` is unset (docs/architecture.md#trusted-devices). Created
 * once by whichever process asks first (an upsert on `_id`, which is unique),
 * never changed by the app afterwards.
 */
const serverSecretSchema = new Schema(
  {
    /** what the key is for, e.g. `device-cookie-key` */
    _id: { type: String, required: true },
    /** the key: 32 random bytes, base64url */
    value: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const ServerSecret = model('ServerSecret', serverSecretSchema);
