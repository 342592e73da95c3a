// LimitRange and ResourceQuota in the page (the controller-manager worker runs the resourcequota
// controller): a quota created from the console gets its status, holds a Deployment at 2 pods,
// and the ReplicaSet records the API server's refusal as a FailedCreate event.
import assert from 'node:assert/strict';
import { runInConsole, waitForNodes } from './helpers.mjs';

export async function aQuotaHoldsADeploymentAtTwoPods({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create quota two-pods --hard=pods=2', /resourcequota\/two-pods created/);
  await runInConsole(page, 'sim advance 1s', /\$ sim advance 1s/);
  await runInConsole(page, 'kubectl get quota', /two-pods\s+pods: 0\/2\s+\d+s/);
  await runInConsole(page, 'kubectl create deployment shop --image=nginx --replicas=3', /deployment\.apps\/shop created/);
  await runInConsole(page, 'sim advance 20s', /\$ sim advance 20s/);
  await runInConsole(page, 'kubectl get quota two-pods', /two-pods\s+pods: 2\/2/);
  const events = await runInConsole(page, 'kubectl get events --field-selector reason=FailedCreate', /Warning\s+FailedCreate\s+replicaset\/shop-\w+\s+Error creating: .*/);
  assert.match(events, /Error creating: pods "shop-\w+-\w+" is forbidden: exceeded quota: two-pods, requested: pods=1, used: pods=2, limited: pods=2/);
  await runInConsole(page, 'kubectl get deploy shop', /shop\s+2\/3\s+2\s+2\s/);
  await screenshot('quota-failedcreate');
}
