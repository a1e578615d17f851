import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@syrx/contracts/errors';
import { newPasswordSchema, passwordMessages, passwordRules } from '@syrx/contracts/passwords';

/**
 * The server's half of the rule for a password someone sets (the length is in @syrx/contracts/passwords, which the
 * forms share): refuse the passwords an attacker tries first. zxcvbn-ts with its common dictionary (the ~50,000 most
 * used passwords, keyboard walks, repeats, sequences, dates, l33t) estimates the guesses a cracker needs; below 10^8
 * (zxcvbn's score 3, "safely unguessable" for an online attack) the password counts as too common.
 * Every place that sets a password calls this: registration now; setting, resetting and changing a password later.
 */
const minimumScore = 3;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use (~50 ms): the dictionary is only needed where a password is set.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: passwordRules.maxLength });
  return estimator;
}

/** What is wrong with a new password (the message to show under its field), or null when it may be used. */
export function newPasswordProblem(password: string): string | null {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? passwordMessages.tooShort;
  return zxcvbn().check(password).score < minimumScore ? passwordMessages.tooCommon : null;
}

/** Throws a 400 naming `field` (the request's name for it) when the new password may not be used. */
export function assertAcceptableNewPassword(password: string, field = 'password'): void {
  const problem = newPasswordProblem(password);
  if (problem !== null) throw AppError.badRequest(problem, [{ field, message: problem }]);
}
