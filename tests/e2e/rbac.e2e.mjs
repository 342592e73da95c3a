// RBAC from the console: a role and its binding created with kubectl's generators, then read
// back with describe (the PolicyRule table and the subjects) as kubectl v1.32 prints them.
import assert from 'node:assert/strict';
import { runInConsole, until, waitForNodes } from './helpers.mjs';

export async function createsAndDescribesRolesAndBindings({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?autoplay=0`);
  await waitForNodes(page);
  await runInConsole(page, 'kubectl create role pod-reader --verb=get,list,watch --resource=pods,pods/log,deployments.apps', /role\.rbac\.authorization\.k8s\.io\/pod-reader created/);
  await runInConsole(page, 'kubectl create rolebinding read-pods --role=pod-reader --user=jane --serviceaccount=default:robot', /rolebinding\.rbac\.authorization\.k8s\.io\/read-pods created/);
  const role = await runInConsole(page, 'kubectl describe role pod-reader', /deployments\.apps\s+\[\]\s+\[\]\s+\[get list watch\]/);
  assert.match(role, /Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs\n\s+---------/);
  // sorted as PolicyRule.String(): `[pods/log]` before `[pods]` ('/' < ']')
  assert.match(role, /\n\s+pods\/log\s+\[\]\s+\[\]\s+\[get list watch\]\n\s+pods\s+\[\]\s+\[\]\s+\[get list watch\]\n/);
  const binding = await runInConsole(page, 'kubectl describe rolebinding read-pods', /ServiceAccount\s+robot\s+default/);
  assert.match(binding, /Role:\n\s+Kind:\s+Role\n\s+Name:\s+pod-reader\nSubjects:\n\s+Kind\s+Name\s+Namespace\n\s+----\s+----\s+---------\n\s+User\s+jane/);
  await screenshot('rbac-describe');
  // The binding in force: jane may read pods here, not delete them, and not elsewhere.
  await runInConsole(page, 'kubectl auth can-i list pods --as=jane', /^yes$/m);
  await runInConsole(page, 'kubectl delete pod nothing --as=jane', /pods "nothing" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"/);
  await runInConsole(page, 'kubectl get pods -n kube-system --as=jane', /pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"/);
  await runInConsole(page, 'kubectl auth whoami', /Groups\s+\[kubeadm:cluster-admins system:authenticated\]/);
  await screenshot('rbac-forbidden');
}

/** Lesson 13 in the page: every step run in the console, the four checks pass. */
export async function theRbacLessonPassesItsChecks({ page, baseURL, screenshot }) {
  await page.goto(`${baseURL}/?lesson=rbac`);
  const player = page.getByTestId('lesson-player');
  await player.waitFor();
  assert.equal(await player.getByRole('heading', { level: 2 }).innerText(), 'Who may do what: RBAC');
  await waitForNodes(page);
  const steps = page.getByTestId('lesson-step');
  const n = await steps.count();
  assert.equal(n, 5);
  for (let i = 0; i < n; i++) {
    const run = steps.nth(i).getByRole('button', { name: /^Run/ });
    await run.click();
    await until(async () => (await run.innerText()) === 'Run again', { timeout: 30_000, message: `step ${i + 1} to finish` });
  }
  const out = await page.getByTestId('console-output').innerText();
  assert.match(out, /is attempting to grant RBAC permissions not currently held:\n\{APIGroups:\["\*"\], Resources:\["\*"\], Verbs:\["\*"\]\}/);
  await page.getByTestId('lesson-check').click();
  await until(async () => (await page.getByTestId('lesson-check').innerText()) === 'Check', { timeout: 60_000, message: 'the checks to finish' });
  const verdicts = await page.getByTestId('lesson-verdict').allInnerTexts();
  assert.deepEqual(verdicts.map((t) => t.split('\n')[0]), ['✓', '✓', '✓', '✓'], `every check passes: ${JSON.stringify(verdicts)}`);
  assert.equal(await page.getByTestId('lesson-progress').innerText(), '5/5 steps run · 4/4 checks passed');
  await screenshot('rbac-lesson');
}
