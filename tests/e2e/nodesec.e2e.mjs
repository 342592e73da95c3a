// Security on the node, in the page: a pod with host namespaces, a hostPath volume and a
// privileged container shows "Risk" chips (the Pod Security baseline checks that forbid them)
// above its describe in the inspector, with each container's effective security context; and
// `kubectl exec ... -- id` in the console reflects runAsUser / runAsGroup / fsGroup.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const POD = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: risky
spec:
  hostNetwork: true
  hostPID: true
  securityContext:
    runAsUser: 1000
    runAsGroup: 3000
    fsGroup: 2000
  volumes:
  - name: root
    hostPath:
      path: /
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    securityContext:
      privileged: true
EOF`;

export async function riskChipsAndId({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, POD, /pod\/risky created/);
  const before = await clockMs(page);
  await runInConsole(page, 'sim advance 10s', /\$/);
  await until(async () => (await clockMs(page)) >= before + 10_000, { message: 'the clock past +10s' });
  const id = await runInConsole(page, 'kubectl exec risky -- id', /uid=1000 gid=3000 groups=2000,3000/);
  assert.match(id, /uid=1000 gid=3000 groups=2000,3000/);
  const pod = page.locator('[data-testid="cluster-map"] [data-pod="default/risky"]');
  await until(async () => (await pod.getAttribute('data-status')) === 'Running', { timeout: 30_000, message: 'risky Running on the map' });
  await pod.click();
  await page.getByRole('tab', { name: 'describe' }).click();
  const panel = page.getByTestId('pod-security');
  await panel.waitFor({ state: 'visible' });
  const chips = await panel.locator('.chip').allInnerTexts();
  assert.deepEqual(
    chips.map((c) => c.replace(/\s+/g, ' ').trim()),
    ['⚠ Risk: host namespaces · baseline', 'Risk: hostPath volumes · baseline', 'Risk: privileged · baseline'].map((c, i) => (i === 0 ? c : `⚠ ${c}`))
  );
  assert.match(await panel.innerText(), /app: uid 1000, gid 3000, groups 2000; privileged; seccomp Unconfined/);
  await screenshot('nodesec-risk-chips');
}
