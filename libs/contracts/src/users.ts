/** Account DTOs shared by the browser and the services. */
export const USER_ROLES = ['pilot', 'fbo', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles a visitor may choose at registration. */
export const REGISTRABLE_ROLES = ['pilot', 'fbo'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

/** The user as the browser sees it (GET /api/auth/me, POST /api/auth/login). */
export interface UserDto {
  id: string;
  username: string;
  email: string;
  role: UserRole;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
  /** Keep the session for 30 days instead of the browser session. */
  remember?: boolean;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName?: string;
  role?: RegistrableRole;
  aircraftProfileName?: string;
}

export interface RegisterResponse {
  message: string;
  user: UserDto;
}

/** Answer of svc-identity's credential check to the gateway. */
export type VerifyCredentialsResponse =
  { ok: true; user: UserDto } | { ok: false; error: 'invalid_credentials' | 'beta_access_required' };

/** The error shape every API answers with (ARCHITECTURE section 6). */
export interface ApiErrorBody {
  error: string;
  details?: { message: string; field?: string }[];
}

/** The signed identity a service receives from the gateway or another service. */
export interface InternalIdentity {
  /** The signed-in user, when the call is made on a user's behalf. */
  user?: Pick<UserDto, 'id' | 'email' | 'role'>;
  /** The calling part of the system (`gateway`, `svc-quotes`, ...). */
  caller: string;
  /** Issued at, epoch milliseconds. */
  iat: number;
}
