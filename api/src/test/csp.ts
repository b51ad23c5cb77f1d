/**
 * A Content-Security-Policy header's directives by name, each with its values in order, for
 * tests that check the policy (docs/architecture.md#one-origin).
 */
export function cspDirectives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}
