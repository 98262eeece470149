import { usernameBase } from './users.service';

describe('usernameBase', () => {
  it("uses the e-mail's local part, lowercased, without a +tag", () => {
    expect(usernameBase('Jane.Doe+rampquote@Example.com')).toBe('jane.doe');
  });
  it('drops characters a username cannot hold and falls back to "user"', () => {
    expect(usernameBase("o'brien!@example.com")).toBe('obrien');
    expect(usernameBase('+++@example.com')).toBe('user');
  });
});
