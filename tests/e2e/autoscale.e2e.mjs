// kubectl autoscale in the page: the cluster runs in Web Workers (the controller manager in its own),
// and the HPA reads its pods' usage from the kubelet pool worker, so a busy Deployment's HPA shows a
// utilization and rescales once the clock has run a minute. Screenshot of the console.
import assert from 'node:assert/strict';
import { runInConsole, waitForNodes } from './helpers.mjs';

export async function anHpaScalesABusyDeploymentInThePage({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, "kubectl create deployment spin --image=busybox -- sh -c 'while true; do :; done'", /deployment\.apps\/spin created/);
  await runInConsole(page, 'kubectl set resources deployment spin --requests=cpu=100m --limits=cpu=100m', /resource requirements updated|error/);
  await runInConsole(page, 'kubectl autoscale deployment spin --cpu-percent=50 --max=4', /horizontalpodautoscaler\.autoscaling\/spin autoscaled/);
  await runInConsole(page, 'sim advance 90s', /\$ sim advance 90s/);
  const out = await runInConsole(page, 'kubectl get hpa spin', /spin\s+Deployment\/spin\s+cpu: \d+%\/50%/, 30_000);
  const row = /spin\s+Deployment\/spin\s+cpu: (\d+)%\/50%\s+1\s+4\s+(\d+)/.exec(out.slice(out.lastIndexOf('$ kubectl get hpa spin')));
  assert.ok(row, 'a get hpa row with a utilization');
  assert.ok(Number(row[2]) > 1, `the HPA scaled the busy deployment up: ${row[2]} replicas`);
  await runInConsole(page, 'kubectl get events --field-selector reason=SuccessfulRescale', /SuccessfulRescale\s+horizontalpodautoscaler\/spin\s+New size: \d+; reason: cpu resource utilization \(percentage of request\) above target/);
  await screenshot('autoscale-console');
}
