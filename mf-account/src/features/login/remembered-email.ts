/**
 * "Remember" keeps ONLY the e-mail in local storage (ARCHITECTURE section 8: never the password); the session
 * cookie itself lasts 30 days when remember is sent with the login.
 */
export const REMEMBERED_EMAIL_KEY = 'rampquote.rememberedEmail';

export function readRememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveRememberedEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
    else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
  } catch {
    // storage unavailable (private mode): nothing to remember
  }
}
