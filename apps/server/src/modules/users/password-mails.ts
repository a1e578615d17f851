import { passwordLinkLifetimes } from '@syrx/contracts/passwords';
import type { Mail } from '../../lib/mailer.ts';

/** The invitation an administrator sends: a link to choose a password (spec: issue 21). */
export function invitationMail(m: { to: string; firstName: string; inviter: string; link: string }): Mail {
  return {
    to: m.to,
    subject: 'You are invited to Syrx Console',
    text:
      `Hello ${m.firstName},\n\n${m.inviter} has invited you to Syrx Console. Choose your password through this link:\n\n${m.link}\n\n` +
      `The link can be used once and is valid for ${passwordLinkLifetimes.invitationDays} days. Your username is your e-mail address (${m.to}).`,
  };
}

/** The answer to "Forgot password?": a link to choose a new password. */
export function resetMail(m: { to: string; firstName: string; username: string; link: string }): Mail {
  return {
    to: m.to,
    subject: 'Choose a new Syrx Console password',
    text:
      `Hello ${m.firstName || m.username},\n\nsomeone (we hope you) asked to choose a new password for your Syrx Console account ` +
      `(username ${m.username}). Choose it through this link:\n\n${m.link}\n\nThe link can be used once and is valid for ` +
      `${passwordLinkLifetimes.resetHours} hour. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  };
}
