import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState, type ChatAction, type ChatState } from './state';
import type { ChatMessage } from './protocol';
import type { ChatEntry } from './state';

const ME = 'me000000000000000000000a';
const OTHER = 'other0000000000000000000';

function stored(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${String(n).padStart(23, '0')}`,
    tempId: null,
    content: `message ${n}`,
    user_id: OTHER,
    sender: 'Grace Hopper',
    file_url: null,
    file_type: null,
    file_size: null,
    file: null,
    timestamp: new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(),
    ...overrides,
  };
}

function outgoing(tempId: string, content = 'hi'): ChatEntry {
  return {
    id: tempId,
    tempId,
    content,
    user_id: ME,
    sender: 'You',
    file_url: null,
    file_type: null,
    file_size: null,
    file: null,
    timestamp: new Date(Date.UTC(2024, 0, 1, 5)).toISOString(),
    status: 'sending',
    outgoing: { content, file: null, tempId },
  };
}

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
const loaded = run(initialChatState, { type: 'page', messages: [stored(1), stored(2)], page: 0, ownUserId: ME });

describe('outgoing messages (docs/product.md#outgoing-chat-message)', () => {
  it('start as sending and become sent on the messageAck whose id is their tempId', () => {
    const sending = run(loaded, { type: 'outgoing', entry: outgoing('t1') });
    expect(sending.messages.at(-1)).toMatchObject({ tempId: 't1', status: 'sending', sender: 'You' });
    const other = run(sending, { type: 'ack', tempId: 'unknown' });
    expect(other.messages.at(-1)!.status).toBe('sending');
    const acked = run(sending, { type: 'ack', tempId: 't1' });
    expect(acked.messages.at(-1)!.status).toBe('sent');
  });

  it('become sent on the echo with a matching tempId, with the server fields merged and no duplicate', () => {
    const sending = run(loaded, { type: 'outgoing', entry: outgoing('t1', 'hello') });
    const echo = stored(9, { tempId: 't1', user_id: ME, sender: 'Ada Admin', content: 'hello', file_url: '/api/chat/attachments/x' });
    const settled = run(sending, { type: 'message', message: echo, ownUserId: ME });
    expect(settled.messages).toHaveLength(3);
    const mine = settled.messages.at(-1)!;
    expect(mine).toMatchObject({ id: echo.id, tempId: 't1', status: 'sent', file_url: '/api/chat/attachments/x', timestamp: echo.timestamp });
    expect(mine.outgoing).toBeUndefined();
  });

  it('match an echo by id too, and ignore an ack after the echo', () => {
    const sending = run(loaded, { type: 'outgoing', entry: outgoing('t1') });
    const byId = stored(9, { id: 't1', tempId: null, user_id: ME });
    const settled = run(sending, { type: 'message', message: byId, ownUserId: ME }, { type: 'ack', tempId: 't1' });
    expect(settled.messages).toHaveLength(3);
    expect(settled.messages.at(-1)!.status).toBe('sent');
  });

  it('do not merge with another sender who used the same tempId', () => {
    const sending = run(loaded, { type: 'outgoing', entry: outgoing('t1') });
    const theirs = stored(9, { tempId: 't1', user_id: OTHER });
    const next = run(sending, { type: 'message', message: theirs, ownUserId: ME });
    expect(next.messages).toHaveLength(4);
    expect(next.messages.find((m) => m.id === 't1')!.status).toBe('sending');
  });

  it('all fail on messageError while sent ones stay sent, and a retry makes one sending again', () => {
    const state = run(
      loaded,
      { type: 'outgoing', entry: outgoing('a') },
      { type: 'outgoing', entry: outgoing('b') },
      { type: 'outgoing', entry: outgoing('c') },
      { type: 'ack', tempId: 'c' },
      { type: 'messageError' },
    );
    const status = (s: ChatState) => Object.fromEntries(s.messages.filter((m) => m.tempId).map((m) => [m.tempId, m.status]));
    expect(status(state)).toEqual({ a: 'failed', b: 'failed', c: 'sent' });
    const retried = run(state, { type: 'retry', tempId: 'b' });
    expect(status(retried)).toEqual({ a: 'failed', b: 'sending', c: 'sent' });
    expect(status(run(retried, { type: 'ack', tempId: 'b' }))).toEqual({ a: 'failed', b: 'sent', c: 'sent' });
  });

  it('fail alone on a local failure', () => {
    const state = run(loaded, { type: 'outgoing', entry: outgoing('a') }, { type: 'outgoing', entry: outgoing('b') }, { type: 'failed', tempId: 'a' });
    expect(state.messages.filter((m) => m.tempId).map((m) => m.status)).toEqual(['failed', 'sending']);
  });

  it('keep what to send once their file is read', () => {
    const entry = { ...outgoing('f') };
    delete entry.outgoing;
    const payload = { content: '', file: { data: 'data:image/png;base64,AA==', name: 'a.png', type: 'image/png' }, tempId: 'f' };
    const state = run(loaded, { type: 'outgoing', entry }, { type: 'prepared', tempId: 'f', outgoing: payload });
    expect(state.messages.at(-1)!.outgoing).toEqual(payload);
  });
});

describe('messages from others', () => {
  it('are appended once, however often they arrive', () => {
    const next = run(loaded, { type: 'message', message: stored(3), ownUserId: ME }, { type: 'message', message: stored(3), ownUserId: ME });
    expect(next.messages.map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(next.messages.at(-1)!.status).toBeUndefined();
  });
});

describe('pages (docs/product.md#loading-older-chat-messages)', () => {
  it('prepends older messages in order, skipping ids already present, and follows hasMore', () => {
    let state = run(initialChatState, { type: 'page', messages: [stored(50), stored(51)], page: 0, ownUserId: ME });
    expect(state).toMatchObject({ loaded: true, hasMore: false, page: 0 });
    state = run(state, { type: 'loadingMore' });
    expect(state.loadingMore).toBe(true);
    state = run(state, { type: 'page', messages: [stored(48), stored(49), stored(50)], hasMore: true, page: 1, ownUserId: ME });
    expect(state.messages.map((m) => m.content)).toEqual(['message 48', 'message 49', 'message 50', 'message 51']);
    expect(state).toMatchObject({ hasMore: true, loadingMore: false, page: 1 });
    state = run(state, { type: 'page', messages: [stored(47)], hasMore: false, page: 2, ownUserId: ME });
    expect(state.messages[0]!.content).toBe('message 47');
    expect(state).toMatchObject({ hasMore: false, page: 2 });
  });

  it('guesses more from a full initial page and lets page 0 decide', () => {
    const full = Array.from({ length: 50 }, (_, i) => stored(i + 1));
    let state = run(initialChatState, { type: 'page', messages: full, page: 0, ownUserId: ME });
    expect(state.hasMore).toBe(true);
    state = run(state, { type: 'page', messages: full, hasMore: false, page: 0, ownUserId: ME });
    expect(state.hasMore).toBe(false);
    expect(state.messages).toHaveLength(50);
  });

  it('keeps hasMore from older pages when page 0 comes again after a reconnect', () => {
    const state = run(
      initialChatState,
      { type: 'page', messages: [stored(10)], hasMore: true, page: 0, ownUserId: ME },
      { type: 'loadingMore' },
      { type: 'page', messages: [stored(5)], hasMore: false, page: 1, ownUserId: ME },
      { type: 'page', messages: [stored(10), stored(11)], hasMore: true, page: 0, ownUserId: ME },
    );
    expect(state.hasMore).toBe(false);
    expect(state.messages.map((m) => m.content)).toEqual(['message 5', 'message 10', 'message 11']);
  });

  it('settles our pending message when page 0 after a reconnect already holds it', () => {
    const state = run(
      loaded,
      { type: 'outgoing', entry: outgoing('t1') },
      { type: 'page', messages: [stored(1), stored(2), stored(3, { tempId: 't1', user_id: ME })], page: 0, ownUserId: ME },
    );
    expect(state.messages).toHaveLength(3);
    expect(state.messages.at(-1)).toMatchObject({ tempId: 't1', status: 'sent' });
  });

  it('stops loading on a load error or a dropped connection', () => {
    const busy = run(loaded, { type: 'loadingMore' });
    expect(run(busy, { type: 'loadError', error: 'nope' })).toMatchObject({ loadingMore: false, loadError: 'nope' });
    expect(run(busy, { type: 'disconnected' }).loadingMore).toBe(false);
  });
});

describe('ordering', () => {
  it('keeps our pending messages below the stored ones until the server has them', () => {
    const state = run(
      loaded,
      { type: 'outgoing', entry: outgoing('slow', 'slow upload') },
      { type: 'outgoing', entry: outgoing('quick', 'quick text') },
      { type: 'message', message: stored(3, { content: 'from someone' }), ownUserId: ME },
      { type: 'message', message: stored(4, { tempId: 'quick', user_id: ME, content: 'quick text' }), ownUserId: ME },
    );
    expect(state.messages.map((m) => m.content)).toEqual(['message 1', 'message 2', 'from someone', 'quick text', 'slow upload']);
  });
});
