import { EMAIL_PATTERN, fboNameSchema, fboPhoneSchema } from '@rampquote/contracts';

/** Checks one line of an FBO directory CSV with the admin FBO form's rules; the reasons a bad line is skipped. */
export function checkFboLine(
  airport: string,
  name: string,
  email: string,
  phone: string,
): { reasons: string[]; phone: string | null } {
  const reasons: string[] = [];
  if (!airport) reasons.push('Missing airport');
  if (!name) reasons.push('Missing name');
  else {
    const checkedName = fboNameSchema.safeParse(name);
    if (!checkedName.success) reasons.push(checkedName.error.issues[0].message);
  }
  if (!EMAIL_PATTERN.test(email.toLowerCase())) reasons.push(`Invalid e-mail "${email}"`);
  const checkedPhone = fboPhoneSchema.safeParse(phone);
  if (!checkedPhone.success) reasons.push(checkedPhone.error.issues[0].message);
  return { reasons, phone: checkedPhone.success ? checkedPhone.data : null };
}
