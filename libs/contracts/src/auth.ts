/** A signed-in user as the API shows it (never the password hash). */
export interface AuthUser {
  id: string;
  username: string;
  email: string | null;
  createdAt: string;
}

/** POST /api/auth/register, /login and /change-password. */
export interface AuthResponse {
  token: string;
  user: AuthUser;
}

/** GET /api/auth/user and PUT /api/auth/profile. */
export interface CurrentUserResponse {
  user: AuthUser;
}

export interface RegisterRequest {
  username: string;
  email?: string;
  password: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface UpdateProfileRequest {
  username: string;
  email?: string | null;
  /** Needed when `email` changes (set, replaced or removed). */
  currentPassword?: string;
  /** Needed when `email` changes and two-factor sign-in is on. */
  code?: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/forgot-password: canReset is false when the account has no e-mail. */
export interface ForgotPasswordResponse {
  ok: boolean;
  canReset: boolean;
  message: string;
  /** The e-mail the code went to, masked (e.g. 'a***@example.com'). */
  emailHint?: string;
}

export interface ResetPasswordRequest {
  username: string;
  code: string;
  newPassword: string;
}

export interface OkResponse {
  ok: true;
  message: string;
}

/** Dev-only GET /api/dev/outbox?to=: the mails the local outbox holds, newest first. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
