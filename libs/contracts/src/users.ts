/** Account DTOs shared by the browser and the services. */
import { z } from 'zod';

export const USER_ROLES = ['pilot', 'fbo', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles a visitor may choose at registration. */
export const REGISTRABLE_ROLES = ['pilot', 'fbo'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

/** The user as the browser sees it (GET /api/auth/me, POST /api/auth/login). */
export const userDtoSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
});
export type UserDto = z.output<typeof userDtoSchema>;

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

/** 201 of POST /api/auth/register. */
export const registerResponseSchema = z.object({ message: z.string(), user: userDtoSchema });
export type RegisterResponse = z.output<typeof registerResponseSchema>;

/** A 200 or 201 answer that only says what happened (logout, forgot password, reset password, support message). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

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
