// A StatefulSet on the map (the StatefulSet Basics tutorial): a headless Service nginx and the
// StatefulSet web; web-0 starts first, web-1 once web-0 is Ready; the Service chip links to both;
// the inspector's describe of web-0 names its StatefulSet and its claim www-web-0.
import assert from 'node:assert/strict';
import { clockMs, runInConsole, until, waitForNodes } from './helpers.mjs';

const MAP = '[data-testid="cluster-map"]';

const APP = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
EOF`;

async function advance(page, seconds) {
  const before = await clockMs(page);
  await runInConsole(page, `sim advance ${seconds}s`, /\$/);
  await until(async () => (await clockMs(page)) >= before + seconds * 1000, { message: `the clock past +${seconds}s` });
}

export async function statefulSetPodsOnTheMap({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, APP, /statefulset\.apps\/web created/);
  await advance(page, 1);
  const web0 = page.locator(`${MAP} [data-pod="default/web-0"]`);
  const web1 = page.locator(`${MAP} [data-pod="default/web-1"]`);
  await web0.waitFor({ state: 'attached' });
  // OrderedReady: web-1 does not exist while web-0 is not Ready.
  assert.equal(await web1.count(), 0);
  await advance(page, 40);
  await until(async () => (await web0.getAttribute('data-status')) === 'Running' && (await web1.getAttribute('data-status')) === 'Running', { message: 'web-0 and web-1 Running on the map' });
  const chip = page.locator(`${MAP} [data-service="default/nginx"]`);
  await until(async () => (await chip.locator('[data-service-count]').textContent()) === '2/2 ready', { message: 'the headless Service links to both pods' });
  await runInConsole(page, 'kubectl get sts web', /^web\s+2\/2\s+\d+s$/m);
  await page.waitForTimeout(800);
  await screenshot('statefulset-map');

  await web0.click();
  await page.getByRole('tab', { name: 'describe' }).click();
  const described = await until(
    async () => {
      const text = await page.getByTestId('inspector-describe').innerText();
      return /^Controlled By:\s+StatefulSet\/web$/m.test(text) ? text : undefined;
    },
    { message: 'describe of web-0 names its StatefulSet' }
  );
  assert.match(described, /ClaimName:\s+www-web-0$/m);
  assert.match(described, /^Labels:\s+app=nginx$/m);
  assert.match(described, /statefulset\.kubernetes\.io\/pod-name=web-0$/m);
  await screenshot('statefulset-inspector');
}

// The StatefulSet's history in the page's console: an image update makes revision 2, `rollout undo`
// brings the first template back as revision 3 (the same ControllerRevision, renumbered).
export async function statefulSetHistoryInTheConsole({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, APP, /statefulset\.apps\/web created/);
  await advance(page, 40);
  await runInConsole(page, 'kubectl set image sts/web nginx=registry.k8s.io/nginx-slim:0.21', /statefulset\.apps\/web image updated/);
  await advance(page, 60);
  await runInConsole(page, 'kubectl rollout history sts/web', /^statefulset\.apps\/web \nREVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>$/m);
  await runInConsole(page, 'kubectl rollout undo sts/web', /^statefulset\.apps\/web rolled back$/m);
  await advance(page, 60);
  const text = await runInConsole(page, 'kubectl get controllerrevisions', /^NAME\s+CONTROLLER\s+REVISION\s+AGE\n(web-\w+\s+statefulset\.apps\/web\s+\d\s+\S+\n?){2}/m);
  const rows = text.split('\n').filter((l) => /^web-\w+\s+statefulset\.apps\/web/.test(l)).map((l) => l.split(/\s+/)[2]);
  assert.deepEqual(rows.slice(-2).sort(), ['2', '3']);
  await runInConsole(page, 'kubectl get pods -l app=nginx -o jsonpath=\'{.items[*].spec.containers[0].image}\'', /registry\.k8s\.io\/nginx-slim:0\.24 registry\.k8s\.io\/nginx-slim:0\.24/);
  await page.waitForTimeout(500);
  await screenshot('statefulset-history-console');
}
