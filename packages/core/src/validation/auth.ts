/** Account requests: register, login, password reset and change, account deletion, profile. */
import { z } from 'zod';
import { VALIDATION_TEXTS } from './strings';
import { emailSchema, optionalPersonNameSchema } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { dutch } from './messages';

const texts = VALIDATION_TEXTS;

/** A password being chosen: 10 to 128 characters, taken as typed (no trimming). */
export const newPasswordSchema = z
  .string(dutch({ required: texts.passwordRequired }))
  .min(1, texts.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, texts.passwordTooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, texts.passwordTooLong(PASSWORD_MAX_LENGTH));

/** A password being checked: only required, so an old password is never locked out by new rules. */
function existingPasswordSchema(required: string = texts.passwordRequired) {
  return z
    .string(dutch({ required }))
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH, texts.passwordTooLong(PASSWORD_MAX_LENGTH));
}

const optionalFlag = z.boolean(dutch()).optional();

export const registerSchema = z.object(
  {
    email: emailSchema(),
    password: newPasswordSchema,
    firstName: optionalPersonNameSchema,
    lastName: optionalPersonNameSchema,
    name: optionalPersonNameSchema,
    newsletterOptIn: optionalFlag,
    /** Where the verification link leads once confirmed (a path on this site, e.g. the checkout). */
    redirect: z.string(dutch()).max(512, dutch()).optional(),
  },
  dutch(),
);

export const loginSchema = z.object(
  {
    email: emailSchema(),
    password: existingPasswordSchema(),
    rememberMe: optionalFlag,
  },
  dutch(),
);

/** POST /auth/reset-password (also POST /auth/login-link). */
export const resetPasswordRequestSchema = z.object({ email: emailSchema() }, dutch());

/** POST /auth/reset-password/{token}. */
export const resetPasswordConfirmSchema = z.object({ password: newPasswordSchema }, dutch());

export const changePasswordSchema = z
  .object(
    {
      currentPassword: existingPasswordSchema(texts.currentPasswordRequired),
      newPassword: newPasswordSchema,
    },
    dutch(),
  )
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: texts.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });

export const deleteAccountSchema = z.object({ password: existingPasswordSchema() }, dutch());

/** PUT /auth/me: every field optional; an empty name clears it. */
export const updateProfileSchema = z.object(
  {
    name: optionalPersonNameSchema,
    firstName: optionalPersonNameSchema,
    lastName: optionalPersonNameSchema,
    newsletterOptIn: optionalFlag,
  },
  dutch(),
);

export type RegisterPayload = z.input<typeof registerSchema>;
export type LoginPayload = z.input<typeof loginSchema>;
export type ResetPasswordRequestPayload = z.input<typeof resetPasswordRequestSchema>;
export type ResetPasswordConfirmPayload = z.input<typeof resetPasswordConfirmSchema>;
export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;
export type DeleteAccountPayload = z.input<typeof deleteAccountSchema>;
export type UpdateProfilePayload = z.input<typeof updateProfileSchema>;
