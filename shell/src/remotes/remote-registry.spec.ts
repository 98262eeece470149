import { REMOTES_JSON } from '../test/render-app';
import {
  fetchRemotesConfig,
  inlinedRemotesConfig,
  isOutsideChrome,
  isVersionMismatch,
  remoteForPath,
  routesOf,
} from './remote-registry';

describe('remote registry helpers', () => {
  it('finds the remote that serves a path from /remotes.json', () => {
    expect(remoteForPath(REMOTES_JSON, '/login')?.name).toBe('account');
    expect(remoteForPath(REMOTES_JSON, '/account/aircraft/new')?.name).toBe('account');
    expect(remoteForPath(REMOTES_JSON, '/quote-details/42')?.name).toBe('quotes');
    expect(remoteForPath(REMOTES_JSON, '/quote/7/abc')?.name).toBe('fbo_portal');
    expect(remoteForPath(REMOTES_JSON, '/admin')?.name).toBe('admin');
    expect(remoteForPath(REMOTES_JSON, '/admin/x')).toBeUndefined();
    expect(remoteForPath(REMOTES_JSON, '/nowhere')).toBeUndefined();
  });

  it('tells a remote built for other shared versions from one that is down', () => {
    expect(
      isVersionMismatch(
        new Error(
          '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of account which needs ^18.3.0)',
        ),
      ),
    ).toBe(true);
    expect(isVersionMismatch(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'))).toBe(false);
    expect(isVersionMismatch(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('knows the screens shown outside the chrome', () => {
    expect(isOutsideChrome('/forgot-password')).toBe(true);
    expect(isOutsideChrome('/reset-password')).toBe(true);
    expect(isOutsideChrome('/quote/7/abc')).toBe(true);
    expect(isOutsideChrome('/login')).toBe(false);
    expect(isOutsideChrome('/quote-details/1')).toBe(false);
  });

  it('reads /remotes.json and refuses an answer without a remotes list', async () => {
    const ok = jest.fn(async () => new Response(JSON.stringify(REMOTES_JSON), { status: 200 }));
    await expect(fetchRemotesConfig(ok as unknown as typeof fetch)).resolves.toEqual(REMOTES_JSON);
    expect(ok).toHaveBeenCalledWith('/remotes.json', expect.anything());
    const bad = jest.fn(async () => new Response('{}', { status: 200 }));
    await expect(fetchRemotesConfig(bad as unknown as typeof fetch)).rejects.toThrow('no "remotes" list');
    const down = jest.fn(async () => new Response('', { status: 502 }));
    await expect(fetchRemotesConfig(down as unknown as typeof fetch)).rejects.toThrow('502');
  });

  it("takes a remote's route list from its routes or default export", () => {
    const list = [{ path: '/login' }];
    expect(routesOf('account', { routes: list })).toBe(list);
    expect(routesOf('account', { default: list })).toBe(list);
    expect(() => routesOf('account', {})).toThrow('exposes no route list');
  });
});

describe('the remote list inlined by the gateway', () => {
  afterEach(() => document.getElementById('rq-remotes')?.remove());

  function inline(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'rq-remotes';
    element.textContent = text;
    document.head.append(element);
  }

  it('is read from the page instead of asking for /remotes.json', () => {
    inline(JSON.stringify(REMOTES_JSON));
    expect(inlinedRemotesConfig()).toEqual(REMOTES_JSON);
  });

  it('is absent without the element, or when the element holds no remote list', () => {
    expect(inlinedRemotesConfig()).toBeUndefined();
    inline('{"not":"a list"}');
    expect(inlinedRemotesConfig()).toBeUndefined();
    document.getElementById('rq-remotes')?.remove();
    inline('{broken');
    expect(inlinedRemotesConfig()).toBeUndefined();
  });
});
