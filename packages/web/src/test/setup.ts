import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A scene is a lazily loaded chunk: on a busy 2-core machine its first import takes longer than
// testing-library's default second. `findBy…` still answers as soon as the element is there.
configure({ asyncUtilTimeout: 5000 });

// The chat widget loads once the page has been idle for 1.5 s and then asks the chat API for
// support's status: on a busy machine that lands in the middle of a scene's test as a request
// the test never scripted. Scene tests render the app without it; the chat has its own tests
// (packages/chat-ui/src/ChatStore.test.ts, tests/e2e/support-chat.spec.ts).
vi.mock('../chat/ChatLoader', () => ({ ChatLoader: () => null }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// happy-dom's IntersectionObserver never reports: here everything observed is in view at once,
// so what the app draws only near the viewport (components/ui/WhenVisible) is drawn in tests.
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = InViewObserver as unknown as typeof IntersectionObserver;
