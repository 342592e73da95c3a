// The console as a terminal: Tab completes types and names from the live cluster, output is
// coloured by meaning (kubecolor-style), each block copies, and a `kubectl get pods -w` pinned
// next to the map keeps its table live while the deployment scales.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

const input = (page) => page.getByTestId('console-input');

/** Types `text` in the console input, presses Tab `tabs` times and returns the input's value. */
async function typeAndTab(page, text, tabs = 1) {
  const el = input(page);
  await el.click();
  await el.fill(text);
  for (let i = 0; i < tabs; i++) await el.press('Tab');
  return el.inputValue();
}

async function shots(page, screenshot, name) {
  for (const theme of ['light', 'dark']) {
    const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
    if (current !== theme) await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    await page.waitForTimeout(300);
    await screenshot(`${name}-${theme}`);
    await page.screenshot({ path: `/tmp/console-${name}-${theme}.png` });
  }
}

export async function completesColoursCopiesAndPins({ page, context, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await page.getByRole('tab', { name: 'Console' }).click();

  // A short name completes to its resource, inline.
  assert.equal(await typeAndTab(page, 'kubectl get po'), 'kubectl get pods ');
  // Several candidates: the first Tab completes their common prefix, the second lists them.
  assert.equal(await typeAndTab(page, 'kubectl get p', 2), 'kubectl get p');
  const listed = await page.getByTestId('completions').locator('li').allInnerTexts();
  assert.deepEqual(listed, ['persistentvolumeclaims', 'persistentvolumes', 'poddisruptionbudgets', 'pods', 'priorityclasses']);
  // A listed candidate can be picked with the pointer (touch screens have no Tab key).
  await page.getByTestId('completions').getByRole('button', { name: 'pods', exact: true }).click();
  assert.equal(await input(page).inputValue(), 'kubectl get pods ');
  assert.equal(await page.getByTestId('completions').count(), 0);
  // A node name after `sim node`.
  assert.equal(await typeAndTab(page, 'sim node poweroff worker-2'), 'sim node poweroff worker-2 ');

  // A pod name from the live cluster.
  await runInConsole(page, 'kubectl create deployment web --image=nginx --replicas=1', /deployment\.apps\/web created/);
  await runInConsole(page, 'kubectl run oops --image=busybox --restart=Always -- false', /pod\/oops created/);
  await runInConsole(page, 'sim advance 40s', /\$ sim advance 40s/);
  const webPod = (await runInConsole(page, 'kubectl get pods -o name', /pod\/web-\S+/)).match(/pod\/(web-\S+)/)[1];
  assert.equal(await typeAndTab(page, 'kubectl describe pods web'), `kubectl describe pods ${webPod} `);
  // Tab inside a heredoc's body indents.
  assert.equal(await typeAndTab(page, 'kubectl apply -f - <<EOF\nspec:\n'), 'kubectl apply -f - <<EOF\nspec:\n  ');
  await input(page).fill('');

  // Colour: the header row, Running in green, the failing pod in red; the words carry the meaning too.
  await runInConsole(page, 'kubectl get pods', /oops\s+0\/1\s+(CrashLoopBackOff|Error)/);
  const last = page.getByTestId('console-entry').last();
  assert.match(await last.locator('[data-tone="header"]').first().innerText(), /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
  assert.equal(await last.locator('[data-tone="ok"]', { hasText: 'Running' }).count(), 1);
  assert.match(await last.locator('[data-tone="bad"]').first().innerText(), /^(CrashLoopBackOff|Error)$/);
  const colours = await last.evaluate((el) => ({
    ok: getComputedStyle(el.querySelector('[data-tone="ok"]')).color,
    bad: getComputedStyle(el.querySelector('[data-tone="bad"]')).color,
    plain: getComputedStyle(el.querySelector('pre.output')).color
  }));
  assert.notEqual(colours.ok, colours.plain);
  assert.notEqual(colours.bad, colours.ok);
  // No markup from output: a pod table has only spans of text.
  assert.equal(await last.locator('pre.output *:not(span)').count(), 0);

  // Copy: keyboard-reachable, copies the command and its output.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const copy = last.getByTestId('copy');
  await copy.focus();
  await page.keyboard.press('Enter');
  await until(async () => (await copy.getAttribute('data-label')) === 'Copied', { message: 'the Copy button to say Copied' });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^\$ kubectl get pods\nNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\n/);
  assert.match(copied, new RegExp(`\\n${webPod}\\s+1/1\\s+Running`));

  // Pin `kubectl get pods -w`: the table shows next to the map and follows the cluster.
  await runInConsole(page, 'kubectl get pods -w', /\$ kubectl get pods -w\nNAME/);
  await page.getByTestId('console-entry').last().getByTestId('pin').click();
  const pinned = page.getByTestId('pinned-table');
  await until(async () => (await pinned.innerText()).includes(webPod), { message: 'the pinned table to list the web pod' });
  assert.match(await page.getByTestId('pinned-watch').locator('code').innerText(), /^kubectl get pods -w$/);
  const mapBox = await page.getByTestId('cluster-map').boundingBox();
  const pinBox = await page.getByTestId('pinned-watch').boundingBox();
  assert.ok(pinBox.x >= mapBox.x + mapBox.width - 1, 'the pinned watch sits beside the map, not over it');

  await page.getByTestId('console-input').click();
  await page.keyboard.press('Control+c');
  await runInConsole(page, 'kubectl scale deployment web --replicas=4', /deployment\.apps\/web scaled/);
  await runInConsole(page, 'sim advance 30s', /\$ sim advance 30s\n?[\s\S]*$/);
  const names = (await runInConsole(page, 'kubectl get pods -o name', /(pod\/web-\S+(\s+|$)){4}/)).match(/pod\/web-\S+/g).map((n) => n.slice(4));
  const fresh = [...new Set(names)].filter((n) => n !== webPod);
  assert.equal(fresh.length, 3, `three new pods: ${fresh}`);
  await until(
    async () => {
      const text = await pinned.innerText();
      return fresh.every((n) => new RegExp(`^${n}\\s+1/1\\s+Running\\s`, 'm').test(text));
    },
    { message: 'the pinned table to show the three new pods Running' }
  );
  assert.equal(await pinned.locator('[data-tone="ok"]', { hasText: 'Running' }).count(), 4);

  // Live at 100x (AGE turns 100 times a wall second), but printed at most 4 times a wall second.
  const watch = page.getByTestId('pinned-watch');
  await page.getByRole('combobox', { name: /^Speed/ }).selectOption('100');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(500);
  const before = { prints: Number(await watch.getAttribute('data-prints')), at: Date.now() };
  await page.waitForTimeout(3000);
  const prints = Number(await watch.getAttribute('data-prints')) - before.prints;
  const seconds = (Date.now() - before.at) / 1000;
  console.log(`     pinned watch at 100x: ${prints} prints in ${seconds.toFixed(1)} s`);
  assert.ok(prints <= Math.ceil(seconds * 4) + 1, `${prints} prints in ${seconds} s: at most 4 per second`);
  assert.ok(prints >= seconds * 2, `${prints} prints in ${seconds} s: it keeps up`);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await shots(page, screenshot, 'desktop');

  // The pin survives more commands, and closes.
  await runInConsole(page, 'kubectl get nodes', /worker-2\s+Ready/);
  assert.equal(await page.getByTestId('pinned-watch').count(), 1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shots(page, screenshot, 'phone');
  const phonePin = await page.getByTestId('pinned-watch').boundingBox();
  assert.ok(phonePin.width > 300 && phonePin.y > 0, 'the pinned watch stays on screen on a phone');

  // The pin is remembered across a reload (the autosave restores the cluster, its pods included), until closed.
  await page.reload();
  await waitForNodes(page);
  await until(async () => /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/m.test(await pinned.innerText()), { message: 'the pin restored after a reload' });
  assert.equal(await page.getByTestId('pinned-watch').locator('code').innerText(), 'kubectl get pods -w');
  await page.getByRole('button', { name: 'Close the pinned watch' }).click();
  assert.equal(await page.getByTestId('pinned-watch').count(), 0);
  await page.reload();
  await waitForNodes(page);
  await page.waitForTimeout(1000);
  assert.equal(await page.getByTestId('pinned-watch').count(), 0);
}

/**
 * `kubectl exec -it POD -- sh`: the console's prompt becomes the container's (`/ # `), lines run
 * in the container (cd carries over, kubectl is not there), `exit` brings `$` back; pipes into
 * base64 and a Secret read back work from the console too.
 */
export async function shellInAContainer({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run box --image=busybox -- sleep 1d', /pod\/box created/);
  await runInConsole(page, 'sim advance 15s', /\$ sim advance 15s/);
  await until(async () => (await page.locator('[data-testid="cluster-map"] [data-pod="default/box"]').getAttribute('data-status')) === 'Running', { message: 'box Running' });
  const prompt = page.getByTestId('console-prompt');
  assert.equal(await prompt.innerText(), '$');
  await runInConsole(page, 'kubectl exec -it box -- sh', /\$ kubectl exec -it box -- sh/);
  await until(async () => (await prompt.innerText()) === '/ #', { message: "the container's prompt" });
  assert.match(await input(page).getAttribute('placeholder'), /exit to leave the container/);
  await runInConsole(page, 'cd /etc', /\/ # cd \/etc/);
  await until(async () => (await prompt.innerText()) === '/etc #', { message: 'cd carried over' });
  await runInConsole(page, 'cat hostname', /\/etc # cat hostname\s+box/);
  await runInConsole(page, 'kubectl get pods', /sh: kubectl: not found/);
  await screenshot('shell');
  await runInConsole(page, 'exit', /\/etc # exit/);
  await until(async () => (await prompt.innerText()) === '$', { message: 'back at the console' });
  await runInConsole(page, 'kubectl create secret generic db --from-literal=password=s3cr3t', /secret\/db created/);
  const text = await runInConsole(page, "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d", /base64 -d\s+s3cr3t/);
  assert.ok(!/error/.test(text.slice(text.lastIndexOf('base64 -d'))), text);
}

/** `kubectl debug -it`: an ephemeral container joins a running pod; the console attaches to its shell (the pod's network, the pod's hostname). */
export async function debugsAPodWithAnEphemeralContainer({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run web --image=nginx:1.27', /pod\/web created/);
  await runInConsole(page, 'sim advance 15s', /\$ sim advance 15s/);
  await until(async () => (await page.locator('[data-testid="cluster-map"] [data-pod="default/web"]').getAttribute('data-status')) === 'Running', { message: 'web Running' });
  const prompt = page.getByTestId('console-prompt');
  await runInConsole(page, 'kubectl debug web -it --image=busybox --profile=general', /Defaulting debug container name to debugger-\w{5}\.\s+If you don't see a command prompt, try pressing enter\./, 30000);
  await until(async () => (await prompt.innerText()) === '/ #', { message: "the debug container's prompt" });
  await runInConsole(page, 'wget -qO- http://localhost | grep title', /<title>Welcome to nginx!<\/title>/, 30000);
  await runInConsole(page, 'hostname', /\/ # hostname\s+web/);
  // The map marks the pod while its ephemeral container runs; READY stays the pod's own 1/1.
  const tag = page.locator('[data-testid="cluster-map"] [data-pod="default/web"] .debug-tag');
  await until(async () => /^debugger-\w{5}$/.test((await tag.getAttribute('data-debugging').catch(() => null)) ?? ''), { message: 'the dbg tag on web' });
  assert.match(await page.locator('[data-testid="cluster-map"] [data-pod="default/web"]').getAttribute('aria-label'), /1\/1 ready, debugged by ephemeral container debugger-\w{5}/);
  await screenshot('debug');
  await page.screenshot({ path: '/tmp/console-debug.png' });
  await runInConsole(page, 'exit', /Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c debugger-\w{5} -i -t' if it is still running/, 30000);
  await until(async () => (await prompt.innerText()) === '$', { message: 'back at the console' });
  await runInConsole(page, 'sim advance 5s', /\$ sim advance 5s/);
  await runInConsole(page, "kubectl get pod web -o jsonpath='{.status.ephemeralContainerStatuses[0].state.terminated.reason}'", /jsonpath=.*\s+Completed/);
  await until(async () => (await tag.count()) === 0, { message: 'the dbg tag gone once the debugger ended' });
}

/**
 * `kubectl port-forward pod/web 8080:80`, then curl on the learner's machine: the page prints what
 * kubectl prints ("Forwarding from", "Handling connection for 8080"), curl shows nginx's page, the
 * pod's sequence tab has the CRI PortForward call, and Ctrl-C closes the listener (curl refused).
 */
export async function portForwardAndCurl({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl run web --image=nginx:1.27', /pod\/web created/);
  await runInConsole(page, 'sim advance 15s', /\$ sim advance 15s/);
  const pod = page.locator('[data-testid="cluster-map"] [data-pod="default/web"]');
  await until(async () => (await pod.getAttribute('data-status').catch(() => null)) === 'Running', { message: 'web Running' });
  await runInConsole(page, 'kubectl port-forward pod/web 8080:80', /\$ kubectl port-forward pod\/web 8080:80\s+Forwarding from 127\.0\.0\.1:8080 -> 80\s+Forwarding from \[::1\]:8080 -> 80/);
  await runInConsole(page, 'curl -s localhost:8080 | grep title', /\$ curl -s localhost:8080 \| grep title\s+Handling connection for 8080\s+<title>Welcome to nginx!<\/title>/, 30_000);
  await pod.click();
  await page.getByRole('tab', { name: 'sequence' }).click();
  await until(async () => (await page.locator('[data-testid="sequence-row"]').allInnerTexts()).some((t) => /PortForward/.test(t)), { message: 'a PortForward row in the sequence tab' });
  await screenshot('port-forward');
  // Ctrl-C in the console stops the forward: the port refuses again.
  const input = page.getByTestId('console-input');
  await input.click();
  await input.press('Control+c');
  await runInConsole(page, 'curl localhost:8080', /\^C[\s\S]*\$ curl localhost:8080\s+curl: \(7\) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server/);
}
