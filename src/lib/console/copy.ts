/**
 * Copying a command block: the async Clipboard API where the page may use it (a secure context,
 * focused), else the old select-and-execCommand way, which also works over plain http.
 */

/** What a command block copies: the prompt line(s) as typed, then the output. */
export function blockText(command: string, output: string | undefined): string {
  const lines = command.split('\n');
  const prompt = `$ ${lines[0]}${lines.length > 1 ? '\n' + lines.slice(1).join('\n') : ''}`;
  return output ? `${prompt}\n${output.replace(/\n$/, '')}\n` : `${prompt}\n`;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or not focused: try the fallback
  }
  const focused = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  focused?.focus({ preventScroll: true });
  return ok;
}
