/**
 * The discussion's message list as a reducer (docs/product.md#outgoing-chat-message,
 * docs/product.md#loading-older-chat-messages). Pure; tested in `state.test.ts`.
 */
import type { ChatMessage, OutgoingPayload } from './protocol';

/** The delivery state of one's own message (docs/product.md#data): ⏳ sending, ✓✓ sent, ✗ failed. */
export type MessageStatus = 'sending' | 'sent' | 'failed';

/**
 * A message on the screen: a stored one, or one of ours still on its way.
 * `status` is set on our own messages only; `outgoing` keeps what to send
 * again (a retry or a reconnection) until the server's copy arrives.
 */
export interface ChatEntry extends ChatMessage {
  status?: MessageStatus;
  outgoing?: OutgoingPayload;
}

/** Messages per page (the API's page size). */
export const PAGE_SIZE = 50;

/** Everything the list shows. */
export interface ChatState {
  /** oldest first; our unsent messages sit where they were written */
  messages: ChatEntry[];
  /** true once the first page (initialMessages or page 0) has arrived */
  loaded: boolean;
  /** whether older messages exist on the server */
  hasMore: boolean;
  /** true while an older page is on its way */
  loadingMore: boolean;
  /** the page counter (docs/product.md#states-and-transitions): the oldest page loaded so far, 0 = the newest */
  page: number;
  /** the last load's error text, cleared by the next page */
  loadError: string | null;
}

/** The state before anything arrived. */
export const initialChatState: ChatState = { messages: [], loaded: false, hasMore: false, loadingMore: false, page: 0, loadError: null };

/** What can happen to the list. */
export type ChatAction =
  /**
   * `initialMessages` (hasMore unknown: guessed from a full page) or a
   * `moreMessages` answer; `page` is the page it answers (0 = the newest)
   */
  | { type: 'page'; messages: ChatMessage[]; hasMore?: boolean; page: number; ownUserId: string }
  /** an older page was asked for */
  | { type: 'loadingMore' }
  /** a page could not be loaded */
  | { type: 'loadError'; error: string }
  /** the connection dropped: pages asked for will not come */
  | { type: 'disconnected' }
  /** we wrote a message: it is shown at once with status sending */
  | { type: 'outgoing'; entry: ChatEntry }
  /** `messageAck {id}`: the message with that tempId is sent */
  | { type: 'ack'; tempId: string }
  /** a `message` event: our own echo (merged) or someone's new message */
  | { type: 'message'; message: ChatMessage; ownUserId: string }
  /** `messageError`: every message still sending fails */
  | { type: 'messageError' }
  /** one message failed locally (e.g. its file could not be read) */
  | { type: 'failed'; tempId: string }
  /** a failed message is sent again with the same tempId */
  | { type: 'retry'; tempId: string }
  /** the file of a message being written was read: keep what to send */
  | { type: 'prepared'; tempId: string; outgoing: OutgoingPayload };

const time = (entry: Pick<ChatEntry, 'timestamp'>) => {
  const ms = Date.parse(entry.timestamp);
  return Number.isNaN(ms) ? 0 : ms;
};

/** Index of our local entry that `message` is the server's copy of: same id, or same tempId from the same sender. */
function findCopy(messages: readonly ChatEntry[], message: ChatMessage): number {
  return messages.findIndex((entry) => entry.id === message.id || (message.tempId !== null && entry.tempId === message.tempId && entry.user_id === message.user_id));
}

/** Our entry with the server's fields merged in: the server's id, time and file URL, status sent. */
function settle(entry: ChatEntry, message: ChatMessage, ownUserId: string): ChatEntry {
  const merged: ChatEntry = { ...entry, ...message, tempId: message.tempId ?? entry.tempId };
  delete merged.outgoing;
  if (message.user_id === ownUserId) merged.status = 'sent';
  return merged;
}

/** True for our own message that the server has not echoed yet (its id is still its tempId). */
export function isPending(entry: ChatEntry): boolean {
  return entry.status !== undefined && entry.id === entry.tempId;
}

/**
 * Merges stored messages into the list: known ids (and our own pending
 * copies, by tempId) are updated in place, new ones are added, and the
 * stored ones are kept in chronological order (a stable sort). Our pending
 * messages follow them in the order written, so a slow upload never lands
 * above a message written after it.
 */
export function mergeMessages(current: readonly ChatEntry[], incoming: readonly ChatMessage[], ownUserId: string): ChatEntry[] {
  const next = [...current];
  for (const message of incoming) {
    const index = findCopy(next, message);
    if (index >= 0) next[index] = settle(next[index]!, message, ownUserId);
    else next.push(message.user_id === ownUserId ? { ...message, status: 'sent' } : { ...message });
  }
  const stored = next.filter((entry) => !isPending(entry)).sort((a, b) => time(a) - time(b));
  return [...stored, ...next.filter(isPending)];
}

function updateWhere(messages: ChatEntry[], test: (entry: ChatEntry) => boolean, change: (entry: ChatEntry) => ChatEntry): ChatEntry[] {
  let changed = false;
  const next = messages.map((entry) => {
    if (!test(entry)) return entry;
    changed = true;
    return change(entry);
  });
  return changed ? next : messages;
}

/** The reducer of the discussion's list. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'page': {
      const merged = mergeMessages(state.messages, action.messages, action.ownUserId);
      // Without the server's word (initialMessages), a full page suggests more.
      const hasMore = action.hasMore ?? action.messages.length >= PAGE_SIZE;
      if (action.page === 0) {
        // Page 0 again after a reconnect says nothing about pages older than those already loaded.
        return { ...state, messages: merged, loaded: true, hasMore: state.page > 0 ? state.hasMore : hasMore, loadError: null };
      }
      return { ...state, messages: merged, loaded: true, hasMore, page: Math.max(state.page, action.page), loadingMore: false, loadError: null };
    }
    case 'loadingMore':
      return { ...state, loadingMore: true, loadError: null };
    case 'loadError':
      return { ...state, loadingMore: false, loadError: action.error };
    case 'disconnected':
      return state.loadingMore ? { ...state, loadingMore: false } : state;
    case 'outgoing':
      return { ...state, messages: [...state.messages, action.entry] };
    case 'prepared':
      return {
        ...state,
        messages: updateWhere(
          state.messages,
          (e) => e.tempId === action.tempId && e.status !== 'sent',
          (e) => ({ ...e, outgoing: action.outgoing }),
        ),
      };
    case 'ack':
      return {
        ...state,
        messages: updateWhere(
          state.messages,
          (e) => e.tempId === action.tempId && e.status === 'sending',
          (e) => ({ ...e, status: 'sent' }),
        ),
      };
    case 'message':
      return { ...state, messages: mergeMessages(state.messages, [action.message], action.ownUserId) };
    case 'messageError':
      return {
        ...state,
        messages: updateWhere(
          state.messages,
          (e) => e.status === 'sending',
          (e) => ({ ...e, status: 'failed' }),
        ),
      };
    case 'failed':
      return {
        ...state,
        messages: updateWhere(
          state.messages,
          (e) => e.tempId === action.tempId && e.status === 'sending',
          (e) => ({ ...e, status: 'failed' }),
        ),
      };
    case 'retry':
      return {
        ...state,
        messages: updateWhere(
          state.messages,
          (e) => e.tempId === action.tempId && e.status === 'failed',
          (e) => ({ ...e, status: 'sending' }),
        ),
      };
  }
}
