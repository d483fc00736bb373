import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeSocket, PROBE_TIMEOUT_MS, type ProbeSocket } from './reachability';

/** A socket the test opens, fails or leaves hanging. */
function fakeSocket() {
  const state = { closed: false };
  const socket: ProbeSocket = {
    onopen: null,
    onerror: null,
    close: () => {
      state.closed = true;
    },
  };
  const event = new Event('probe');
  return {
    socket,
    open: () => socket.onopen!.call(socket as WebSocket, event),
    fail: () => socket.onerror!.call(socket as WebSocket, event),
    get closed() {
      return state.closed;
    },
  };
}

describe('probeSocket', () => {
  afterEach(() => vi.useRealTimers());

  it('says yes when the socket opens, and closes it', async () => {
    const socket = fakeSocket();
    const answer = probeSocket('ws://x/bot/query', () => socket.socket);
    socket.open();
    await expect(answer).resolves.toBe(true);
    expect(socket.closed).toBe(true);
  });

  it('says no on an error (a refused connection, an origin the server does not allow)', async () => {
    const socket = fakeSocket();
    const answer = probeSocket('ws://x/bot/query', () => socket.socket);
    socket.fail();
    await expect(answer).resolves.toBe(false);
    expect(socket.closed).toBe(true);
  });

  it('says no when the socket does not open in time', async () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    const answer = probeSocket('ws://x/bot/query', () => socket.socket);
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS);
    await expect(answer).resolves.toBe(false);
    expect(socket.closed).toBe(true);
  });

  it('says no when the URL cannot be opened (the Content-Security-Policy, a malformed URL)', async () => {
    await expect(
      probeSocket('nope', () => {
        throw new Error('SecurityError');
      }),
    ).resolves.toBe(false);
  });
});

describe('assistantReachable', () => {
  it('probes once per page load, and again after a failure once it is old enough', async () => {
    vi.resetModules();
    const { assistantReachable } = await import('./reachability');
    let time = 0;
    const answers = [false, true];
    const probe = vi.fn(() => Promise.resolve(answers.shift()!));
    await expect(assistantReachable('ws://x', probe, () => time)).resolves.toBe(false);
    time = 10_000;
    await expect(assistantReachable('ws://x', probe, () => time)).resolves.toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
    time = 60_000;
    await expect(assistantReachable('ws://x', probe, () => time)).resolves.toBe(true);
    time = 1_000_000;
    await expect(assistantReachable('ws://x', probe, () => time)).resolves.toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
