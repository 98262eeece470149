import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** What a zod schema offers (structurally, so this file needs no zod import of its own). */
export interface SafeParser<Out> {
  safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

/** One message per path (the first one), as react-hook-form's nested errors object. */
export function issuesToErrors<T extends FieldValues>(issues: readonly Issue[]): FieldErrors<T> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path: PropertyKey[] = issue.path.length ? [...issue.path] : ['root'];
    let node = errors;
    path.slice(0, -1).forEach((part, i) => {
      const key = String(part);
      const next = node[key];
      // Array indexes make arrays, as react-hook-form's field-array errors are.
      node = (
        next && typeof next === 'object' ? next : (node[key] = typeof path[i + 1] === 'number' ? [] : {})
      ) as Record<string, unknown>;
    });
    const last = String(path[path.length - 1]);
    const existing = node[last] as { message?: string } | undefined;
    if (existing?.message) continue;
    node[last] = { ...(existing ?? {}), type: 'schema', message: issue.message };
  }
  return errors as FieldErrors<T>;
}

/**
 * A react-hook-form resolver from a body schema of libs/contracts (CONVENTIONS "Request bodies": the form uses the
 * service's own schema and messages). `toBody` turns the form's values into the request body first; issue paths
 * are the body's paths, so the form names its fields after the body. The schema's output is what the form submits.
 */
export function schemaResolver<In extends FieldValues, Out>(
  schema: SafeParser<Out>,
  toBody: (values: In) => unknown = (v) => v,
  /** Rules the schema cannot know (e.g. relative to today), with the contracts' messages. */
  extraIssues: (values: In) => Issue[] = () => [],
): Resolver<In, unknown, Out> {
  return (values) => {
    const result = schema.safeParse(toBody(values));
    const issues = [...(result.success ? [] : result.error.issues), ...extraIssues(values)];
    if (result.success && issues.length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors: issuesToErrors<In>(issues) };
  };
}
