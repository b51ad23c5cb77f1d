import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { ChatMessage } from './messageModel.js';
import { DiskUploadStore } from '../platform/uploads.js';
import { listMessagePage, messageIdFor, messageTime, storeMessage } from './messages.js';

// a message's `_id` follows from its sender and tempId, so retries and races are settled by `_id` alone.
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

  it('share inserts between the text messages that wait (group commit) and keep their order', async () => {
    const sender = { id: new Types.ObjectId(), name: 'Ada Admin' };
    const inserts = vi.spyOn(ChatMessage, 'insertMany');
    try {
      const inputs = Array.from({ length: 10 }, (_, i) => ({ content: `m${i}`, file: null, tempId: `group-${Date.now()}-${i}` }));
      // One of them twice in the same wait: the unique _id keeps one copy and answers the other with it.
      const results = await Promise.all([...inputs, inputs[4]!].map((input) => storeMessage(sender, input, storage, messageTime())));
      expect(inserts.mock.calls.length).toBeLessThanOrEqual(2);
      expect(results.filter((r) => r.duplicate)).toHaveLength(1);
      expect(results[10]!.message).toEqual(results[4]!.message);
      expect(await ChatMessage.countDocuments({ userId: sender.id })).toBe(10);
      const page = await listMessagePage(0);
      expect(page.messages.filter((m) => m.user_id === String(sender.id)).map((m) => m.content)).toEqual(inputs.map((i) => i.content));
    } finally {
      inserts.mockRestore();
    }
  });

  it('hand out strictly increasing times, even within one millisecond', () => {
    const now = Date.now() + 60_000;
    const [a, b, c] = [messageTime(now), messageTime(now), messageTime(now - 5)];
    expect(a.getTime()).toBe(now);
    expect(b.getTime()).toBe(now + 1);
    expect(c.getTime()).toBe(now + 2);
  });
});
