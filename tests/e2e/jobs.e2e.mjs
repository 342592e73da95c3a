// Jobs in the page: `kubectl create job` from the console runs its pod to completion on the map,
// and a pinned `kubectl get jobs -w` (the page mirrors Jobs) follows it from Running to Complete.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

export async function jobRunsToCompletionAndItsPinnedTableFollows({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await page.getByRole('tab', { name: 'Console' }).click();
  await runInConsole(page, 'kubectl create job hello --image=busybox -- sh -c "echo hello; sleep 20"', /job\.batch\/hello created/);
  await runInConsole(page, 'kubectl get jobs -w', /hello\s+Running\s+0\/1/);
  await page.getByTestId('console-entry').last().getByTestId('pin').click();
  const pinned = page.getByTestId('pinned-table');
  await until(async () => /hello\s+Running\s+0\/1/.test(await pinned.innerText()), { message: 'the pinned table to list the running Job' });
  await screenshot('jobs-running');
  await runInConsole(page, 'sim advance 30s', /\$ sim advance 30s/);
  await until(async () => /hello\s+Complete\s+1\/1/.test(await pinned.innerText()), { message: 'the pinned table to show the Job Complete' });
  // The first pod's log, as `kubectl logs job/NAME` picks it.
  await runInConsole(page, 'kubectl logs job/hello', /\$ kubectl logs job\/hello\nhello(\n|$)/);
  assert.equal(await page.getByTestId('pinned-watch').locator('code').innerText(), 'kubectl get jobs -w');
  await screenshot('jobs-complete');
}
