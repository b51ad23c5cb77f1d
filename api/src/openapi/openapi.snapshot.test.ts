import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { getEnv } from '../platform/env.js';

/**
 * The OpenAPI document held byte for byte while the code is rehoused by concept
 * (docs/architecture.md#concept-folders): moving a route, a schema or a presenter must not change a
 * path, an operation or a schema. The snapshot goes once the move is done.
 */
describe('the OpenAPI document while the code moves', () => {
  it('keeps every path and schema', async () => {
    const res = await createApp({ env: getEnv() }).request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: unknown; components: unknown };
    await expect(`${JSON.stringify({ paths: doc.paths, components: doc.components }, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
