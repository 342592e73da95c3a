/**
 * Every built-in lesson (src/lib/lessons/*.yaml) run as `kubarium run lesson:ID` runs it: all its
 * checks pass when its steps run, and leaving out any one of its key steps makes a check fail.
 */
import { describe, expect, it } from 'vitest';
import { builtInLessons, playScenario } from '../../bin/run-scenario';
import { parseScenario, type Scenario } from '../../src/sim/cluster/scenario';
import { readFileSync } from 'node:fs';

const lessons = await builtInLessons();

async function play(scenario: Scenario, skipSteps: number[] = []) {
  let out = '';
  const failed = await playScenario(scenario, { out: (t) => (out += t), err: (t) => (out += t) }, { skipSteps });
  return { failed, out };
}

describe('built-in lessons', () => {
  it('are the twelve topics of issue 7, in order, then RBAC', () => {
    expect(lessons.map((l) => l.id)).toEqual([
      'who-places-a-pod',
      'pod-start',
      'probes',
      'crashloopbackoff',
      'resources-qos-oom',
      'node-pressure-eviction',
      'node-dies',
      'static-pods',
      'kubelet-config-gone-wrong',
      'cri-only',
      'kubelet-api',
      'garbage-collection',
      'rbac'
    ]);
  });

  for (const lesson of lessons) {
    const parsed = parseScenario(lesson.text);
    describe(`lesson:${lesson.id}`, () => {
      it('is a valid scenario that teaches: a description, narrative on every step, a key step, hints and checks', () => {
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        const s = parsed.scenario;
        expect(s.description.length).toBeGreaterThan(80);
        for (const step of s.steps) expect(step.text.length, step.title).toBeGreaterThan(40);
        expect(s.steps.some((step) => step.key)).toBe(true);
        expect(s.hints.length).toBeGreaterThan(0);
        expect(s.checks.length).toBeGreaterThan(1);
      });
      if (!parsed.ok) return;
      const s = parsed.scenario;

      it('passes every check when its steps run', async () => {
        const { failed, out } = await play(s);
        expect(out).not.toMatch(/^FAIL/m);
        expect(out).toContain(`\n${s.checks.length}/${s.checks.length} checks passed\n`);
        expect(failed).toBe(0);
      });

      for (const [i, step] of s.steps.entries()) {
        if (!step.key) continue;
        it(`fails a check without key step ${i + 1} (${step.title})`, async () => {
          const { failed, out } = await play(s, [i + 1]);
          expect(out).toContain(`Step ${i + 1}/${s.steps.length}: ${step.title} (skipped)\n`);
          expect(failed).toBeGreaterThan(0);
          expect(out).toMatch(/^FAIL {2}.+\n {6}expected: .+\n {6}saw: {6}/m);
        });
      }
    });
  }
});

describe("the README's scenario example", () => {
  it('is valid and passes its check', async () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('title: Who places a pod ');
    const text = readme.slice(start, readme.indexOf('```', start));
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.cluster.nodes?.map((n) => n.name)).toEqual(['small', 'tuned']);
    const { failed, out } = await play(parsed.scenario);
    expect(out).toMatch(/^PASS {2}web runs on a worker/m);
    expect(failed).toBe(0);
  });
});
