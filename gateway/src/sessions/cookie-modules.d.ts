// Types of the two packages express-session reads its cookie with (neither ships its own; see session-cookie.ts).
declare module 'cookie' {
  export function parse(
    header: string,
    options?: { decode?: (value: string) => string },
  ): Record<string, string | undefined>;
}
declare module 'cookie-signature' {
  export function sign(value: string, secret: string): string;
  export function unsign(signed: string, secret: string): string | false;
}
