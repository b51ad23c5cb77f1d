import { Hono } from 'hono';
import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { User } from '../../people/userModel.js';
import { badRequest, createErrorHandler, isDatabaseUnreachableError, tooManyRequests } from './errors.js';
import { validate } from './validation.js';
import { createUser, readJson } from '../../test/factories.js';

const log = { error: vi.fn() };

const app = new Hono()
  .post('/echo', validate('json', z.object({ name: z.string().min(1), age: z.int().min(0) })), (c) => c.json(c.req.valid('json')))
  .get('/users/:id', async (c) => c.json(await User.findById(c.req.param('id'))))
  .post('/invalid-user', async (c) => {
    await new User({ firstName: 'x', lastName: 'y', email: 'e@example.test', passwordHash: 'h' }).set('role', 7).save();
    return c.json({});
  })
  .post('/duplicate', async (c) => {
    const { user } = await createUser();
    await User.create({ firstName: 'x', lastName: 'y', email: user.email, passwordHash: 'h' });
    return c.json({});
  })
  .get('/zod', (c) => c.json(z.object({ q: z.string() }).parse({})))
  .get('/limited', () => {
    throw tooManyRequests('Slow down.', 12.3);
  })
  .get('/bad', () => {
    throw badRequest();
  })
  .get('/boom', () => {
    throw new Error('secret connection string mongodb://admin:pw@db');
  })
  // the driver's own error for a database that does not answer: nothing listens on port 1.
  .get('/no-server', async (c) => {
    const client = new mongoose.mongo.MongoClient('mongodb://127.0.0.1:1/x', { serverSelectionTimeoutMS: 100 });
    try {
      return c.json(await client.db().command({ ping: 1 }));
    } finally {
      await client.close();
    }
  })
  // Mongoose's error for an operation that waited in vain for its connection.
  .get('/buffering', async (c) => {
    const never = mongoose.createConnection();
    const Row = never.model('BufferedRow', new mongoose.Schema({ n: Number }, { bufferTimeoutMS: 50 }));
    try {
      return c.json(await Row.find({}));
    } finally {
      await never.close();
    }
  })
  .get('/connection-reset', () => {
    throw new Error('The complaint could not be saved.', { cause: new mongoose.mongo.MongoNetworkError('connection 5 to 127.0.0.1:40000 closed') });
  });
app.onError(createErrorHandler(log));

describe('the error handler (docs/product.md#error-format)', () => {
  it('answers a validation failure with 400 naming the fields', async () => {
    const res = await app.request('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '', age: -1, extra: 1 }) });
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toBe('Invalid name, age.');
    expect(Object.keys(body.error.fields)).toEqual(['name', 'age']);
  });

  it('answers malformed JSON with 400 and a non-JSON body with 415', async () => {
    const malformed = await app.request('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(malformed.status).toBe(400);
    expect(await readJson(malformed)).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON in request body' } });
    const text = await app.request('/echo', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    expect((await readJson(text)).error.code).toBe('unsupported_media_type');
  });

  it('maps Mongoose CastError to 400, ValidationError to 400 with fields, duplicate keys to 409', async () => {
    const cast = await app.request('/users/not-an-id');
    expect(cast.status).toBe(400);
    expect(await readJson(cast)).toEqual({ error: { code: 'validation_error', message: 'Invalid _id.', fields: { _id: 'Invalid value for _id.' }, reasons: { _id: 'invalid' } } });
    const invalid = await app.request('/invalid-user', { method: 'POST' });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await readJson(invalid)).error.fields)).toEqual(['role']);
    const duplicate = await app.request('/duplicate', { method: 'POST' });
    expect(duplicate.status).toBe(409);
    expect((await readJson(duplicate)).error.code).toBe('conflict');
  });

  it('maps a thrown ZodError to 400 and keeps factory headers', async () => {
    const zod = await app.request('/zod');
    expect(zod.status).toBe(400);
    expect((await readJson(zod)).error.fields).toHaveProperty('q');
    const limited = await app.request('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('13');
    expect(await readJson(limited)).toEqual({ error: { code: 'rate_limited', message: 'Slow down.' } });
    expect(await readJson(await app.request('/bad'))).toEqual({ error: { code: 'bad_request', message: 'The request is not valid.' } });
  });

  it('maps a database that cannot be reached to 503 unavailable with Retry-After, not a logged 500 (docs/architecture.md#when-the-database-stops)', async () => {
    log.error.mockClear();
    for (const path of ['/no-server', '/buffering', '/connection-reset']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(Number(res.headers.get('Retry-After')), path).toBeGreaterThanOrEqual(1);
      expect(await readJson(res), path).toEqual({
        error: { code: 'unavailable', message: 'Oracy cannot reach its database right now. Please try again in a moment.' },
      });
    }
    expect(log.error).not.toHaveBeenCalled();
  });

  it('tells the unreachable-database errors from the others', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(isDatabaseUnreachableError(named('MongoPoolClearedError'))).toBe(true);
    expect(isDatabaseUnreachableError(new mongoose.mongo.MongoNotConnectedError('not connected'))).toBe(true);
    // the driver's write to a socket the embedded database had just closed, unwrapped
    expect(isDatabaseUnreachableError(Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }))).toBe(true);
    expect(isDatabaseUnreachableError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isDatabaseUnreachableError(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isDatabaseUnreachableError(new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000 }))).toBe(false);
    expect(isDatabaseUnreachableError(new mongoose.Error('validation failed'))).toBe(false);
    expect(isDatabaseUnreachableError(new Error('buffering timed out'))).toBe(false);
  });

  it('answers anything else with a generic 500 that leaks nothing, and logs it with the stack', async () => {
    log.error.mockClear();
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
    expect(text).not.toContain('mongodb');
    expect(log.error).toHaveBeenCalledTimes(1);
    const [entry] = log.error.mock.calls[0] as [{ err: Error; path: string }];
    expect(entry.path).toBe('/boom');
    expect(entry.err.stack).toContain('secret connection string');
  });
});
