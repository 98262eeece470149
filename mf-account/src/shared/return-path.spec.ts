import { safeReturnPath, withReturnPath } from './return-path';

describe('returnPath', () => {
  it('accepts a same-site relative path', () => {
    expect(safeReturnPath('/aircraftinfo?step=2')).toBe('/aircraftinfo?step=2');
  });
  it('refuses paths that would leave the site', () => {
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('history')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
  it('carries the returnPath on links', () => {
    expect(withReturnPath('/register', '/aircraftinfo')).toBe('/register?returnPath=%2Faircraftinfo');
    expect(withReturnPath('/register', null)).toBe('/register');
  });
});
