import { Types } from 'mongoose';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../auth/sessionModel.js';
import { jsonRequest } from '../test/factories.js';
import { connected, nextEvent, openSocket, signedInUser, startTestChatServer, type SignedInUser, type TestChatServer } from '../test/testServer.js';

let server: TestChatServer;
let actor: SignedInUser;
const sockets: ClientSocket[] = [];

/** A connected discussion socket of `user` on `on` (default the server of most tests). */
async function joinChat(user: SignedInUser, on: TestChatServer = server): Promise<ClientSocket> {
  const socket = openSocket(on.url, { headers: { Cookie: user.cookie }, auth: user.auth });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/** Resolves with the disconnect reason, or rejects when the socket is still open after 1 s. */
const closedWithin1s = (socket: ClientSocket) => nextEvent<string>(socket, 'disconnect', 1000);

beforeAll(async () => {
  // The default re-check (every minute): what closes a socket within 1 s below is the route's revocation.
  server = await startTestChatServer();
  actor = await signedInUser(server.app, 1, 'Acting');
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('ending discussion sockets when the right to the discussion ends (docs/architecture.md#the-real-time-chat)', () => {
  it("closes a demoted admin's sockets within 1 s, and leaves other admins connected", async () => {
    const promoted = await signedInUser(server.app, 3, 'Promoted');
    expect((await server.app.request(`/api/admin/users/${promoted.id}/role`, jsonRequest('PUT', { role: 1 }, actor.cookie))).status).toBe(200);
    const socket = await joinChat({ ...promoted, auth: { userId: promoted.id, userRole: '1' } });
    const bystander = await joinChat(actor);
    const closed = closedWithin1s(socket);
    expect((await server.app.request(`/api/admin/users/${promoted.id}/role`, jsonRequest('PUT', { role: 2 }, actor.cookie))).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it("closes a deleted admin's sockets within 1 s", async () => {
    const leaving = await signedInUser(server.app, 1, 'Deleted');
    const socket = await joinChat(leaving);
    const closed = closedWithin1s(socket);
    expect((await server.app.request(`/api/admin/users/${leaving.id}`, jsonRequest('DELETE', undefined, actor.cookie))).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
  });

  it('closes the sockets of an admin whose password was reset within 1 s (docs/product.md#password-reset)', async () => {
    const reset = await signedInUser(server.app, 1, 'Reset');
    const socket = await joinChat(reset);
    const bystander = await joinChat(actor);
    const closed = closedWithin1s(socket);
    expect((await server.app.request(`/api/admin/users/${reset.id}/reset-password`, jsonRequest('POST', undefined, actor.cookie))).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it("closes the signed-out session's sockets within 1 s, and leaves other admins connected", async () => {
    const user = await signedInUser(server.app, 1, 'Leaving');
    const socket = await joinChat(user);
    const bystander = await joinChat(actor);
    const closed = closedWithin1s(socket);
    expect((await server.app.request('/auth/logout', { headers: { Cookie: user.cookie } })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });
});

describe('the periodic re-check of open sockets', () => {
  let checking: TestChatServer;
  beforeAll(async () => {
    checking = await startTestChatServer({ sessionRecheckMs: 100 });
  });
  afterAll(async () => {
    await checking.close();
  });

  it('closes a socket whose session has expired, at the periodic re-check', async () => {
    const user = await signedInUser(server.app, 1, 'Expiring');
    const socket = await joinChat(user, checking);
    const bystander = await joinChat(actor, checking);
    const closed = nextEvent<string>(socket, 'disconnect', 2000);
    // Through the driver: as time passing would, without a write the app could observe.
    await Session.collection.updateMany({ userId: new Types.ObjectId(user.id) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });
});
