import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyWithPreload, preloadAll, registerPreload } from './lazyWithPreload';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const View = () => <p>the view</p>;

function show(Component: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading...</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyWithPreload', () => {
  it('a chunk not yet loaded shows the fallback first', async () => {
    const chunk = deferred<{ default: typeof View }>();
    const Lazy = lazyWithPreload(() => chunk.promise);
    show(Lazy);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => chunk.resolve({ default: View }));
    expect(screen.getByText('the view')).toBeTruthy();
  });

  it('a preloaded chunk renders in the first render, without its fallback', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(() => {
      loads++;
      return Promise.resolve({ default: View });
    });
    await Lazy.preload();
    show(Lazy);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('the view')).toBeTruthy();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('a failed preload is forgotten: the next one loads again', async () => {
    let fail = true;
    const Lazy = lazyWithPreload(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: View })));
    await expect(Lazy.preload()).rejects.toThrow('offline');
    fail = false;
    await Lazy.preload();
    show(Lazy);
    expect(screen.getByText('the view')).toBeTruthy();
  });

  it('preloadAll loads every registered chunk and the chunks those register in turn', async () => {
    const loaded: string[] = [];
    let Inner: ReturnType<typeof lazyWithPreload<typeof View>> | null = null;
    const Outer = lazyWithPreload(() => {
      loaded.push('outer');
      // a chunk's module declares its own lazy chunks when it is evaluated
      Inner = lazyWithPreload(() => {
        loaded.push('inner');
        return Promise.resolve({ default: View });
      });
      return Promise.resolve({ default: View });
    });
    registerPreload(() => {
      loaded.push('library');
      return Promise.reject(new Error('a failed preload stops nothing'));
    });
    await preloadAll();
    expect(loaded.filter((name) => name !== 'library').sort()).toEqual(['inner', 'outer']);
    expect(loaded).toContain('library');
    show(Outer);
    expect(screen.queryByText('Loading...')).toBeNull();
    cleanup();
    show(Inner!);
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});

describe('every chunk is preloadable', () => {
  it("no source file declares a chunk with React's bare lazy()", () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./lazyWithPreload.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const bare = Object.entries(sources)
      .filter(([, text]) => /(^|[^\w.])lazy\(/m.test(text))
      .map(([file]) => file);
    expect(bare).toEqual([]);
  });
});
