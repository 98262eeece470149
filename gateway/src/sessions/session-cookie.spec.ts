import { sign } from 'cookie-signature';
import { SessionCookieReader } from './session-cookie';

const SECRET = 'unit-test-session-secret';
const header = (value: string) => `theme=dark; rq.sid=${encodeURIComponent(value)}; other=1`;

describe('SessionCookieReader', () => {
  it('reads the session id of a cookie signed as express-session signs it', () => {
    const reader = new SessionCookieReader('rq.sid', SECRET);
    const cookie = header(`s:${sign('abc123', SECRET)}`);
    expect(reader.sessionIdOf(cookie)).toBe('abc123');
    expect(reader.sessionIdOf(cookie)).toBe('abc123');
  });

  it('reads no id from a missing cookie, an unsigned value, another secret or an altered id, on every try', () => {
    const reader = new SessionCookieReader('rq.sid', SECRET);
    expect(reader.sessionIdOf(undefined)).toBeUndefined();
    expect(reader.sessionIdOf('theme=dark')).toBeUndefined();
    expect(reader.sessionIdOf(header('abc123'))).toBeUndefined();
    const forged = header(`s:${sign('abc123', 'another-secret')}`);
    const altered = header(`s:${sign('abc123', SECRET).replace('abc123', 'abc124')}`);
    for (let i = 0; i < 2; i += 1) {
      expect(reader.sessionIdOf(forged)).toBeUndefined();
      expect(reader.sessionIdOf(altered)).toBeUndefined();
    }
  });

  it('keeps at most the number of verified values it was given, and still reads the older ones', () => {
    const reader = new SessionCookieReader('rq.sid', SECRET, 2);
    const ids = ['one', 'two', 'three'];
    for (const id of ids) expect(reader.sessionIdOf(header(`s:${sign(id, SECRET)}`))).toBe(id);
    expect((reader as unknown as { verified: Map<string, string> }).verified.size).toBe(2);
    expect(reader.sessionIdOf(header(`s:${sign('one', SECRET)}`))).toBe('one');
  });
});
