import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionLostModal } from './SessionLostModal';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Session Connection Lost modal', () => {
  it('retries 3 times 1 s apart, counting, then offers Try Again', async () => {
    const waits: number[] = [];
    const gates: ReturnType<typeof deferred>[] = [];
    const attempt = vi.fn(async () => false);
    const wait = (ms: number) => {
      waits.push(ms);
      const d = deferred();
      gates.push(d);
      return d.promise;
    };
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <SessionLostModal message="Session connection lost. The server may have restarted." onClose={onClose} attempt={attempt} wait={wait} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Session connection lost. The server may have restarted.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Attempting to reconnect... 1/3');
    await act(async () => gates[0]!.resolve());
    expect(screen.getByRole('status').textContent).toBe('Attempting to reconnect... 2/3');
    await act(async () => gates[1]!.resolve());
    expect(screen.getByRole('status').textContent).toBe('Could not reconnect after 3 attempts.');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows each attempt's 'n/3' before the attempt runs, even when every attempt fails at once", async () => {
    // What is on screen while each attempt runs (a server that is down refuses within a millisecond).
    const seen: string[] = [];
    const attempt = vi.fn(async () => {
      seen.push(document.querySelector('[role="status"]')?.textContent ?? '(none)');
      return false;
    });
    render(
      <MemoryRouter>
        <SessionLostModal onClose={vi.fn()} attempt={attempt} wait={async () => undefined} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    });
    expect(seen).toEqual(['Attempting to reconnect... 1/3', 'Attempting to reconnect... 2/3', 'Attempting to reconnect... 3/3']);
    expect(screen.getByRole('status').textContent).toBe('Could not reconnect after 3 attempts.');
  });

  it('closes when an attempt succeeds; attempts that throw count as failures', async () => {
    const attempt = vi.fn<() => Promise<boolean>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(true);
    const onClose = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <SessionLostModal onClose={onClose} attempt={attempt} wait={async () => undefined} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    });
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Return to Title' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Game' })).toBeTruthy();
  });

  it('Return to Title goes to /; Start New Game ends the session first', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const view = (onClose: () => void) => (
        <MemoryRouter initialEntries={['/game?id=abc']}>
          <Routes>
            <Route path="/" element={<p>TITLE</p>} />
            <Route path="/game" element={<SessionLostModal onClose={onClose} attempt={async () => false} />} />
          </Routes>
        </MemoryRouter>
      );
      const closeA = vi.fn();
      render(view(closeA));
      fireEvent.click(screen.getByRole('button', { name: 'Return to Title' }));
      expect(closeA).toHaveBeenCalledTimes(1);
      expect(screen.getByText('TITLE')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
      cleanup();

      const closeB = vi.fn();
      render(view(closeB));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Start New Game' }));
      });
      expect(closeB).toHaveBeenCalledTimes(1);
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/game/end-session');
      expect(await screen.findByText('TITLE')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
