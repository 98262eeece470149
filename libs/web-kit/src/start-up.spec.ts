import { startAfterPaint, startInTasks } from './start-up';

describe("a page's start-up steps", () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'queueMicrotask'] });
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const paint = () => frames.splice(0).forEach((frame) => frame(performance.now()));

  it('runs no step before the first view has been painted', async () => {
    const ran: string[] = [];
    void startAfterPaint([async () => void ran.push('system')]);
    await jest.runAllTimersAsync();

    expect(ran).toEqual([]);
    expect(frames).toHaveLength(1);
    paint();
    await jest.runAllTimersAsync();
    expect(ran).toEqual(['system']);
  });

  it('runs each step in a task of its own, so a tap queued during one is answered before the next', async () => {
    const ran: string[] = [];
    const tap = () => setTimeout(() => ran.push('tap'), 0);
    const started = startAfterPaint([
      async () => {
        ran.push('system');
        tap();
      },
      async () => {
        ran.push('page');
        tap();
      },
      async () => void ran.push('render'),
    ]);
    paint();
    await jest.runAllTimersAsync();
    await started;

    expect(ran).toEqual(['system', 'tap', 'page', 'tap', 'render']);
  });

  it('waits for each step before the next, and stops at one that fails', async () => {
    const ran: string[] = [];
    const started = startAfterPaint([
      () => new Promise((resolve) => setTimeout(() => resolve(ran.push('slow')), 20)),
      () => Promise.reject(new Error('chunk failed')),
      async () => void ran.push('after'),
    ]);
    const outcome = expect(started).rejects.toThrow('chunk failed');
    paint();
    await jest.runAllTimersAsync();

    await outcome;
    expect(ran).toEqual(['slow']);
  });

  it('without a first view, starts at once, each step in a task of its own', async () => {
    const ran: string[] = [];
    const started = startInTasks([
      async () => {
        ran.push('system');
        setTimeout(() => ran.push('tap'), 0);
      },
      async () => void ran.push('page'),
    ]);
    await jest.runAllTimersAsync();
    await started;

    expect(frames).toEqual([]);
    expect(ran).toEqual(['system', 'tap', 'page']);
  });
});
