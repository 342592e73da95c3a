/**
 * The commands a console line may start with on the learner's machine (host-shell.ts): busybox's
 * applets, the host's binaries (curl) and the shell's own words. A plain list, so that a scenario's
 * validation (scenario.ts, which the page loads with the lessons) does not carry the shell; a
 * unit test keeps it equal to the applet and binary tables.
 */
export const HOST_COMMANDS: ReadonlySet<string> = new Set([
  '[', 'base64', 'basename', 'cat', 'chmod', 'chown', 'cp', 'curl', 'cut', 'date', 'dd', 'df', 'dirname', 'echo', 'env', 'expr', 'false', 'free', 'grep', 'head', 'hostname', 'httpd', 'id', 'ln', 'ls', 'mkdir', 'mv', 'nc', 'nslookup', 'ping', 'printenv', 'printf', 'ps', 'pwd', 'rm', 'sed', 'seq', 'sleep', 'sort', 'sync', 'tail', 'tar', 'tee', 'test', 'touch', 'tr', 'true', 'uname', 'uniq', 'wc', 'wget', 'which', 'whoami', 'yes'
]);

/** The shell's own words a line may start with (ash builtins and keywords). */
export const HOST_SHELL_WORDS: ReadonlySet<string> = new Set(['cd', 'export', 'for', 'while', 'if', 'set', 'unset', 'read', 'exit']);

export function isHostCommand(head: string): boolean {
  return HOST_COMMANDS.has(head) || HOST_SHELL_WORDS.has(head);
}
