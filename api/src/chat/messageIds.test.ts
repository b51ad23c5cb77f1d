import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ChatMessage } from '../db/models/index.js';
import { DiskUploadStore } from '../services/uploads.js';
import { messageIdFor, storeMessage } from './messages.js';

// issue 9: a message's `_id` follows from its sender and tempId, so retries and races are settled by `_id` alone.
describe('message ids', () => {
  const storage = new DiskUploadStore(mkdtempSync(join(tmpdir(), 'oracy-chat-ids-')));

  it('are the same for a sender and tempId, and differ across senders and tempIds', () => {
    const a = new Types.ObjectId();
    const b = new Types.ObjectId();
    expect(String(messageIdFor(a, 't-1'))).toBe(String(messageIdFor(String(a), 't-1')));
    expect(String(messageIdFor(a, 't-1'))).not.toBe(String(messageIdFor(b, 't-1')));
    expect(String(messageIdFor(a, 't-1'))).not.toBe(String(messageIdFor(a, 't-2')));
  });

  it('store one message when two copies of a tempId race in, and answer both with it', async () => {
    const sender = { id: new Types.ObjectId(), name: 'Ada Admin' };
    const input = { content: 'only once', file: null, tempId: `race-${Date.now()}` };
    const [first, second] = await Promise.all([storeMessage(sender, input, storage), storeMessage(sender, input, storage)]);
    expect(await ChatMessage.countDocuments({ userId: sender.id, tempId: input.tempId })).toBe(1);
    expect(first.message.id).toBe(second.message.id);
    expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
    const retry = await storeMessage(sender, input, storage);
    expect(retry).toEqual({ message: first.message, duplicate: true });
  });
});
