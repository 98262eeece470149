/** Texts svc-identity answers registration with (shown by mf-account; spec sections 1, 5 and 8). */
export const RegistrationMessages = {
  /** Registered but not (yet) invited: the invite-only notice. */
  inviteOnly:
    "Thanks for registering! RampQuote is invite-only during the beta; we'll e-mail you as soon as your access is open.",
  /** Registered and invited (or the beta is open): the account can be used at once. */
  accountReady: 'Thanks for registering! Your account is ready and you can log in now.',
  /** Top-level error of a 400 whose details list each failed field rule. */
  invalidRequest: 'Invalid request data',
  /** 409 error (and the email field's detail) when the e-mail is taken. */
  emailExists: 'Email already exists',
  /** Detail of an unknown role value. */
  roleInvalid: 'Role must be pilot or fbo',
} as const;
