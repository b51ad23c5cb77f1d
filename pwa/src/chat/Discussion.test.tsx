import { IonApp } from '@ionic/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, t } from '../platform/i18n';
import { fieldLabel, findNativeInput, getField, typeInto } from '../test/fields';
import { Discussion, NO_MATCHES_TEXT, NO_MESSAGES_TEXT } from './Discussion';
import { isSendKey } from './Composer';
import { senderColor } from './format';
import { formatDate } from '../platform/i18n/dates';
import { CHAT_CONNECTION_TEXTS, SOCKET_OPTIONS, type ChatSocket } from './useChat';
import type { ChatMessage, OutgoingPayload } from './protocol';

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io-client socket: records emits; the test plays the server. */
class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: [string, unknown][] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, Handler[]>();
  readonly io = {
    on: (event: string, fn: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), fn]);
    },
    removeAllListeners: () => this.managerHandlers.clear(),
  };

  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  disconnect() {
    this.connected = false;
  }
  connect() {}

  /** The server (or the library) fires `event`. */
  fire(event: string, ...args: unknown[]) {
    act(() => {
      for (const fn of this.handlers.get(event) ?? []) fn(...args);
    });
  }
  open() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  /** The payloads of every `message` emit. */
  sent(): OutgoingPayload[] {
    return this.emitted.filter(([event]) => event === 'message').map(([, payload]) => payload as OutgoingPayload);
  }
  pages(): number[] {
    return this.emitted.filter(([event]) => event === 'loadMoreMessages').map(([, payload]) => (payload as { page: number }).page);
  }
}

function stored(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `${String(n).padStart(24, 'c')}`,
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

let socket: FakeSocket;
let auth: unknown;

function renderDiscussion() {
  socket = new FakeSocket();
  const connect = vi.fn((payload: unknown) => {
    auth = payload;
    return socket as unknown as ChatSocket;
  });
  const view = render(
    <IonApp>
      <Discussion user={{ id: ME, role: 1 }} connect={connect} />
    </IonApp>,
  );
  return { ...view, connect };
}

/** The message box: Ionic's text area labelled "Type your message...". */
const box = () => getField('Type your message...');
/** Its native textarea, for typing with the keys (Enter sends, Shift+Enter starts a line). */
const keys = () => findNativeInput(box());
const sendButton = () => screen.getByText('Send').closest('ion-button')!;
const isDisabled = (el: Element) => (el as HTMLElement & { disabled?: boolean }).disabled === true || el.hasAttribute('disabled');

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

describe('the connection (docs/product.md#chat-connection, docs/product.md#clarified-behaviour)', () => {
  it('connects once with the auth payload and the socket options of docs/product.md#clarified-behaviour', () => {
    const { connect } = renderDiscussion();
    expect(connect).toHaveBeenCalledTimes(1);
    expect(auth).toEqual({ userId: ME, userRole: '1' });
    expect(SOCKET_OPTIONS).toMatchObject({ transports: ['websocket', 'polling'], tryAllTransports: true, reconnectionAttempts: 5, reconnectionDelay: 1000, timeout: 10000 });
  });

  it('shows "Loading messages..." until the first page, and asks for page 0 on every connect', () => {
    renderDiscussion();
    expect(screen.getByText('Loading messages...')).toBeInTheDocument();
    socket.open();
    expect(socket.pages()).toEqual([0]);
    socket.fire('initialMessages', [stored(1), stored(2)]);
    expect(screen.queryByText('Loading messages...')).not.toBeInTheDocument();
    expect(screen.getByText('message 2')).toBeInTheDocument();
    socket.drop();
    socket.open();
    expect(socket.pages()).toEqual([0, 0]);
  });

  it('shows the spec banners and clears them on connect', () => {
    renderDiscussion();
    socket.fire('connect_error', new Error('refused'));
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_CONNECTION_TEXTS.failed);
    expect(CHAT_CONNECTION_TEXTS.failed).toBe('Failed to connect to server');
    socket.open();
    expect(screen.queryByText(CHAT_CONNECTION_TEXTS.failed)).not.toBeInTheDocument();
    socket.drop();
    expect(screen.getByText('Connection lost. Attempting to reconnect...')).toBeInTheDocument();
    socket.open();
    expect(screen.queryByText('Connection lost. Attempting to reconnect...')).not.toBeInTheDocument();
  });

  it('offers Reconnect after the socket gave up, and tries again when the network returns', async () => {
    renderDiscussion();
    const connectSpy = vi.spyOn(socket, 'connect');
    socket.active = false;
    socket.fire('connect_error', new Error('gave up'));
    await userEvent.click(screen.getByText('Reconnect'));
    expect(connectSpy).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(connectSpy).toHaveBeenCalledTimes(2);
  });

  it('says the session has ended and stops reconnecting when the server closes the socket and then refuses it', () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', [stored(1)]);
    const connect = vi.spyOn(socket, 'connect');
    const disconnect = vi.spyOn(socket, 'disconnect');
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    // One attempt: a process shutting down lets another take over.
    expect(connect).toHaveBeenCalledTimes(1);
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended — sign in again');
    expect(disconnect).toHaveBeenCalled();
    expect(screen.queryByText('Reconnect')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a server-side disconnect that another process takes over', () => {
    renderDiscussion();
    socket.open();
    const connect = vi.spyOn(socket, 'connect');
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(connect).toHaveBeenCalledTimes(1);
    socket.open();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    socket.drop();
    socket.fire('connect_error', new Error('websocket error'));
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_CONNECTION_TEXTS.failed);
  });

  it('says the session has ended when the polling handshake is answered 403', () => {
    renderDiscussion();
    socket.fire('connect_error', Object.assign(new Error('xhr poll error'), { description: 403 }));
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_CONNECTION_TEXTS.sessionEnded);
  });

  it('shows the empty state when nobody has written yet', () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    expect(screen.getByText(t(NO_MESSAGES_TEXT))).toBeInTheDocument();
  });

  it('shows a load error with Retry, which asks for page 0 again', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('loadError', 'The messages could not be loaded. Please try again.');
    expect(screen.getByText('The messages could not be loaded. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Retry'));
    expect(socket.pages()).toEqual([0, 0]);
  });
});

describe('the message list (docs/product.md#discussion)', () => {
  it('shows own messages with their status mark and others with their coloured name', () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', [stored(1), stored(2, { user_id: ME, sender: 'Ada Admin', content: 'mine' })]);
    const theirs = screen.getByRole('article', { name: 'Message from Grace Hopper' });
    const name = within(theirs).getByText('Grace Hopper');
    expect(name.style.getPropertyValue('--chat-sender-light')).toBe(senderColor('Grace Hopper'));
    expect(name.style.getPropertyValue('--chat-sender-dark')).toBe(senderColor('Grace Hopper', 'dark'));
    expect(within(theirs).queryByRole('img', { name: 'Sent' })).not.toBeInTheDocument();
    const mine = screen.getByRole('article', { name: 'Your message' });
    expect(mine.closest('li')).toHaveClass('chat-message--own');
    expect(within(mine).getByRole('img', { name: 'Sent' })).toHaveTextContent('✓✓');
    expect(within(mine).queryByText('Ada Admin')).not.toBeInTheDocument();
  });

  it('shows an attachment with its image, name, size in KB and a download link', () => {
    renderDiscussion();
    socket.open();
    const file_url = '/api/chat/attachments/cccccccccccccccccccccc01';
    socket.fire('initialMessages', [stored(1, { file: { name: 'photo.png', type: 'image/png' }, file_type: 'image/png', file_size: 2048, file_url })]);
    expect(screen.getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', file_url);
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download photo.png' })).toHaveAttribute('href', file_url);
  });

  it('filters the loaded messages by content, ignoring case', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', [stored(1, { content: 'Hello World' }), stored(2, { content: 'something else' })]);
    // Ionic's search field, found by its visible label as a search box.
    const search = await screen.findByRole('searchbox', { name: 'Search messages...' });
    expect(fieldLabel(search)).toBe('Search messages...');
    await userEvent.type(search, 'WORLD');
    expect(screen.getByText('Hello World')).toBeInTheDocument();
    expect(screen.queryByText('something else')).not.toBeInTheDocument();
    typeInto(search, 'zzz');
    expect(screen.getByText(t(NO_MATCHES_TEXT))).toBeInTheDocument();
    typeInto(search, '');
    expect(screen.getByText('something else')).toBeInTheDocument();
  });

  it('offers "Load More" while more exist, asks for the next page and prepends it', async () => {
    renderDiscussion();
    socket.open();
    socket.fire(
      'initialMessages',
      Array.from({ length: 50 }, (_, i) => stored(i + 10)),
    );
    socket.fire('moreMessages', { messages: Array.from({ length: 50 }, (_, i) => stored(i + 10)), hasMore: true });
    await userEvent.click(screen.getByText('Load More'));
    expect(socket.pages()).toEqual([0, 1]);
    socket.fire('moreMessages', { messages: [stored(1), stored(2)], hasMore: false });
    expect(screen.queryByText('Load More')).not.toBeInTheDocument();
    const texts = screen.getAllByText(/^message \d+$/).map((el) => el.textContent);
    expect(texts.slice(0, 3)).toEqual(['message 1', 'message 2', 'message 10']);
    expect(texts).toHaveLength(52);
  });

  it('puts the messages under a heading per day: a date, "Yesterday", "Today", also for older pages loaded later', async () => {
    const now = new Date();
    const at = (daysAgo: number, hour: number, minute = 0) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour, minute).toISOString();
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', [
      stored(1, { timestamp: at(3, 13, 36), content: 'three days ago' }),
      stored(2, { timestamp: at(1, 13, 36), content: 'yesterday afternoon' }),
      stored(3, { timestamp: at(1, 23, 59), content: 'yesterday night' }),
      stored(4, { timestamp: at(0, 2, 36), content: 'early today' }),
    ]);
    socket.fire('moreMessages', { messages: [], hasMore: true });
    const log = screen.getByRole('log', { name: 'Messages' });
    const days = () =>
      within(log)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
    expect(days()).toEqual([formatDate(at(3, 13, 36)), 'Yesterday', 'Today']);
    expect(formatDate(at(3, 13, 36))).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // each day is a group named by its heading, holding that day's messages only
    const yesterday = within(log).getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getAllByText(/^yesterday /)).toHaveLength(2);
    expect(within(yesterday).queryByText('early today')).not.toBeInTheDocument();
    expect(within(within(log).getByRole('region', { name: 'Today' })).getByText('early today')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Load More'));
    socket.fire('moreMessages', {
      messages: [stored(5, { timestamp: at(10, 9), content: 'ten days ago' }), stored(6, { timestamp: at(3, 8), content: 'three days ago, earlier' })],
      hasMore: false,
    });
    expect(days()).toEqual([formatDate(at(10, 9)), formatDate(at(3, 8)), 'Yesterday', 'Today']);
    const threeDaysAgo = within(log).getByRole('region', { name: formatDate(at(3, 8)) });
    expect(
      within(threeDaysAgo)
        .getAllByText(/^three days ago/)
        .map((el) => el.textContent),
    ).toEqual(['three days ago, earlier', 'three days ago']);
  });

  it('renames the days when midnight passes on an open screen: "Today" becomes "Yesterday"', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(new Date(2026, 11, 7, 23, 58));
      renderDiscussion();
      socket.open();
      socket.fire('initialMessages', [stored(1, { timestamp: new Date(2026, 11, 7, 23, 50).toISOString(), content: 'late' })]);
      const days = () =>
        within(screen.getByRole('log', { name: 'Messages' }))
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent);
      expect(days()).toEqual(['Today']);
      act(() => {
        vi.advanceTimersByTime(3 * 60_000);
      });
      expect(days()).toEqual(['Yesterday']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the days in the active language', async () => {
    await act(() => setLanguage('es'));
    try {
      const now = new Date();
      renderDiscussion();
      socket.open();
      socket.fire('initialMessages', [
        stored(1, { timestamp: new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12).toISOString() }),
        stored(2, { timestamp: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 1).toISOString() }),
      ]);
      expect(
        within(screen.getByRole('log'))
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(['Ayer', 'Hoy']);
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('loads older messages when scrolled to the top, debounced by 150 ms', () => {
    vi.useFakeTimers();
    try {
      renderDiscussion();
      socket.open();
      socket.fire(
        'initialMessages',
        Array.from({ length: 50 }, (_, i) => stored(i + 10)),
      );
      const list = screen.getByRole('log', { name: 'Messages' });
      list.scrollTop = 0;
      fireEvent.scroll(list);
      fireEvent.scroll(list);
      act(() => {
        vi.advanceTimersByTime(149);
      });
      expect(socket.pages()).toEqual([0]);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(socket.pages()).toEqual([0, 1]);
      fireEvent.scroll(list);
      act(() => {
        vi.advanceTimersByTime(200);
      });
      // One older page at a time.
      expect(socket.pages()).toEqual([0, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the composer (docs/product.md#discussion, docs/product.md#chat-validation)', () => {
  it('sends on Enter but not on Shift+Enter, and disables Send when blank', async () => {
    const user = userEvent.setup();
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    expect(isDisabled(sendButton())).toBe(true);
    await user.type(await keys(), 'first line{Shift>}{Enter}{/Shift}second');
    expect(box().value).toBe('first line\nsecond');
    expect(socket.sent()).toEqual([]);
    expect(isDisabled(sendButton())).toBe(false);
    await user.type(await keys(), '{Enter}');
    expect(socket.sent()).toEqual([{ content: 'first line\nsecond', file: null, tempId: expect.stringMatching(/^\d+-[a-z0-9]+$/) }]);
    expect(box().value).toBe('');
    await user.type(await keys(), '   {Enter}');
    expect(socket.sent()).toHaveLength(1);
  });

  it('treats only a plain Enter as send', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('disables Send while the messages load', async () => {
    renderDiscussion();
    typeInto(box(), 'hello');
    expect(isDisabled(sendButton())).toBe(true);
  });

  it('refuses a file over 5 MB with the spec text and attaches nothing', async () => {
    const user = userEvent.setup();
    const { container } = renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*,.pdf,.doc,.docx');
    await user.upload(input, new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 5MB limit');
    expect(screen.queryByText(/big\.png/)).not.toBeInTheDocument();
    expect(isDisabled(sendButton())).toBe(true);

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'small.png', { type: 'image/png' }));
    expect(screen.queryByText('File size exceeds 5MB limit')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of small.png' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Remove small.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of small.png' })).not.toBeInTheDocument();
  });

  it('sends a file as a data URL with its name and type', async () => {
    const user = userEvent.setup();
    const { container } = renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'notes.pdf', { type: 'application/pdf' }));
    await user.click(sendButton());
    await waitFor(() => expect(socket.sent()).toHaveLength(1));
    expect(socket.sent()[0]).toMatchObject({ content: '', file: { data: 'data:application/pdf;base64,AQID', name: 'notes.pdf', type: 'application/pdf' } });
    expect(screen.getByRole('img', { name: 'Sending' })).toBeInTheDocument();
  });
});

describe('outgoing messages (docs/product.md#outgoing-chat-message)', () => {
  async function sendText(text: string) {
    await userEvent.type(await keys(), `${text}{Enter}`);
    return socket.sent().at(-1)!;
  }

  it('go from sending to sent on the ack, and merge the echo without a duplicate', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    const payload = await sendText('hello');
    expect(screen.getByRole('img', { name: 'Sending' })).toHaveTextContent('⏳');
    socket.fire('messageAck', { id: payload.tempId });
    expect(screen.getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    socket.fire('message', stored(5, { content: 'hello', tempId: payload.tempId, user_id: ME, sender: 'Ada Admin' }));
    // in the list: Ionic's message box holds the sent text until it draws itself empty again.
    expect(within(screen.getByRole('log', { name: 'Messages' })).getAllByText('hello')).toHaveLength(1);
  });

  it('become sent on an echo alone', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    const payload = await sendText('echo only');
    socket.fire('message', stored(5, { content: 'echo only', tempId: payload.tempId, user_id: ME }));
    // in the list: Ionic's message box holds the sent text until it draws itself empty again.
    expect(within(screen.getByRole('log', { name: 'Messages' })).getAllByText('echo only')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Sent' })).toBeInTheDocument();
  });

  it('fail on messageError with the spec toast, and are sent again with the same tempId on a tap', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    const payload = await sendText('doomed');
    socket.fire('messageError', 'Too big');
    const retry = screen.getByRole('button', { name: 'Failed to send. Tap to retry' });
    expect(retry).toHaveTextContent('✗');
    await waitFor(() => expect(document.querySelector('ion-toast')).not.toBeNull());
    expect((document.querySelector('ion-toast') as HTMLElement & { message?: string }).message).toBe('Failed to send message: Too big');
    await userEvent.click(retry);
    expect(socket.sent()).toEqual([payload, payload]);
    expect(screen.getByRole('img', { name: 'Sending' })).toBeInTheDocument();
  });

  it('written while disconnected are sent after reconnection', async () => {
    renderDiscussion();
    socket.open();
    socket.fire('initialMessages', []);
    socket.drop();
    await userEvent.type(await keys(), 'offline note{Enter}');
    expect(socket.sent()).toEqual([]);
    expect(screen.getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    socket.open();
    expect(socket.sent()).toEqual([{ content: 'offline note', file: null, tempId: expect.any(String) }]);
  });
});
