import * as v from 'valibot';

/** "product.slug: must be a plain path slug" from a valibot issue. */
export function describeIssue(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'invalid';
  const path = v.getDotPath(issue);
  return path ? `field "${path}": ${issue.message}` : issue.message;
}
