/**
 * The privacy notice's call (docs/product.md#privacy): open to anyone, signed in or not.
 */
import { callOptions, client, json, type Answer } from '../platform/api/client';

/** `GET /api/privacy/register`: the school and every collection of the privacy register, in English. */
export type PrivacyNotice = Answer<typeof client.api.privacy.register.$get>;

/** `GET /api/privacy/register`. @throws the errors of `api.ts`. */
export const loadPrivacyNotice = (signal?: AbortSignal): Promise<PrivacyNotice> => json(client.api.privacy.register.$get(undefined, callOptions({ signal })));
